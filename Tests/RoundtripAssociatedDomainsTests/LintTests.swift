import RoundtripAssociatedDomains
import Testing

@Suite("Lint rules")
struct LintTests {
    struct RuleCase: Sendable, CustomTestStringConvertible {
        let rule: String
        let severity: LintFinding.Severity
        let json: String
        let message: String
        var testDescription: String { rule }
    }

    private static let app = AASAFixture.app

    /// A one-detail file with these components.
    private static func one(_ components: String, applinks extra: String = "") -> String {
        let more = extra.isEmpty ? "" : ", " + extra
        return #"{"applinks": {"details": [{"appIDs": [""# + app + #""], "components": "# + components + "}]" + more + "}}"
    }

    static let cases: [RuleCase] = [
        RuleCase(rule: "syntax", severity: .error, json: "{\"applinks\": }", message: "not valid JSON"),
        RuleCase(rule: "schema", severity: .error, json: #"{"applinks": {"details": "all"}}"#, message: "must be a JSON array"),
        RuleCase(
            rule: "legacy-details-form",
            severity: .warning,
            json: #"{"applinks": {"details": {"ABCDE12345.com.x": {"paths": ["*"]}}}}"#,
            message: "early format"
        ),
        RuleCase(rule: "schema", severity: .error, json: #"{"applinks": {}}"#, message: "no 'details' array"),
        RuleCase(rule: "unknown-key", severity: .warning, json: one(#"[{"/": "/a", "excludes": true}]"#), message: "did you mean 'exclude'?"),
        RuleCase(rule: "duplicate-key", severity: .warning, json: one(#"[{"/": "/a", "/": "/b"}]"#), message: "only the last one counts"),
        RuleCase(
            rule: "ineffective-default",
            severity: .warning,
            json: one("[]", applinks: #""defaults": {"exclude": true}"#),
            message: "has no effect"
        ),
        RuleCase(rule: "no-services", severity: .warning, json: "{}", message: "declares no service"),
        RuleCase(
            rule: "app-id-format",
            severity: .error,
            json: #"{"applinks": {"details": [{"appIDs": ["com.example.app"], "components": []}]}}"#,
            message: "10-character Team ID"
        ),
        RuleCase(
            rule: "app-id-format",
            severity: .error,
            json: #"{"webcredentials": {"apps": ["abcde12345.com.example"]}}"#,
            message: "is not an app ID"
        ),
        RuleCase(
            rule: "app-id-and-app-ids",
            severity: .warning,
            json: #"{"applinks": {"details": [{"appID": "A1B2C3D4E5.com.a", "appIDs": ["A1B2C3D4E5.com.a"], "components": []}]}}"#,
            message: "Keep one"
        ),
        RuleCase(rule: "missing-app-id", severity: .error, json: #"{"applinks": {"details": [{"components": []}]}}"#, message: "names no app"),
        RuleCase(
            rule: "mixed-paths-components",
            severity: .error,
            json: #"{"applinks": {"details": [{"appIDs": ["A1B2C3D4E5.com.a"], "components": [], "paths": ["/*"]}]}}"#,
            message: "TN3155"
        ),
        RuleCase(
            rule: "legacy-paths",
            severity: .note,
            json: #"{"applinks": {"apps": [], "details": [{"appID": "A1B2C3D4E5.com.a", "paths": ["/*"]}]}}"#,
            message: "legacy 'paths'"
        ),
        RuleCase(
            rule: "no-rules",
            severity: .warning,
            json: #"{"applinks": {"details": [{"appIDs": ["A1B2C3D4E5.com.a"]}]}}"#,
            message: "neither 'components' nor 'paths'"
        ),
        RuleCase(
            rule: "apps-not-empty",
            severity: .warning,
            json: #"{"applinks": {"apps": ["A1B2C3D4E5.com.a"], "details": []}}"#,
            message: "must be an empty array"
        ),
        RuleCase(rule: "empty-details", severity: .warning, json: #"{"applinks": {"details": []}}"#, message: "no app opens any URL"),
        RuleCase(rule: "exclude-only", severity: .warning, json: one(#"[{"/": "/a", "exclude": true}]"#), message: "every component excludes"),
        RuleCase(
            rule: "shadowed-rule",
            severity: .warning,
            json: one(#"[{"/": "/*"}, {"/": "/private/*", "exclude": true}]"#),
            message: "this exclude never applies"
        ),
        RuleCase(
            rule: "shadowed-rule",
            severity: .warning,
            json: one(#"[{"/": "/a/*"}, {"/": "/a/?*/b", "?": {"x": "1"}}]"#),
            message: "component 1"
        ),
        RuleCase(
            rule: "shadowed-rule",
            severity: .warning,
            json: one(#"[{"/": "/A/*", "caseSensitive": false}, {"/": "/a/b"}]"#),
            message: "unreachable"
        ),
        RuleCase(
            rule: "shadowed-rule",
            severity: .warning,
            json: one(#"[{"?": {"q": "?*"}}, {"/": "/s", "?": {"q": "abc", "r": "1"}}]"#),
            message: "unreachable"
        ),
        RuleCase(
            rule: "shadowed-rule",
            severity: .warning,
            json: #"{"applinks": {"details": [{"appID": "A1B2C3D4E5.com.a", "paths": ["/*", "NOT /x"]}]}}"#,
            message: "path 1"
        ),
        RuleCase(
            rule: "shadowed-rule",
            severity: .warning,
            json: one(##"[{"#": "x"}, {"/": "/a", "#": "x", "exclude": true}]"##),
            message: "component 1"
        ),
        RuleCase(
            rule: "shadowed-rule",
            severity: .warning,
            json: one(#"[{"/": "/$(v)/*"}, {"/": "/b/x"}]"#, applinks: #""substitutionVariables": {"v": ["a", "b"]}"#),
            message: "component 0"
        ),
        RuleCase(
            rule: "shadowed-rule",
            severity: .warning,
            json: one(#"[{"/": "/x/*"}, {"/": "*/end"}, {"/": "/$(lang)/*/end"}]"#),
            message: "component 2"
        ),
        RuleCase(rule: "unknown-substitution-variable", severity: .error, json: one(#"[{"/": "/$(colour)/*"}]"#), message: "$(colour)"),
        RuleCase(
            rule: "substitution-variable-name",
            severity: .error,
            json: one(#"[{"/": "/*"}]"#, applinks: #""substitutionVariables": {"a(b": ["x"]}"#),
            message: "no '$', '(' or ')'"
        ),
        RuleCase(
            rule: "substitution-variable-value",
            severity: .error,
            json: one(#"[{"/": "/$(v)"}]"#, applinks: #""substitutionVariables": {"v": ["$(alpha)"]}"#),
            message: "no $(…)"
        ),
        RuleCase(
            rule: "substitution-variable-predefined",
            severity: .warning,
            json: one(#"[{"/": "/$(digit)"}]"#, applinks: #""substitutionVariables": {"digit": ["1"]}"#),
            message: "redefines"
        ),
        RuleCase(
            rule: "substitution-variable-unused",
            severity: .note,
            json: one(#"[{"/": "/*"}]"#, applinks: #""substitutionVariables": {"v": ["1"]}"#),
            message: "not used"
        ),
        RuleCase(
            rule: "substitution-too-large",
            severity: .error,
            json: one(#"[{"/": "/$(v)$(v)$(v)$(v)"}]"#, applinks: #""substitutionVariables": {"v": ["0","1","2","3","4","5","6","7","8","9"]}"#),
            message: "alternatives"
        ),
        RuleCase(rule: "invalid-percent-escape", severity: .warning, json: one(#"[{"/": "/100%"}]"#), message: "%25"),
        RuleCase(rule: "non-ascii-pattern", severity: .warning, json: one(#"[{"/": "/café"}]"#), message: "percentEncoded"),
    ]

    @Test(arguments: cases)
    func rule(_ testCase: RuleCase) throws {
        let findings = AssociationLinter.lint(Array(testCase.json.utf8))
        let finding = try #require(findings.first { $0.rule == testCase.rule }, "no \(testCase.rule) in \(findings)")
        #expect(finding.severity == testCase.severity)
        #expect(finding.message.contains(testCase.message))
    }

    @Test func documentedStyleFileIsClean() throws {
        let findings = AssociationLinter.lint(try AASAFixture.bytes("aasa/shop.json"))
        #expect(!findings.contains { $0.severity != .note })
    }

    @Test func shadowingIsNotReportedWhenUnsure() {
        let json =
            #"{"applinks": {"details": [{"appIDs": ["A1B2C3D4E5.com.a"], "components": [{"/": "/a/*", "?": {"x": "1"}}, {"/": "/a/b"}, {"/": "/$(lang)/*"}, {"/": "/en/x"}]}]}}"#
        #expect(!AssociationLinter.lint(Array(json.utf8)).contains { $0.rule == "shadowed-rule" })
    }

    @Test func sizeOverTheLimitIsAnError() {
        let padding = String(repeating: " ", count: AssociationLinter.maximumSize)
        let findings = AssociationLinter.lint(Array(("{\"applinks\": {\"details\": []}}" + padding).utf8))
        #expect(findings.first?.rule == "file-size")
        #expect(findings.first?.severity == .error)
    }

    @Test func findingsAreSortedErrorsFirst() throws {
        let findings = AssociationLinter.lint(try AASAFixture.bytes("aasa/broken.json"))
        #expect(findings.first?.severity == .error)
        #expect(findings.map(\.severity) == findings.map(\.severity).sorted())
        #expect(findings.first?.position?.line == 4)
        #expect(findings.first?.position?.column == 7)
    }

    // MARK: Serving

    struct ServingCase: Sendable, CustomTestStringConvertible {
        let name: String
        let exchange: HTTPExchange
        let rules: [String]
        var testDescription: String { name }
    }

    static let wellKnown = "https://example.com/.well-known/apple-app-site-association"

    static let servingCases: [ServingCase] = [
        ServingCase(name: "correct", exchange: HTTPExchange(url: wellKnown, status: 200, headers: ["Content-Type": "application/json"]), rules: []),
        ServingCase(
            name: "charset allowed",
            exchange: HTTPExchange(url: wellKnown, status: 200, headers: ["content-type": "Application/JSON; charset=utf-8"]),
            rules: []
        ),
        ServingCase(
            name: "http",
            exchange: HTTPExchange(
                url: "http://example.com/.well-known/apple-app-site-association",
                status: 200,
                headers: ["Content-Type": "application/json"]
            ),
            rules: ["serving-https"]
        ),
        ServingCase(
            name: "redirect",
            exchange: HTTPExchange(
                url: wellKnown,
                redirects: [
                    HTTPExchange.Redirect(status: 301, from: wellKnown, location: "https://www.example.com/.well-known/apple-app-site-association")
                ],
                status: 200,
                headers: ["Content-Type": "application/json"]
            ),
            rules: ["serving-redirect"]
        ),
        ServingCase(
            name: "not found",
            exchange: HTTPExchange(url: wellKnown, status: 404, headers: ["Content-Type": "text/html"]),
            rules: ["serving-status", "serving-content-type"]
        ),
        ServingCase(
            name: "octet-stream",
            exchange: HTTPExchange(url: wellKnown, status: 200, headers: ["Content-Type": "application/octet-stream"]),
            rules: ["serving-content-type"]
        ),
        ServingCase(name: "no content type", exchange: HTTPExchange(url: wellKnown, status: 200), rules: ["serving-content-type"]),
        ServingCase(
            name: ".json extension",
            exchange: HTTPExchange(url: wellKnown + ".json", status: 200, headers: ["Content-Type": "application/json"]),
            rules: ["serving-path"]
        ),
        ServingCase(
            name: "root path",
            exchange: HTTPExchange(url: "https://example.com/apple-app-site-association", status: 200, headers: ["Content-Type": "application/json"]),
            rules: ["serving-path"]
        ),
        ServingCase(
            name: "too big",
            exchange: HTTPExchange(url: wellKnown, status: 200, headers: ["Content-Type": "application/json"], bodySize: 200_000),
            rules: ["file-size"]
        ),
        ServingCase(
            name: "too big by Content-Length",
            exchange: HTTPExchange(url: wellKnown, status: 200, headers: ["Content-Type": "application/json", "Content-Length": "200000"]),
            rules: ["file-size"]
        ),
    ]

    @Test(arguments: servingCases)
    func serving(_ testCase: ServingCase) {
        let findings = AssociationLinter.lintServing(testCase.exchange)
        #expect(findings.map(\.rule).sorted() == testCase.rules.sorted())
        for finding in findings {
            #expect(!finding.message.isEmpty)
        }
    }

    @Test func redirectMessageShowsTheChain() throws {
        let exchange = HTTPExchange(
            url: LintTests.wellKnown,
            redirects: [HTTPExchange.Redirect(status: 302, from: LintTests.wellKnown, location: "https://cdn.example.net/aasa")],
            status: 200,
            headers: ["Content-Type": "application/json"]
        )
        let finding = try #require(AssociationLinter.lintServing(exchange).first)
        #expect(finding.severity == .error)
        #expect(finding.message.contains("302 \(LintTests.wellKnown) -> https://cdn.example.net/aasa"))
        #expect(finding.message.contains("does not follow redirects"))
    }
}
