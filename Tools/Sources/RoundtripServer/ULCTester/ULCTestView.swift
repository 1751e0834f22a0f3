/// The JSON shape of a run: `{"id", "target", "kind", "link", "status", "elapsed_ms", "created_at", "callback_query"}`.
/// Lists leave `link` out: it holds the callback token.
struct ULCTestView: Encodable, Sendable {
    let id: String
    let target: String
    let kind: String
    let link: String?
    let status: String
    let elapsedMilliseconds: Int64
    let createdAt: Int64
    let callbackQuery: String?

    init(_ test: ULCTest, tester: ULCTester, includesLink: Bool = true) {
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
