import Hummingbird

/// Probes for orchestrators and load balancers:
///
/// - `GET /healthz` → 200 `{"status": "ok"}` while the process serves requests (liveness: it
///   never touches the database, so a database outage does not get the instance restarted);
/// - `GET /readyz` → 200 `{"status": "ready"}` when the store takes a write within the server's
///   readiness limit, a second by default (``ULCTestStore/ping()`` writes one row: a full disk or a held lock is not ready), else 503
///   `{"status": "unavailable", "error": {"code": "store-unavailable", …}}` (readiness: take the
///   instance out of rotation until its database returns). The answer is kept for a second and
///   shared by the probes that arrive meanwhile, so however often `/readyz` is asked, the store
///   takes at most one write a second for it.
struct HealthRoutes: Sendable {
    let probe: ReadinessProbe

    init(store: any ULCTestStore, clock: ServerClock, limit: Duration) {
        probe = ReadinessProbe(store: store, clock: clock, limit: limit)
    }

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
            if let failure = await probe.check() {
                context.logger.warning("not ready", metadata: ["reason": "\(failure)"])
                let detail = Unavailable.Detail(code: APIError.storeUnavailable.code, message: APIError.storeUnavailable.message)
                return JSONResponse.make(Unavailable(error: detail), status: .serviceUnavailable)
            }
            return JSONResponse.make(Status(status: "ready"))
        }
    }
}

/// The store's readiness, asked at most once a second: one ping at a time, its answer shared by
/// every probe that arrives while it runs and kept for a second after.
actor ReadinessProbe {
    private let store: any ULCTestStore
    private let clock: ServerClock
    /// How long a ping may take before the store counts as not answering.
    private let limit: Duration
    /// The last answer (`nil` when ready, else why not) and when it was asked, in milliseconds.
    private var last: (at: Int64, failure: String?)?
    private var running: Task<String?, Never>?
    /// How long an answer is kept.
    static let freshFor: Int64 = 1000

    init(store: any ULCTestStore, clock: ServerClock, limit: Duration) {
        self.store = store
        self.clock = clock
        self.limit = limit
    }

    /// `nil` when the store takes a write within the limit, else why not.
    func check() async -> String? {
        let now = clock.milliseconds
        if let last, now - last.at < Self.freshFor, now >= last.at { return last.failure }
        if let running { return await running.value }
        let store = store
        let limit = limit
        let task = Task { () -> String? in
            do {
                try await StoreDeadline.run(within: limit) { try await store.ping() }
                return nil
            } catch {
                return "\(error)"
            }
        }
        running = task
        let failure = await task.value
        last = (clock.milliseconds, failure)
        running = nil
        return failure
    }
}
