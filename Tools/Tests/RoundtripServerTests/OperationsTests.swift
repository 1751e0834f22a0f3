import Foundation
import HTTPTypes
import HummingbirdTesting
import Roundtrip
import RoundtripServer
import Testing

/// What an operations team and a reviewer use: probes, request IDs, a store outage answered 503,
/// and the inspector as a link.
@Suite("Operations")
struct OperationsTests {
    /// A store whose database is away: every operation throws ``StoreUnavailableError``.
    struct UnavailableStore: ULCTestStore {
        func insert(_ test: ULCTest) async throws { throw StoreUnavailableError("down") }
        func test(id: String) async throws -> ULCTest? { throw StoreUnavailableError("down") }
        func test(token: String) async throws -> ULCTest? { throw StoreUnavailableError("down") }
        func recordOutcome(token: String, outcome: CallbackOutcome, at time: Int64, query: String?) async throws -> Bool {
            throw StoreUnavailableError("down")
        }
        func recent(limit: Int) async throws -> [ULCTest] { throw StoreUnavailableError("down") }
        func deleteCreated(before time: Int64) async throws -> Int { throw StoreUnavailableError("down") }
        func ping() async throws { throw StoreUnavailableError("down") }
    }

    static let requestID = HTTPField.Name("X-Request-ID")!

    @Test("/healthz is 200 ok; /readyz is 200 ready when the store answers")
    func probes() async throws {
        // The store answers; only how fast depends on the machine. A test run that shares two
        // cores with a few hundred other tests can hold one SQLite write past the production
        // second, so this test gives the write more time: it is about the answer, not the speed.
        try await ServerFixture.app(configure: { $0.readinessLimit = .seconds(30) }).test(.router) { client in
            let health = try await client.get("/healthz")
            #expect(health.status == .ok)
            #expect(health.text == #"{"status":"ok"}"#)
            let ready = try await client.get("/readyz")
            #expect(ready.status == .ok)
            #expect(ready.text == #"{"status":"ready"}"#)
        }
    }

    @Test("with the database away: /readyz and every tester request are 503 with a JSON error; AASA and /healthz go on")
    func storeAway() async throws {
        try await ServerFixture.app(store: UnavailableStore()).test(.router) { client in
            let ready = try await client.get("/readyz")
            #expect(ready.status == .serviceUnavailable)
            #expect(ready.json["status"] as? String == "unavailable")
            #expect(ready.errorCode == "store-unavailable")
            for response in [
                try await client.post("/api/ulc-tests", json: #"{"target": "https://terminal.example.com/logout"}"#),
                try await client.get("/api/ulc-tests"),
                try await client.get("/api/ulc-tests/abc"),
                try await client.get("/cb/token/success"),
                try await client.get("/tests"),
            ] {
                #expect(response.status == .serviceUnavailable)
                #expect(response.errorCode == "store-unavailable")
                #expect(response.headers[.contentType]?.hasPrefix("application/json") == true)
            }
            #expect(try await client.get("/healthz").status == .ok)
            let aasa = try await client.get("/.well-known/apple-app-site-association", headers: [.hostHeader: "terminal.example.com"])
            #expect(aasa.status == .ok)
        }
    }

    @Test("a request's X-Request-ID is echoed; one is made when absent, errors included")
    func requestIDs() async throws {
        try await ServerFixture.app().test(.router) { client in
            let given = try await client.get("/healthz", headers: [Self.requestID: "lb-1234"])
            #expect(given.headers[Self.requestID] == "lb-1234")
            let made = try await client.get("/healthz")
            let id = try #require(made.headers[Self.requestID])
            #expect(id.count == 16 && id.allSatisfy(\.isHexDigit))
            let missing = try await client.get("/api/ulc-tests/nope")
            #expect(missing.status == .notFound)
            #expect(missing.headers[Self.requestID]?.count == 16)
            let hostile = try await client.get("/healthz", headers: [Self.requestID: String(repeating: "x", count: 200)])
            #expect(hostile.headers[Self.requestID]?.count == 16)
        }
    }

    @Test(
        "the inspector as a link: /inspect?url=…&spec=… fills in the form and decides",
        arguments: [
            ("Card%20Terminal", "<h2>Accepted</h2>"),
            ("card%20terminal", "<h2>Accepted</h2>"),
            ("0", "<h2>Accepted</h2>"),
            ("Nope", "No loaded spec is named 'Nope' (loaded: Card Terminal)"),
        ]
    )
    func inspectorLink(spec: String, shows: String) async throws {
        let url = "com-example-terminal://charge/1.0.0/?amount=10.50&returnURL=pos-app%3A%2F%2Fcharge-result"
        try await ServerFixture.app().test(.router) { client in
            let response = try await client.get("/inspect?url=\(QueryCodec.encodeComponent(url))&spec=\(spec)")
            #expect(response.status == .ok)
            #expect(response.text.contains(shows), "\(response.text)")
            if shows.contains("Accepted") {
                #expect(response.text.contains("value=\"com-example-terminal://charge/1.0.0/?amount=10.50&amp;returnURL="))
                #expect(response.text.contains("id=\"permalink\" href=\"/inspect?url=com-example-terminal%3A%2F%2Fcharge"))
                #expect(response.text.contains("&amp;spec=Card%20Terminal\""))
            }
        }
    }

    @Test("a rejected decision is a link too, and a link without url shows the empty form")
    func inspectorRejectLink() async throws {
        try await ServerFixture.app().test(.router) { client in
            let url = "com-example-terminal://charge/1.0.0/?amount=10&returnURL=javascript%3Aalert(1)"
            let rejected = try await client.get("/inspect?url=\(QueryCodec.encodeComponent(url))&spec=Card%20Terminal&source=com.example.pos")
            #expect(rejected.text.contains("<code id=\"code\" class=\"error\">forbidden-callback</code>"))
            #expect(rejected.text.contains("&amp;source=com.example.pos\""))
            let empty = try await client.get("/inspect?spec=Card%20Terminal")
            #expect(!empty.text.contains("id=\"decision\""))
        }
    }
}
