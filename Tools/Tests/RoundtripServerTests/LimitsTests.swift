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
        "a request head must arrive whole within the head deadline: 408 and closed, however steadily its lines come",
        arguments: ["/healthz", "/.well-known/apple-app-site-association"]
    )
    func trickledHead(path: String) async throws {
        try await ServerFixture.app(configure: {
            $0.idleTimeout = .seconds(5)
            $0.requestHeadTimeout = .milliseconds(500)
        }).test(.live) { client in
            let port = try #require(client.port)
            // A line every 100 ms, for 6 s if nothing stops it: each line is traffic, well within
            // the idle timeout.
            let lines = ["GET \(path) HTTP/1.1\r\n", "Host: terminal.example.com\r\n"] + (0..<60).map { "X-Slow-\($0): y\r\n" }
            let start = ContinuousClock.now
            let (text, closed) = try await RawHTTPConnection.onThread {
                try RawHTTPConnection.trickle(port: port, lines, interval: .milliseconds(100))
            }
            let elapsed = ContinuousClock.now - start
            #expect(text.hasPrefix("HTTP/1.1 408"), "\(text)")
            #expect(text.lowercased().contains("connection: close"))
            #expect(closed, "the server left the connection open")
            // Cut by the head deadline (0.5 s), well before the 5 s idle timeout or the 6 s of lines.
            #expect(elapsed < .seconds(4), "cut after \(elapsed)")
        }
    }

    @Test("the head deadline starts with a request's first byte: a keep-alive connection quiet between requests is not cut")
    func headDeadlineSparesIdleConnections() async throws {
        try await ServerFixture.app(configure: { $0.requestHeadTimeout = .milliseconds(300) }).test(.live) { client in
            let port = try #require(client.port)
            let (text, closed) = try await RawHTTPConnection.onThread {
                let connection = try RawHTTPConnection(port: port)
                connection.write("GET /healthz HTTP/1.1\r\nHost: a.example\r\n\r\n")
                Thread.sleep(forTimeInterval: 1)
                connection.write("GET /healthz HTTP/1.1\r\nHost: a.example\r\nConnection: close\r\n\r\n")
                return connection.readUntilClosed()
            }
            #expect(text.components(separatedBy: "HTTP/1.1 200").count == 3, "\(text)")
            #expect(!text.contains("HTTP/1.1 408"))
            #expect(closed)
            // A second request sent slowly on a kept-alive connection is cut as the first would be.
            let (slow, _) = try await RawHTTPConnection.onThread {
                try RawHTTPConnection.trickle(
                    port: port,
                    ["GET /healthz HTTP/1.1\r\nHost: a.example\r\n\r\n", "GET /healthz HTTP/1.1\r\n"] + (0..<40).map { "X-\($0): y\r\n" },
                    interval: .milliseconds(100)
                )
            }
            // The first answer comes whole before the 408, however slow the server is to give it.
            #expect(slow.hasPrefix("HTTP/1.1 200"), "\(slow)")
            #expect(slow.contains("HTTP/1.1 408"), "\(slow)")
        }
    }

    /// Opens two connections and a third while they are held: whether the server closed the
    /// third at once, and what the two held ones were answered. All three are closed on return.
    static func holdTwoAndOpenAThird(port: Int) throws -> (thirdClosed: Bool, held: [String]) {
        let held = try (0..<2).map { _ in try RawHTTPConnection(port: port, seconds: 30) }
        for connection in held {
            // Answered, so surely counted.
            connection.write("GET /healthz HTTP/1.1\r\nHost: a.example\r\n\r\n")
            connection.readSome()
        }
        let (text, closed) = try RawHTTPConnection(port: port, seconds: 30).readUntilClosed()
        let answers = held.map { connection in
            connection.write("GET /healthz HTTP/1.1\r\nHost: a.example\r\nConnection: close\r\n\r\n")
            return connection.readUntilClosed().text
        }
        return (closed && text.isEmpty, answers)
    }

    @Test("one address may hold only so many connections at once; the next is closed as it opens, and a freed place is taken again")
    func connectionCap() async throws {
        try await ServerFixture.app(configure: { $0.connectionsPerAddress = 3 }).test(.live) { client in
            let port = try #require(client.port)
            // The test client holds the first place (it connects as the test starts); two more
            // are held below.
            #expect(try await client.get("/healthz").status == .ok)
            let (third, held, again) = try await RawHTTPConnection.onThread { () throws -> (Bool, [String], String) in
                let (third, held) = try Self.holdTwoAndOpenAThird(port: port)
                // Both held connections are closed now: their places are free again, once the
                // server has seen them close.
                var again = ""
                for _ in 0..<100 where !again.hasPrefix("HTTP/1.1 200") {
                    Thread.sleep(forTimeInterval: 0.1)
                    again = try RawHTTPConnection.exchangeUntilClosed(
                        port: port,
                        "GET /healthz HTTP/1.1\r\nHost: a.example\r\nConnection: close\r\n\r\n"
                    ).text
                }
                return (third, held, again)
            }
            #expect(third, "the third connection was not closed")
            #expect(held.allSatisfy { $0.components(separatedBy: "HTTP/1.1 200").count == 3 })
            #expect(again.hasPrefix("HTTP/1.1 200"))
        }
    }

    @Test(
        "a write must name this server in Host: the public URL's host, the listening address, localhost or an IP address (DNS rebinding)",
        arguments: [
            ("rebound.example:8080", "http://rebound.example:8080", HTTPResponse.Status.misdirectedRequest),
            ("rebound.example", nil, .misdirectedRequest),
            ("tester.example.org", "https://tester.example.org", .created),
            ("localhost:8080", "http://localhost:8080", .created),
            ("127.0.0.1:8080", "http://127.0.0.1:8080", .created),
            ("[::1]:8080", "http://[::1]:8080", .created),
            ("10.0.0.7", nil, .created),
        ] as [(String, String?, HTTPResponse.Status)]
    )
    func hostMustBeThisServer(host: String, origin: String?, status: HTTPResponse.Status) async throws {
        try await ServerFixture.app().test(.router) { client in
            var fields: HTTPFields = [.contentType: "application/json", .hostHeader: host]
            if let origin { fields[.origin] = origin }
            let response = try await client.execute(uri: "/api/ulc-tests", method: .post, headers: fields, body: ByteBuffer(string: Self.json))
            #expect(response.status == status)
            if status == .misdirectedRequest {
                #expect(response.errorCode == "unknown-host")
                #expect((try await client.get("/api/ulc-tests").json["tests"] as? [Any])?.count == 0)
            }
        }
    }

    @Test(
        "a write without Origin is judged by its Referer",
        arguments: [
            ("https://evil.example/page", HTTPResponse.Status.forbidden),
            ("null", .forbidden),
            (ServerFixture.publicURL + "/tests", .created),
        ]
    )
    func referer(referer: String, status: HTTPResponse.Status) async throws {
        try await ServerFixture.app().test(.router) { client in
            let fields: HTTPFields = [.contentType: "application/json", .referer: referer]
            let response = try await client.execute(uri: "/api/ulc-tests", method: .post, headers: fields, body: ByteBuffer(string: Self.json))
            #expect(response.status == status)
            if status == .forbidden {
                #expect(response.errorCode == "cross-site")
                #expect(
                    (response.json["error"] as? [String: Any])?["message"] as? String
                        == "a request from the referring page '\(referer)' may not write here; use the pages of this server"
                )
            }
        }
    }

    @Test("no page may be framed by another: frame-ancestors 'none' and X-Frame-Options DENY, error pages included")
    func noFraming() async throws {
        try await ServerFixture.app().test(.router) { client in
            for response in [try await client.get("/"), try await client.get("/tests/unknown")] {
                #expect(response.headers[.contentSecurityPolicy]?.contains("frame-ancestors 'none'") == true)
                #expect(response.headers[HTTPField.Name("X-Frame-Options")!] == "DENY")
            }
        }
    }

    /// A store that counts its pings.
    final class CountingStore: ULCTestStore, @unchecked Sendable {
        // @unchecked: `count` is only touched while `lock` is held.
        let base: any ULCTestStore
        private let lock = NSLock()
        private var count = 0
        init(_ base: any ULCTestStore) { self.base = base }
        var pings: Int { lock.withLock { count } }
        func insert(_ test: ULCTest) async throws { try await base.insert(test) }
        func test(id: String) async throws -> ULCTest? { try await base.test(id: id) }
        func test(token: String) async throws -> ULCTest? { try await base.test(token: token) }
        func recordOutcome(token: String, outcome: CallbackOutcome, at time: Int64, query: String?) async throws -> Bool {
            try await base.recordOutcome(token: token, outcome: outcome, at: time, query: query)
        }
        func recent(limit: Int) async throws -> [ULCTest] { try await base.recent(limit: limit) }
        func deleteCreated(before time: Int64) async throws -> Int { try await base.deleteCreated(before: time) }
        func ping() async throws {
            lock.withLock { count += 1 }
            try await base.ping()
        }
    }

    @Test("/readyz writes to the store at most once a second, however often it is asked, at once or in turn")
    func readinessIsCached() async throws {
        let clock = ManualClock()
        let store = CountingStore(try SQLiteTestStore(path: ":memory:"))
        try await ServerFixture.app(clock: clock, store: store).test(.router) { client in
            for _ in 0..<20 { #expect(try await client.get("/readyz").status == .ok) }
            try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for _ in 0..<20 { group.addTask { try await client.get("/readyz").status } }
                for try await status in group { #expect(status == .ok) }
            }
            #expect(store.pings == 1)
            clock.advance(by: 1)
            #expect(try await client.get("/readyz").status == .ok)
            #expect(try await client.get("/readyz").status == .ok)
            #expect(store.pings == 2)
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
