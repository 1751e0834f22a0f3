import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import RoundtripServer

/// What keeps a public server standing: cross-site writes refused, bodies typed, writes rate
/// limited per client, silent connections closed, old runs deleted.
@Suite("Limits")
struct LimitsTests {
    static let json = #"{"target": "https://terminal.example.com/logout"}"#
    static let secFetchSite = HTTPField.Name("Sec-Fetch-Site")!

    @Test(
        "a write from another site is refused 403 cross-site; this server's own origin and non-browser clients are not",
        arguments: [
            ([HTTPField.Name.origin: "https://evil.example"], HTTPResponse.Status.forbidden),
            ([.origin: "null"], .forbidden),
            ([HTTPField.Name("Sec-Fetch-Site")!: "cross-site"], .forbidden),
            ([.origin: ServerFixture.publicURL], .created),
            ([HTTPField.Name("Sec-Fetch-Site")!: "same-origin"], .created),
            ([:], .created),
        ]
    )
    func crossSiteAPI(headers: [HTTPField.Name: String], status: HTTPResponse.Status) async throws {
        try await ServerFixture.app().test(.router) { client in
            var fields: HTTPFields = [.contentType: "application/json"]
            for (name, value) in headers { fields[name] = value }
            let response = try await client.execute(uri: "/api/ulc-tests", method: .post, headers: fields, body: ByteBuffer(string: Self.json))
            #expect(response.status == status)
            if status == .forbidden {
                #expect(response.errorCode == "cross-site")
                // Nothing was created.
                #expect((try await client.get("/api/ulc-tests").json["tests"] as? [Any])?.count == 0)
            }
        }
    }

    @Test("a form posted from another site is a 403 page; the request's own Host is this server's origin")
    func crossSiteForm() async throws {
        try await ServerFixture.app().test(.router) { client in
            let refused = try await client.execute(
                uri: "/tests",
                method: .post,
                headers: [.contentType: "application/x-www-form-urlencoded", .origin: "https://evil.example"],
                body: ByteBuffer(string: "target=https%3A%2F%2Fa.example%2F")
            )
            #expect(refused.status == .forbidden)
            #expect(refused.headers[.contentType] == "text/html; charset=utf-8")
            #expect(refused.text.contains("<code id=\"code\">cross-site</code>"))
            #expect(refused.text.contains("https://evil.example"))
        }
    }

    @Test(
        "a POST's body must be the type its route reads: 415 unsupported-media-type",
        arguments: [
            ("/api/ulc-tests", "text/plain", true),
            ("/api/ulc-tests", "application/x-www-form-urlencoded", true),
            ("/api/ulc-tests", nil, true),
            ("/tests", "application/json", false),
            ("/inspect", "multipart/form-data; boundary=x", false),
        ] as [(String, String?, Bool)]
    )
    func mediaType(path: String, contentType: String?, isAPI: Bool) async throws {
        try await ServerFixture.app().test(.router) { client in
            var fields: HTTPFields = [:]
            if let contentType { fields[.contentType] = contentType }
            let response = try await client.execute(uri: path, method: .post, headers: fields, body: ByteBuffer(string: Self.json))
            #expect(response.status == .unsupportedMediaType)
            if isAPI {
                #expect(response.errorCode == "unsupported-media-type")
                #expect((response.json["error"] as? [String: Any])?["message"] as? String != nil)
            } else {
                #expect(response.text.contains("<code id=\"code\">unsupported-media-type</code>"))
            }
        }
    }

    @Test("`application/json; charset=utf-8` is JSON")
    func mediaTypeParameters() async throws {
        try await ServerFixture.app().test(.router) { client in
            let response = try await client.execute(
                uri: "/api/ulc-tests",
                method: .post,
                headers: [.contentType: "Application/JSON; charset=utf-8"],
                body: ByteBuffer(string: Self.json)
            )
            #expect(response.status == .created)
        }
    }

