/// The JSON shape of a run: `{"id", "target", "kind", "link", "status", "elapsed_ms", "created_at", "callback_query"}`.
/// Only the creation answer carries `link`: it holds the run's callback token, so whoever may read
/// a run (the list, `GET /api/ulc-tests/{id}`) could otherwise answer it in the tester's place.
struct ULCTestView: Encodable, Sendable {
    let id: String
    let target: String
    let kind: String
    let link: String?
    let status: String
    let elapsedMilliseconds: Int64
    let createdAt: Int64
    let callbackQuery: String?

    init(_ test: ULCTest, tester: ULCTester, includesLink: Bool = false) {
        id = test.id
        target = test.target
        kind = test.kind.rawValue
        link = includesLink ? test.link : nil
        status = tester.status(of: test).rawValue
        elapsedMilliseconds = tester.elapsed(of: test)
        createdAt = test.createdAt
        callbackQuery = test.callbackQuery
    }

    enum CodingKeys: String, CodingKey {
        case id, target, kind, link, status
        case elapsedMilliseconds = "elapsed_ms"
        case createdAt = "created_at"
        case callbackQuery = "callback_query"
    }
}
