import Hummingbird

/// Probes for orchestrators and load balancers:
///
/// - `GET /healthz` → 200 `{"status": "ok"}` while the process serves requests (liveness: it
///   never touches the database, so a database outage does not get the instance restarted);
/// - `GET /readyz` → 200 `{"status": "ready"}` when the store takes a write within a second
///   (``ULCTestStore/ping()`` writes one row: a full disk or a held lock is not ready), else 503
///   `{"status": "unavailable", "error": {"code": "store-unavailable", …}}` (readiness: take the
///   instance out of rotation until its database returns).
struct HealthRoutes: Sendable {
    let store: any ULCTestStore

    /// How long readiness waits for the store.
    static let readinessLimit: Duration = .seconds(1)

    private struct Status: Encodable {
        let status: String
    }

    private struct Unavailable: Encodable {
        struct Detail: Encodable {
            let code: String
            let message: String
        }

        let status = "unavailable"
        let error: Detail
    }

    func register<Context: RequestContext>(on router: Router<Context>) {
        router.get("/healthz") { _, _ in JSONResponse.make(Status(status: "ok")) }
        router.get("/readyz") { _, context in
            let store = store
            do {
                try await StoreDeadline.run(within: Self.readinessLimit) { try await store.ping() }
                return JSONResponse.make(Status(status: "ready"))
            } catch {
                context.logger.warning("not ready", metadata: ["reason": "\(error)"])
                let detail = Unavailable.Detail(code: APIError.storeUnavailable.code, message: APIError.storeUnavailable.message)
                return JSONResponse.make(Unavailable(error: detail), status: .serviceUnavailable)
            }
        }
    }
}
