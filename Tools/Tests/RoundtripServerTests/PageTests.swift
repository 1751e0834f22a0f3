import Foundation
import Hummingbird
import HummingbirdTesting
import RoundtripServer
import Testing

@Suite("Pages")
struct PageTests {
    @Test("every page is HTML without external assets", arguments: ["/", "/tests", "/inspect", "/aasa-check", "/assetlinks-check"])
    func pages(path: String) async throws {
        try await ServerFixture.app().test(.router) { client in
            let response = try await client.get(path)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "text/html; charset=utf-8")
            #expect(response.headers[.contentSecurityPolicy]?.contains("default-src 'none'") == true)
            #expect(response.text.hasPrefix("<!doctype html>"))
            #expect(!response.text.contains("src=\"http"))
            #expect(!response.text.contains("href=\"http"))
        }
    }

    @Test("creating a test from the form shows the link and its QR code once, saying so; the test's page never shows them")
    func createFromForm() async throws {
        try await ServerFixture.app().test(.router) { client in
            let created = try await client.post("/tests", form: [("target", "https://terminal.example.com/logout")])
            #expect(created.status == .created)
            #expect(created.headers[.cacheControl] == "no-store")
            #expect(created.text.contains("<svg"))
            #expect(created.text.contains("id=\"status\" class=\"status pending\">pending<"))
            #expect(created.text.contains("https://terminal.example.com/logout?ulc-success=https%3A%2F%2Ftester.example.org%2Fcb%2F"))
            #expect(created.text.contains("Copy this link now: it is shown once."))
            #expect(created.text.contains("fetch('/api/ulc-tests/'"))
            let id = try #require(created.text.firstMatch(of: #/<a href="/tests/([A-Za-z0-9_-]+)">/#)?.output.1)

            let page = try await client.get("/tests/" + id)
            #expect(page.status == .ok)
            #expect(page.text.contains("id=\"status\" class=\"status pending\">pending<"))
            #expect(page.text.contains("id=\"link-hidden\""))
            #expect(!page.text.contains("/cb/") && !page.text.contains("cb%2F") && !page.text.contains("<svg"))
            let history = try await client.get("/tests")
            #expect(history.text.contains(String(id)))
            #expect(!history.text.contains("/cb/") && !history.text.contains("cb%2F"))
        }
    }

    @Test("form bodies are decoded as a browser encodes them: + is a space, %XX a byte")
    func formDecoding() async throws {
        try await ServerFixture.app().test(.router) { client in
            let body = "url=terminal-app%3A%2F%2Fx&source=a+b%20c&spec=0"
            let page = try await client.execute(
                uri: "/inspect",
                method: .post,
                headers: [.contentType: "application/x-www-form-urlencoded"],
                body: ByteBuffer(string: body)
            )
            #expect(page.status == .ok)
            #expect(page.text.contains("value=\"terminal-app://x\""))
            #expect(page.text.contains("value=\"a b c\""))
        }
    }

    @Test(
        "a body that is not a form is a 400 page with code invalid-form",
        arguments: ["target=100%", "target=%zz", "target%=1"]
    )
    func invalidForm(body: String) async throws {
        try await ServerFixture.app().test(.router) { client in
            let page = try await client.execute(
                uri: "/tests",
                method: .post,
                headers: [.contentType: "application/x-www-form-urlencoded"],
                body: ByteBuffer(string: body)
            )
            #expect(page.status == .badRequest)
            #expect(page.headers[.contentType] == "text/html; charset=utf-8")
            #expect(page.text.contains("<code id=\"code\">invalid-form</code>"))
        }
    }

    @Test("an invalid target re-renders the form with the reason, escaped")
    func invalidTargetForm() async throws {
        try await ServerFixture.app().test(.router) { client in
            let response = try await client.post("/tests", form: [("target", "javascript:alert('<x>')")])
            #expect(response.status == .badRequest)
            #expect(response.text.contains("id=\"form-error\""))
            #expect(response.text.contains("value=\"javascript:alert(&#39;&lt;x&gt;&#39;)\""))
            #expect(!response.text.contains("<x>"))
        }
    }

    @Test("an unknown test page is a 404 page")
    func unknownTest() async throws {
        try await ServerFixture.app().test(.router) { client in
            let response = try await client.get("/tests/%3Cb%3Enope")
            #expect(response.status == .notFound)
            #expect(response.headers[.contentType] == "text/html; charset=utf-8")
            #expect(!response.text.contains("<b>nope"))
        }
    }

    @Test("the inspector accepts a valid request and shows the parameters")
    func inspectorAccepts() async throws {
        try await ServerFixture.app().test(.router) { client in
            let url = "com-example-terminal://charge/1.0.0/?amount=10.50&returnURL=pos-app%3A%2F%2Fcharge-result"
            let response = try await client.post("/inspect", form: [("url", url), ("spec", "0")])
            #expect(response.status == .ok)
            #expect(response.text.contains("<h2>Accepted</h2>"))
            #expect(response.text.contains("id=\"action\">charge<"))
            #expect(response.text.contains("<code>currency</code></td><td><code>USD</code>"))
        }
    }

    @Test(
        "the inspector shows a reject's code and message, escaping hostile input",
        arguments: [
            ("com-example-terminal://charge/1.0.0/?amount=10&returnURL=javascript%3Aalert(1)", "forbidden-callback"),
            ("com-example-terminal://charge/1.0.0/?amount=10&returnURL=pos-app%3A%2F%2Fcharge-result&x=%3Cscript%3E", "unknown-parameter"),
            ("<script>alert(1)</script>", "malformed-url"),
            ("https://terminal.example.com/logout?ulc-success=https%3A%2F%2Fappa.example.com%2Fsuccess", "missing-callback"),
        ]
    )
    func inspectorRejects(url: String, code: String) async throws {
        try await ServerFixture.app().test(.router) { client in
            let response = try await client.post("/inspect", form: [("url", url), ("source", "\"><b>")])
            #expect(response.status == .ok)
            #expect(response.text.contains("<code id=\"code\" class=\"error\">\(code)</code>"))
            #expect(!response.text.contains("<script>"))
            #expect(!response.text.contains("\"><b>"))
        }
    }

    @Test("the inspector takes a pasted spec and reports an unusable one")
    func inspectorPastedSpec() async throws {
        try await ServerFixture.app(specs: []).test(.router) { client in
            let spec = """
                roundtrip: 1
                app: {name: P, schemes: [p-app]}
                actions:
                  go: {url: "p-app://go", convention: none, parameters: {n: {type: integer, required: true}}}
                """
            let accepted = try await client.post("/inspect", form: [("url", "p-app://go?n=3"), ("spec_text", spec)])
            #expect(accepted.text.contains("id=\"action\">go<"))
            let broken = try await client.post("/inspect", form: [("url", "p-app://go"), ("spec_text", "roundtrip: [<b>")])
            #expect(broken.text.contains("The pasted spec is not usable"))
            #expect(!broken.text.contains("[<b>"))
        }
    }

    /// A pasted spec whose secret parameter and signing key name `variable`.
    static func secretSpec(_ variable: String) -> String {
        """
        roundtrip: 1
        app: {name: P, schemes: [p-app]}
        keys:
          k1: {algorithm: hmac-sha256, secret-env: \(variable)}
        actions:
          go: {url: "p-app://go", convention: none, parameters: {token: {type: secret, secret-env: \(variable), required: true}}}
          signed: {url: "p-app://signed", convention: none, signatures: required}
        """
    }

    /// The inspector's decision section alone.
    static func decision(_ page: String) -> Substring {
        page.firstRange(of: #/<section id="decision">[\s\S]*?</section>/#).map { page[$0] } ?? ""
    }

    @Test("a pasted spec never reads the server's environment: a set, unset or empty variable and a right or wrong value decide alike")
    func inspectorPastedSecretsArePresenceOnly() async throws {
        let path = try #require(ProcessInfo.processInfo.environment["PATH"])
        let variables = ["PATH", "ROUNDTRIP_TEST_CERTAINLY_UNSET_VARIABLE"]
        try await ServerFixture.app(specs: []).test(.router) { client in
            var decisions: Set<Substring> = []
            for variable in variables {
                for value in [path, "wrong"] {
                    let url = "p-app://go?token=" + (value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
                    let page = try await client.post("/inspect", form: [("url", url), ("spec_text", Self.secretSpec(variable))])
                    #expect(page.text.contains("id=\"pasted-secrets\""))
                    let decision = Self.decision(page.text)
                    #expect(decision.contains("Accepted"))
                    #expect(decision.contains("present (a secret: checked for presence only)"))
                    #expect(!decision.contains(value))
                    decisions.insert(decision)
                }
                let missing = try await client.post("/inspect", form: [("url", "p-app://go"), ("spec_text", Self.secretSpec(variable))])
                #expect(Self.decision(missing.text).contains("missing-parameter"))
                let signed = try await client.post(
                    "/inspect",
                    form: [("url", "p-app://signed?rt-kid=k1&rt-ts=1800000000&rt-id=abcdefgh&rt-sig=AAAA"), ("spec_text", Self.secretSpec(variable))]
                )
                let refusal = Self.decision(signed.text)
                #expect(refusal.contains("Rejected"))
                #expect(refusal.contains("never reads the server"))
                decisions.insert(refusal)
            }
            // One accepted decision and one refusal, whatever the variable holds.
            #expect(decisions.count == 2)
        }
    }

    @Test("the AASA checker lints and matches with an explanation")
    func aasaChecker() async throws {
        let file =
            #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/buy/*"}, {"/": "/help", "exclude": true}]}]}}"#
        try await ServerFixture.app().test(.router) { client in
            let response = try await client.post(
                "/aasa-check",
                form: [
                    ("file", file), ("urls", "https://a.example/buy/1\r\nhttps://a.example/help\r\nhttps://a.example/<x>\r\n"),
                ]
            )
            #expect(response.status == .ok)
            #expect(response.text.contains("id=\"verdict\">Valid"))
            #expect(response.text.contains("https://a.example/buy/1</code>: opens ABCDE12345.com.example.app"))
            #expect(response.text.contains("https://a.example/help</code>: blocked by an exclude rule"))
            #expect(!response.text.contains("<x>"))
            let broken = try await client.post("/aasa-check", form: [("file", "{\"applinks\": <script>"), ("urls", "https://a.example/")])
            #expect(broken.text.contains("Invalid"))
            #expect(!broken.text.contains("<script>"))
        }
    }

    @Test("the AASA checker stops a costly match with a typed error, and its budget covers the whole request")
    func aasaCheckerBudget() async throws {
        // 300 values sharing their start in 60 components `/*$(v)`: some 5.8 million steps
        // against the first URL, more than this server's budget of 2 million for one request.
        let values = (1...300).map { "\"" + String(repeating: "a", count: $0) + "b\"" }.joined(separator: ", ")
        let components = Array(repeating: #"{"/": "/*$(v)"}"#, count: 60).joined(separator: ", ")
        let file =
            #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": ["# + components
            + #"]}], "substitutionVariables": {"v": ["# + values + "]}}}"
        let urls = "https://a.example/" + String(repeating: "a", count: 4_000) + "\r\nhttps://a.example/ab\r\n"
        try await ServerFixture.app(configure: { $0.aasaCheckWorkLimit = 2_000_000 }).test(.router) { client in
            let response = try await client.post("/aasa-check", form: [("file", file), ("urls", urls)])
            #expect(response.status == .ok)
            #expect(response.text.contains("work-limit-exceeded: matching &#39;https://a.example/aaaa"))
            // The second URL would be cheap, but the request's budget is spent.
            #expect(response.text.contains("work-limit-exceeded: &#39;https://a.example/ab&#39; was not matched: no steps were left"))
        }
    }

    @Test("a callback page escapes what the app appended")
    func callbackPageEscapes() async throws {
        try await ServerFixture.app().test(.router) { client in
            let created = try await client.post("/api/ulc-tests", json: #"{"target": "notes-app://x-callback-url/create"}"#)
            let link = try #require(created.json["link"] as? String)
            let success = try TesterAPITests.callback("x-success", in: link)
            let page = try await client.get(try TesterAPITests.path(of: success) + "?<script>=\"")
            #expect(!page.text.contains("<script>="))
        }
    }
}
