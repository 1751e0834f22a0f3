import Foundation
import Hummingbird

/// The tester's JSON API and its callback URLs.
///
/// - `POST /api/ulc-tests` `{"target": "https://…"}` → 201 `{"id", "link", "status": "pending", …}`:
///   the only answer that carries `link`, whose callback token lets its holder answer the run
/// - `GET /api/ulc-tests` → `{"tests": [...]}`, newest first (`?limit=`, 1…500, default 50), no links
/// - `GET /api/ulc-tests/{id}` → `{"id", "target", "status", "elapsed_ms", …}`, no link
/// - `GET /cb/{token}/{success|error|cancel}` → records the first callback, shows a plain page
struct ULCTestRoutes: Sendable {
    let tester: ULCTester

    /// The largest request body the API reads.
    static let maximumBody = 16 * 1024

    func register<Context: RequestContext>(on router: Router<Context>) {
        router.post("/api/ulc-tests") { request, context in try await create(request, context: context) }
        router.get("/api/ulc-tests") { request, _ in try await list(request) }
        router.get("/api/ulc-tests/:id") { _, context in try await show(id: try context.parameters.require("id")) }
        router.get("/cb/:token/:outcome") { request, context in
            try await callback(request, token: try context.parameters.require("token"), outcome: try context.parameters.require("outcome"))
        }
    }

    private struct CreateBody: Decodable {
        let target: String
    }

    private struct ListBody: Encodable {
        let tests: [ULCTestView]
    }

    func create(_ request: Request, context: some RequestContext) async throws -> Response {
        let body: ByteBuffer
        do {
            body = try await request.body.collect(upTo: Self.maximumBody)
        } catch {
            throw APIError.tooLarge("the body is larger than \(Self.maximumBody / 1024) KiB")
        }
        let decoded: CreateBody
        do {
            decoded = try JSONDecoder().decode(CreateBody.self, from: Data(buffer: body))
        } catch {
            throw APIError.invalidJSON("the body must be a JSON object {\"target\": \"https://…\"}")
        }
        let test = try await tester.start(target: decoded.target)
        context.logger.info("tester run created", metadata: ["id": "\(test.id)", "kind": "\(test.kind.rawValue)"])
        return JSONResponse.make(ULCTestView(test, tester: tester, includesLink: true), status: .created)
    }

    func list(_ request: Request) async throws -> Response {
        let limit = request.uri.queryParameters["limit"].flatMap { Int($0) } ?? 50
        let tests = try await tester.recent(limit: limit)
        return JSONResponse.make(ListBody(tests: tests.map { ULCTestView($0, tester: tester) }))
    }

    func show(id: String) async throws -> Response {
        guard let test = try await tester.test(id: id) else {
            throw APIError.notFound("no tester run has the id '\(id)'")
        }
        return JSONResponse.make(ULCTestView(test, tester: tester))
    }

    func callback(_ request: Request, token: String, outcome text: String) async throws -> Response {
        guard let outcome = CallbackOutcome(rawValue: text),
            let (test, isFirst) = try await tester.record(token: token, outcome: outcome, query: request.uri.query)
        else {
            return CallbackPage.unknown().response(status: .notFound)
        }
        return CallbackPage(test: test, outcome: outcome, status: tester.status(of: test), isFirst: isFirst, elapsed: tester.elapsed(of: test))
            .page.response()
    }
}
