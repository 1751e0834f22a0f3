import Foundation
import HummingbirdTesting
import RoundtripServer
import RoundtripToolsTestSupport
import Testing

/// `/assetlinks-check`: a pasted `assetlinks.json` linted and matched as `roundtrip assetlinks lint`
/// and `roundtrip assetlinks match` report it, under the AASA checker's limits.
@Suite("assetlinks checker page")
struct AssetLinksCheckerPageTests {
    static let fixture = CommandLineRunner.fixture("assetlinks/dynamic-rules.json")
    static let package = "com.example.terminal"
    static let fingerprint = "146de983c5730650d8eeb9952f34fc6416a08342e61dbea88a0496b23fcf44e5"

    @Test(
        "each URL gets the verdict and the very line of 'assetlinks match'",
        arguments: [
            ("https://example.com/charge?amount=5", "opens com.example.terminal"),
            ("https://example.com/admin/users", "blocked by the dynamic rules: stays in the browser"),
            ("https://example.com/elsewhere", "blocked by the dynamic rules: stays in the browser"),
        ]
    )
    func matchesAsTheCommand(url: String, verdict: String) async throws {
        let file = try String(contentsOfFile: Self.fixture, encoding: .utf8)
        let command = try CommandLineRunner.run([
            "assetlinks", "match", Self.fixture, url, "--package", Self.package, "--fingerprint", Self.fingerprint,
        ])
        let line = command.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(line.hasPrefix("verified by statement 0 for com.example.terminal"))
        try await ServerFixture.app().test(.router) { client in
            let response = try await client.post(
                "/assetlinks-check",
                form: [("file", file), ("urls", url + "\r\n"), ("package", Self.package), ("fingerprint", Self.fingerprint)]
            )
            #expect(response.status == .ok)
            #expect(response.text.contains("id=\"verdict\">Valid"))
            #expect(response.text.contains("<h3><code>\(HTML.escape(url))</code>: \(verdict)</h3><p>\(HTML.escape(line))</p>"))
        }
    }

    @Test("another certificate, or another package, is not verified; an unreadable fingerprint is a typed error")
    func notVerified() async throws {
        let file = try String(contentsOfFile: Self.fixture, encoding: .utf8)
        try await ServerFixture.app().test(.router) { client in
            let url = "https://example.com/receipts/7"
            let other = try await client.post(
                "/assetlinks-check",
                form: [("file", file), ("urls", url), ("package", Self.package), ("fingerprint", String(repeating: "CD", count: 32))]
            )
            #expect(other.text.contains("\(url)</code>: not verified: opens in the browser</h3>"))
            let anyCertificate = try await client.post("/assetlinks-check", form: [("file", file), ("urls", url), ("package", Self.package)])
            #expect(anyCertificate.text.contains("\(url)</code>: opens com.example.terminal</h3>"))
            let otherPackage = try await client.post("/assetlinks-check", form: [("file", file), ("urls", url), ("package", "com.example.other")])
            #expect(otherPackage.text.contains("not verified: no statement grants delegate_permission/common.handle_all_urls to com.example.other"))
            let broken = try await client.post(
                "/assetlinks-check",
                form: [("file", file), ("urls", url), ("package", Self.package), ("fingerprint", "12:34")]
            )
            #expect(broken.text.contains("<p class=\"error\"><code>invalid-fingerprint</code>"))
            let noPackage = try await client.post("/assetlinks-check", form: [("file", file), ("urls", url)])
            #expect(noPackage.text.contains("<code>missing-package</code>"))
        }
    }

    @Test("the lint findings are those of 'assetlinks lint --json': rule, severity, path, line and column, message")
    func lintFindings() async throws {
        let file = """
            [{"relation": ["delegate_permission/common.handle_all_urls", "Not A Relation"],
              "target": {"namespace": "android_app", "package_name": "com.example.app", "sha256_cert_fingerprints": ["ab:cd"]}},
             {"relation": ["delegate_permission/common.get_login_creds"], "target": {"namespace": "web", "site": "/"}}]
            """
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("assetlinks-\(UUID().uuidString).json").path
        try file.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let command = try CommandLineRunner.run(["assetlinks", "lint", path, "--json"])
        let findings = try #require(command.json?["findings"] as? [[String: Any]])
        #expect(findings.count >= 2)
        let errors = findings.filter { $0["severity"] as? String == "error" }.count
        // The row each finding of the command must have on the page.
        let rows = try findings.map { finding -> String in
            let severity = try #require(finding["severity"] as? String)
            let rule = try #require(finding["rule"] as? String)
            let jsonPath = try #require(finding["path"] as? String)
            let line = try #require(finding["line"] as? Int)
            let column = try #require(finding["column"] as? Int)
            let message = try #require(finding["message"] as? String)
            return
                "<tr><td>\(severity)</td><td><code>\(rule)</code></td><td><code>\(HTML.escape(jsonPath))</code></td><td>\(line):\(column)</td><td>\(HTML.escape(message))</td></tr>"
        }
        let count = findings.count
        try await ServerFixture.app().test(.router) { client in
            let response = try await client.post("/assetlinks-check", form: [("file", file)])
            #expect(response.status == .ok)
            #expect(response.text.contains("id=\"verdict\">Invalid: \(count) finding(s), \(errors) error(s).</p>"))
            for row in rows {
                #expect(response.text.contains(row), "\(row)")
            }
        }
    }

