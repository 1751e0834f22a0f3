import Foundation
import HummingbirdTesting
import Roundtrip
import RoundtripServer
import RoundtripYAML
import Testing

@Suite("ULC tester API")
struct TesterAPITests {
    /// The callback URL of a link's parameter (`ulc-success`…), decoded.
    static func callback(_ name: String, in link: String) throws -> String {
        let split = try URLSplit(link)
        let items = try QueryCodec.decode(try #require(split.query))
        return try #require(items.first { $0.name == name }?.value)
    }

    /// The path of an https callback URL on the tester.
    static func path(of url: String) throws -> String {
        #expect(url.hasPrefix(ServerFixture.publicURL + "/cb/"))
        return String(url.dropFirst(ServerFixture.publicURL.count))
    }

    @Test("create: 201 with id, link and pending; the link carries unique https callbacks")
    func create() async throws {
        try await ServerFixture.app().test(.router) { client in
            let response = try await client.post("/api/ulc-tests", json: #"{"target": "https://terminal.example.com/logout"}"#)
            #expect(response.status == .created)
            let json = response.json
            #expect(json["status"] as? String == "pending")
            let id = try #require(json["id"] as? String)
            let link = try #require(json["link"] as? String)
            #expect(link.hasPrefix("https://terminal.example.com/logout?ulc-success=https%3A%2F%2Ftester.example.org%2Fcb%2F"))
            let success = try Self.callback("ulc-success", in: link)
            let error = try Self.callback("ulc-error", in: link)
            #expect(success.hasSuffix("/success") && error.hasSuffix("/error"))
            #expect(success.dropLast("/success".count) == error.dropLast("/error".count))
            // The token is 128 bits of base64url and is not the public id.
            let token = success.dropFirst((ServerFixture.publicURL + "/cb/").count).dropLast("/success".count)
            #expect(token.count == 22 && !token.contains(id))

            let second = try await client.post("/api/ulc-tests", json: #"{"target": "https://terminal.example.com/logout"}"#)
            let secondLink = try #require(second.json["link"] as? String)
            #expect(try Self.callback("ulc-success", in: secondLink) != success)
            #expect(second.json["id"] as? String != id)
        }
    }

    @Test("the link and its token are returned once, to the creator: reading or listing runs never shows them, and a stranger cannot answer")
    func tokenShownOnce() async throws {
        try await ServerFixture.app().test(.router) { client in
            let created = try await client.post("/api/ulc-tests", json: #"{"target": "https://terminal.example.com/logout"}"#)
            let id = try #require(created.json["id"] as? String)
            let link = try #require(created.json["link"] as? String)
            let token = try Self.path(of: Self.callback("ulc-success", in: link)).dropFirst("/cb/".count).dropLast("/success".count)
            // Everything a stranger who knows the id can read.
            for path in ["/api/ulc-tests/\(id)", "/api/ulc-tests", "/tests/\(id)", "/tests"] {
                let response = try await client.get(path)
                #expect(response.status == .ok)
                #expect(!response.text.contains(token), "\(path) shows the token")
                #expect(!response.text.contains("cb%2F") && !response.text.contains("/cb/"), "\(path) shows a callback URL")
            }
            #expect(try await client.get("/api/ulc-tests/\(id)").json["link"] == nil)
            // Guessing a token does not answer it; the creator's callback does, once.
            #expect(try await client.get("/cb/\(id)/success").status == .notFound)
            #expect(try await client.get("/api/ulc-tests/\(id)").json["status"] as? String == "pending")
            let first = try await client.get(try Self.path(of: Self.callback("ulc-error", in: link)))
            #expect(first.text.contains("answered <strong>error</strong>"))
            let second = try await client.get(try Self.path(of: Self.callback("ulc-success", in: link)))
            #expect(second.text.contains("changes nothing"))
            #expect(try await client.get("/api/ulc-tests/\(id)").json["status"] as? String == "error")
        }
    }

    @Test("the link is accepted by the app's own Roundtrip endpoint, with our callbacks")
    func linkIsAValidULC() async throws {
        // An app without a callbacks allow-list: ULC callbacks are then any https URL (the Universal Link Callback convention).
        let spec = try SpecLoader.load(
            yaml: """
                roundtrip: 1
                app: {name: B, app-id: ABCDE12345.com.example.b, domains: [terminal.example.com]}
                actions:
                  logout: {url: "https://terminal.example.com/logout", convention: ulc}
                """
        ).spec
        let endpoint = try Endpoint(spec: spec)
        try await ServerFixture.app(specs: [spec]).test(.router) { client in
            let created = try await client.post("/api/ulc-tests", json: #"{"target": "https://terminal.example.com/logout"}"#)
            let link = try #require(created.json["link"] as? String)
            let accepted = try endpoint.evaluate(link)
            #expect(accepted.actionName == "logout")
            #expect(accepted.callbacks["success"] == (try Self.callback("ulc-success", in: link)))
        }
    }

    @Test("success within 20 s: recorded once, later callbacks change nothing")
    func successOnce() async throws {
        let clock = ManualClock()
        try await ServerFixture.app(clock: clock).test(.router) { client in
            let created = try await client.post("/api/ulc-tests", json: #"{"target": "https://terminal.example.com/logout?force=1"}"#).json
            let id = try #require(created["id"] as? String)
            let link = try #require(created["link"] as? String)
            #expect(link.contains("?force=1&ulc-success="))
            clock.advance(by: 3.25)
            let pending = try await client.get("/api/ulc-tests/\(id)").json
            #expect(pending["status"] as? String == "pending")
            #expect(pending["elapsed_ms"] as? Int == 3250)
            #expect(pending["target"] as? String == "https://terminal.example.com/logout?force=1")

            let page = try await client.get(try Self.path(of: Self.callback("ulc-success", in: link)))
            #expect(page.status == .ok)
            #expect(page.headers[.contentType]?.hasPrefix("text/html") == true)
            #expect(page.text.contains("answered <strong>success</strong> after 3250 ms"))

            clock.advance(by: 1)
            let late = try await client.get(try Self.path(of: Self.callback("ulc-error", in: link)))
            #expect(late.status == .ok)
            #expect(late.text.contains("changes nothing"))
            clock.advance(by: 60)
            let done = try await client.get("/api/ulc-tests/\(id)").json
            #expect(done["status"] as? String == "success")
            #expect(done["elapsed_ms"] as? Int == 3250)
        }
    }

    @Test("error callback")
    func errorOutcome() async throws {
        try await ServerFixture.app().test(.router) { client in
            let created = try await client.post("/api/ulc-tests", json: #"{"target": "https://terminal.example.com/logout"}"#).json
            let link = try #require(created["link"] as? String)
            _ = try await client.get(try Self.path(of: Self.callback("ulc-error", in: link)))
            let json = try await client.get("/api/ulc-tests/\(try #require(created["id"] as? String))").json
            #expect(json["status"] as? String == "error")
        }
    }

    @Test("no answer within 20 s is a timeout, and a late answer does not change it")
    func timeout() async throws {
        let clock = ManualClock()
        try await ServerFixture.app(clock: clock).test(.router) { client in
            let created = try await client.post("/api/ulc-tests", json: #"{"target": "https://terminal.example.com/logout"}"#).json
            let id = try #require(created["id"] as? String)
            clock.advance(by: 20)
            let beforeDeadline = try await client.get("/api/ulc-tests/\(id)")
            #expect(beforeDeadline.json["status"] as? String == "pending")
            clock.advance(by: 0.001)
            let timedOut = try await client.get("/api/ulc-tests/\(id)").json
            #expect(timedOut["status"] as? String == "timeout")
            #expect(timedOut["elapsed_ms"] as? Int == 20000)
            let page = try await client.get(try Self.path(of: Self.callback("ulc-success", in: #require(created["link"] as? String))))
            #expect(page.text.contains("past the deadline"))
            let afterLate = try await client.get("/api/ulc-tests/\(id)")
            #expect(afterLate.json["status"] as? String == "timeout")
        }
    }

    @Test("x-callback-url targets get x-success, x-error and x-cancel; cancel is recorded")
    func xCallback() async throws {
        try await ServerFixture.app().test(.router) { client in
            let created = try await client.post("/api/ulc-tests", json: #"{"target": "notes-app://x-callback-url/create?title=Hi"}"#)
            #expect(created.status == .created)
            let link = try #require(created.json["link"] as? String)
            #expect(created.json["kind"] as? String == "x-callback-url")
            #expect(link.hasPrefix("notes-app://x-callback-url/create?title=Hi&x-source=Roundtrip%20Tester&x-success="))
            let cancel = try Self.callback("x-cancel", in: link)
            let page = try await client.get(try Self.path(of: cancel) + "?note=%3Cb%3E")
            #expect(page.text.contains("note=%3Cb%3E"))
            let json = try await client.get("/api/ulc-tests/\(try #require(created.json["id"] as? String))").json
            #expect(json["status"] as? String == "cancel")
            #expect(json["callback_query"] as? String == "note=%3Cb%3E")
        }
    }

    @Test("a ULC run has no cancel callback")
    func ulcHasNoCancel() async throws {
        try await ServerFixture.app().test(.router) { client in
            let created = try await client.post("/api/ulc-tests", json: #"{"target": "https://a.example/logout"}"#)
            let link = try #require(created.json["link"] as? String)
            let base = try Self.path(of: Self.callback("ulc-success", in: link)).dropLast("/success".count)
            let cancel = try await client.get(base + "/cancel")
            #expect(cancel.status == .notFound)
        }
    }

    @Test("history lists runs newest first")
    func history() async throws {
        let clock = ManualClock()
        try await ServerFixture.app(clock: clock).test(.router) { client in
            var ids: [String] = []
            for index in 0..<3 {
                let created = try await client.post("/api/ulc-tests", json: #"{"target": "https://a.example/\#(index)"}"#)
                ids.append(try #require(created.json["id"] as? String))
                clock.advance(by: 1)
            }
            let all = try await client.get("/api/ulc-tests")
            let tests = try #require(all.json["tests"] as? [[String: Any]])
            #expect(tests.compactMap { $0["id"] as? String } == ids.reversed())
            let one = try await client.get("/api/ulc-tests?limit=1")
            let limited = try #require(one.json["tests"] as? [[String: Any]])
            #expect(limited.count == 1)
            // The list leaves the links, and so the callback tokens, out.
            #expect(!all.text.contains("/cb/"))
        }
    }

    @Test(
        "bad input is a 4xx JSON error with a code, never a 5xx",
        arguments: [
            ("not json", "invalid-json", 400),
            ("[]", "invalid-json", 400),
            (#"{"target": 5}"#, "invalid-json", 400),
            (#"{}"#, "invalid-json", 400),
            (#"{"target": ""}"#, "invalid-target", 400),
            (#"{"target": "http://a.example/logout"}"#, "invalid-target", 400),
            (#"{"target": "javascript:alert(1)"}"#, "invalid-target", 400),
            (#"{"target": "javascript://x-callback-url/a"}"#, "invalid-target", 400),
            (#"{"target": "https:/no-authority"}"#, "invalid-target", 400),
            (#"{"target": "https://user@a.example/"}"#, "invalid-target", 400),
            (#"{"target": "https://a.example/#frag"}"#, "invalid-target", 400),
            (#"{"target": "https://a.example/ x"}"#, "invalid-target", 400),
            (#"{"target": "https://a.example/\u0000"}"#, "invalid-target", 400),
            (#"{"target": "https://a.example/\r\nX-Header: 1"}"#, "invalid-target", 400),
            (#"{"target": "https://a.example/<script>"}"#, "invalid-target", 400),
            (#"{"target": "https://a.example/l?ulc-success=https://x"}"#, "invalid-target", 400),
            (#"{"target": "https://a.example/l?ULC-Failure=1"}"#, "invalid-target", 400),
            (#"{"target": "https://a.example/l?a=%zz"}"#, "invalid-target", 400),
            (#"{"target": "notes-app://x-callback-url/a?x-success=y"}"#, "invalid-target", 400),
            (#"{"target": "notes-app://other/a"}"#, "invalid-target", 400),
            (#"{"target": "https://a.example/\#(String(repeating: "a", count: 2100))"}"#, "too-large", 400),
        ]
    )
    func badInput(body: String, code: String, status: Int) async throws {
        try await ServerFixture.app().test(.router) { client in
            let response = try await client.post("/api/ulc-tests", json: body)
            #expect(response.status.code == status)
            #expect(response.errorCode == code)
            #expect(response.headers[.contentType]?.hasPrefix("application/json") == true)
            let message = try #require((response.json["error"] as? [String: Any])?["message"] as? String)
            #expect(!message.isEmpty)
        }
    }

    @Test("an oversized body is 413 too-large")
    func hugeBody() async throws {
        try await ServerFixture.app().test(.router) { client in
            let response = try await client.post("/api/ulc-tests", json: #"{"target": ""# + String(repeating: "a", count: 20_000) + #""}"#)
            #expect(response.status == .contentTooLarge)
            #expect(response.errorCode == "too-large")
        }
    }

    @Test(
        "unknown ids, tokens, outcomes and routes are 404s",
        arguments: [
            "/api/ulc-tests/nope", "/api/ulc-tests/%3Cscript%3E", "/cb/nope/success", "/cb/nope/bogus", "/nowhere", "/api/ulc-tests/a/b",
        ]
    )
    func unknown(path: String) async throws {
        try await ServerFixture.app().test(.router) { client in
            let response = try await client.get(path)
            #expect(response.status == .notFound)
            #expect(!response.text.contains("<script>"))
        }
    }

    @Test("a wrong method is a 4xx, not a 5xx")
    func wrongMethod() async throws {
        try await ServerFixture.app().test(.router) { client in
            let response = try await client.execute(uri: "/api/ulc-tests/x", method: .delete)
            #expect((400..<500).contains(response.status.code))
            #expect(response.errorCode != nil)
        }
    }
}