    @Test("writes past the per-client limit are 429 rate-limited with Retry-After, and allowed again once the bucket refills")
    func rateLimit() async throws {
        let clock = ManualClock()
        try await ServerFixture.app(clock: clock, configure: { $0.writesPerMinute = 3 }).test(.router) { client in
            for _ in 0..<3 {
                #expect(try await client.post("/api/ulc-tests", json: Self.json).status == .created)
            }
            let limited = try await client.post("/api/ulc-tests", json: Self.json)
            #expect(limited.status == .tooManyRequests)
            #expect(limited.errorCode == "rate-limited")
            #expect(limited.headers[.retryAfter] == "20")
            // Callbacks are writes too; reads are never limited.
            #expect(try await client.get("/cb/unknown/success").status == .tooManyRequests)
            #expect(try await client.get("/api/ulc-tests").status == .ok)
            let page = try await client.post("/tests", form: [("target", "https://a.example/")])
            #expect(page.status == .tooManyRequests)
            #expect(page.text.contains("<code id=\"code\">rate-limited</code>"))
            clock.advance(by: 20)
            #expect(try await client.post("/api/ulc-tests", json: Self.json).status == .created)
            #expect(try await client.post("/api/ulc-tests", json: Self.json).status == .tooManyRequests)
        }
    }

    @Test("the limiter's table of clients stays bounded, and a limit of 0 is no limit")
    func limiterBounded() {
        let limiter = WriteRateLimiter(perMinute: 2, maximumClients: 100)
        for index in 0..<10_000 {
            #expect(limiter.take(client: "10.0.\(index / 256).\(index % 256)", now: 0) == nil)
            #expect(limiter.clientCount <= 100)
        }
        let off = WriteRateLimiter(perMinute: 0)
        for _ in 0..<1_000 { #expect(off.take(client: "a", now: 0) == nil) }
        #expect(off.clientCount == 0)
    }

    @Test("a half-sent request head is not held open: the server closes the silent connection")
    func halfSentHead() async throws {
        try await ServerFixture.app(configure: { $0.idleTimeout = .milliseconds(300) }).test(.live) { client in
            let port = try #require(client.port)
            let (text, closed) = try await RawHTTPConnection.exchangeOnThread(port: port, "GET /healthz HTTP/1.1\r\nHost: a.exam", seconds: 10)
            #expect(closed, "the server left the connection open")
            #expect(text.isEmpty)
            // A whole request is still answered.
            let whole = try await RawHTTPConnection.exchangeOnThread(
                port: port,
                "GET /healthz HTTP/1.1\r\nHost: a.example\r\nConnection: close\r\n\r\n"
            )
            #expect(whole.text.hasPrefix("HTTP/1.1 200"))
        }
    }

    @Test(
        "the retention sweep deletes runs older than the retention and keeps the rest, also when instances sweep at once",
        arguments: TestDatabase.kinds
    )
    func retention(_ kind: StoreKind) async throws {
        try await TestDatabase.with(kind) { database in
            let first = try await database.open()
            let second = try await database.open()
            let hour: Int64 = 3_600_000
            let now: Int64 = 1_800_000_000_000
            for (index, age) in [0, 1, 23, 25, 48, 200].enumerated() {
                try await first.insert(StoreTests.sample("r\(index)", at: now - Int64(age) * hour))
            }
            let clock = ManualClock(Date(timeIntervalSince1970: TimeInterval(now / 1000)))
            let sweepers = [first, second].map {
                RetentionSweeper(
                    store: $0,
                    clock: clock.serverClock,
                    retention: .seconds(24 * 3600),
                    interval: .seconds(3600),
                    logger: ServerFixture.logger
                )
            }
            let deleted = await withTaskGroup(of: Int?.self) { group in
                for sweeper in sweepers { group.addTask { await sweeper.sweep() } }
                var total = 0
                for await count in group { total += count ?? -100 }
                return total
            }
            #expect(deleted == 3)
            #expect(try await first.recent(limit: 10).map(\.id).sorted() == ["r0", "r1", "r2"])
            #expect(await sweepers[0].sweep() == 0)
            await database.close(first)
            await database.close(second)
        }
    }
}