    @Test("what the visitor sent is echoed escaped: the file, the URLs, the package name, the fingerprint")
    func hostileInput() async throws {
        let file = #"[{"relation": ["<script>alert(1)</script>"], "target": {"namespace": "android_app", "package_name": "<b>x</b>"}}]"#
        try await ServerFixture.app().test(.router) { client in
            let response = try await client.post(
                "/assetlinks-check",
                form: [
                    ("file", file), ("urls", "https://a.example/<i>\r\njavascript:<svg onload=alert(1)>"),
                    ("package", "<img src=x onerror=alert(1)>"), ("fingerprint", "\"><script>"),
                ]
            )
            #expect(response.status == .ok)
            for raw in ["<script>", "<b>", "<i>", "<svg", "<img"] {
                #expect(!response.text.contains(raw), "\(raw)")
            }
            #expect(response.text.contains("&lt;img src=x onerror=alert(1)&gt;"))
            #expect(response.text.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
            #expect(response.text.contains("value=\"&quot;&gt;&lt;script&gt;\""))
        }
    }

    @Test("a body over the form limit is refused as on the AASA checker", arguments: ["/aasa-check", "/assetlinks-check"])
    func tooLarge(path: String) async throws {
        let huge = String(repeating: "a", count: (1 << 20) + 1)
        try await ServerFixture.app().test(.router) { client in
            let response = try await client.post(path, form: [("file", huge)])
            #expect(response.status == .contentTooLarge)
            #expect(response.text.contains("<code id=\"code\">too-large</code>"))
            #expect(response.text.contains("The form is larger than 256 KiB."))
        }
    }

    @Test("past 50 URLs the rest are not matched, and the page says so", arguments: ["/aasa-check", "/assetlinks-check"])
    func urlLimit(path: String) async throws {
        let urls = (0..<60).map { "https://example.com/receipts/\($0)" }.joined(separator: "\n")
        let file =
            path == "/aasa-check"
            ? #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/receipts/*"}]}]}}"#
            : try String(contentsOfFile: Self.fixture, encoding: .utf8)
        try await ServerFixture.app().test(.router) { client in
            let response = try await client.post(path, form: [("file", file), ("urls", urls), ("package", Self.package)])
            #expect(response.status == .ok)
            #expect(response.text.components(separatedBy: "<h3>").count - 1 == 50)
            #expect(response.text.contains("receipts/49</code>"))
            #expect(!response.text.contains("receipts/50</code>"))
            #expect(response.text.contains("60 URLs were given: only the first 50 were matched."))
        }
    }

    @Test("matching is bounded by one budget for the whole request, as on the AASA checker")
    func budget() async throws {
        // 2,000 catch-all rules before the one that decides, and a 4,000-character URL: some
        // 24 million steps for the first URL, more than the budget of 2 million given here.
        let rules = Array(repeating: #"{"/": "/x*", "?": {"q": "*"}}"#, count: 2_000).joined(separator: ", ")
        let file =
            #"[{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "package_name": "com.example.app", "#
            + #""sha256_cert_fingerprints": ["# + "\"" + Array(repeating: "AB", count: 32).joined(separator: ":") + "\""
            + #"]}, "relation_extensions": {"delegate_permission/common.handle_all_urls": "#
            + #"{"dynamic_app_link_components": ["# + rules + #", {"/": "*"}]}}}]"#
        let urls = "https://a.example/" + String(repeating: "a", count: 4_000) + "\r\nhttps://a.example/ab\r\n"
        try await ServerFixture.app(configure: { $0.assetLinksCheckWorkLimit = 2_000_000 }).test(.router) { client in
            let response = try await client.post("/assetlinks-check", form: [("file", file), ("urls", urls), ("package", "com.example.app")])
            #expect(response.status == .ok)
            #expect(response.text.contains("<code>work-limit-exceeded</code> matching &#39;https://a.example/aaaa"))
            // The second URL would be cheap, but the request's budget is spent.
            #expect(response.text.contains("<code>work-limit-exceeded</code> &#39;https://a.example/ab&#39; was not matched: no steps were left"))
        }
        // The default budget matches both.
        try await ServerFixture.app().test(.router) { client in
            let response = try await client.post("/assetlinks-check", form: [("file", file), ("urls", urls), ("package", "com.example.app")])
            #expect(!response.text.contains("work-limit-exceeded"))
            #expect(response.text.contains("https://a.example/ab</code>: opens com.example.app</h3>"))
        }
    }

    @Test("the home page, the AASA checker and every page's navigation link to the assetlinks checker")
    func linked() async throws {
        try await ServerFixture.app().test(.router) { client in
            for path in ["/", "/aasa-check", "/inspect"] {
                #expect(try await client.get(path).text.contains("<a href=\"/assetlinks-check\">"), "\(path)")
            }
            let page = try await client.get("/assetlinks-check")
            #expect(page.text.contains("<form method=\"post\" action=\"/assetlinks-check/live\">"))
            #expect(page.text.contains("<a href=\"/aasa-check\">AASA checker</a>"))
        }
    }
}
