import Foundation
import Testing

@Suite("roundtrip aasa (the built binary)", .enabled(if: AASACLI.isAvailable, "build the roundtrip binary first: swift build"))
struct CLITests {
    static let shop = "Tests/Fixtures/aasa/shop.json"

    struct MatchCase: Sendable, CustomTestStringConvertible {
        let url: String
        let appID: String?
        let status: Int32
        let matched: Bool
        let blocked: Bool
        let app: String?
        let rule: Int?
        var testDescription: String { url + (appID.map { " for " + $0 } ?? "") }
    }

    static let matchCases: [MatchCase] = [
        MatchCase(
            url: "https://example.com/buy/42",
            appID: nil,
            status: 0,
            matched: true,
            blocked: false,
            app: "A1B2C3D4E5.com.example.shop",
            rule: 1
        ),
        MatchCase(
            url: "https://example.com/buy/42",
            appID: "A1B2C3D4E5.com.example.shop.beta",
            status: 0,
            matched: true,
            blocked: false,
            app: "A1B2C3D4E5.com.example.shop.beta",
            rule: 1
        ),
        MatchCase(
            url: "https://example.com/help/website/x",
            appID: nil,
            status: 1,
            matched: false,
            blocked: true,
            app: "A1B2C3D4E5.com.example.shop",
            rule: 2
        ),
        MatchCase(
            url: "https://example.com/legacy/x",
            appID: nil,
            status: 0,
            matched: true,
            blocked: false,
            app: "Z9Y8X7W6V5.com.example.legacy",
            rule: 1
        ),
        MatchCase(
            url: "https://example.com/private/x",
            appID: "Z9Y8X7W6V5.com.example.legacy",
            status: 1,
            matched: false,
            blocked: true,
            app: "Z9Y8X7W6V5.com.example.legacy",
            rule: 0
        ),
        MatchCase(url: "https://example.com/nothing", appID: nil, status: 1, matched: false, blocked: false, app: nil, rule: nil),
    ]

    @Test(arguments: matchCases)
    func matchJSON(_ testCase: MatchCase) throws {
        var arguments = ["aasa", "match", CLITests.shop, testCase.url, "--json"]
        if let appID = testCase.appID { arguments += ["--app-id", appID] }
        let output = try AASACLI.run(arguments)
        #expect(output.status == testCase.status)
        let json = try AASACLI.json(output)
        #expect(Set(json.keys) == ["matched", "blocked", "appID", "rule"])
        #expect(json["matched"] as? Bool == testCase.matched)
        #expect(json["blocked"] as? Bool == testCase.blocked)
        #expect(json["appID"] as? String == testCase.app)
        #expect(json["rule"] as? Int == testCase.rule)
    }

    @Test func matchExplainsInText() throws {
        let output = try AASACLI.run(["aasa", "match", CLITests.shop, "https://example.com/help/x?article=12"])
        #expect(output.status == 1)
        #expect(output.stdout.contains("NOT MATCHED"))
        #expect(output.stdout.contains("the query item 'article'"))
    }

    @Test func matchRejectsBadInput() throws {
        let badURL = try AASACLI.run(["aasa", "match", CLITests.shop, "not a url"])
        #expect(badURL.status == 2)
        #expect(badURL.stderr.contains("is not a URL"))
        let missing = try AASACLI.run(["aasa", "match", "Tests/Fixtures/aasa/missing.json", "https://example.com/"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("cannot read"))
        let syntax = try AASACLI.run(["aasa", "match", "Tests/Fixtures/aasa/syntax-error.json", "https://example.com/"])
        #expect(syntax.status == 2)
        #expect(syntax.stderr.contains("4:"))
    }

    @Test func lintExitCodes() throws {
        let clean = try AASACLI.run(["aasa", "lint", CLITests.shop])
        #expect(clean.status == 0)
        #expect(clean.stdout.contains("valid (0 errors"))
        let broken = try AASACLI.run(["aasa", "lint", "Tests/Fixtures/aasa/broken.json", "--json"])
        #expect(broken.status == 1)
        let json = try AASACLI.json(broken)
        #expect(json["valid"] as? Bool == false)
        let findings = json["findings"] as? [[String: Any]] ?? []
        #expect(findings.first?["rule"] as? String == "app-id-format")
        #expect(findings.first?["line"] as? Int == 4)
        #expect(findings.contains { $0["rule"] as? String == "shadowed-rule" })
        // Not JSON is a finding of severity error like any other: exit 1; 2 stays for unreadable paths.
        let syntax = try AASACLI.run(["aasa", "lint", "Tests/Fixtures/aasa/syntax-error.json"])
        #expect(syntax.status == 1)
        #expect(syntax.stdout.contains("syntax-error.json:4:"))
        let syntaxJSON = try AASACLI.json(try AASACLI.run(["aasa", "lint", "Tests/Fixtures/aasa/syntax-error.json", "--json"]))
        #expect(syntaxJSON["valid"] as? Bool == false)
        let syntaxFinding = (syntaxJSON["findings"] as? [[String: Any]])?.first
        #expect(syntaxFinding?["rule"] as? String == "syntax")
        #expect(syntaxFinding?["severity"] as? String == "error")
        let folder = try AASACLI.run(["aasa", "lint", "Tests/Fixtures/aasa"])
        #expect(folder.status == 2)
        let usage = try AASACLI.run(["aasa", "lint"])
        #expect(usage.status == 2)
        let missing = try AASACLI.run(["aasa", "lint", "Tests/Fixtures/aasa/missing.json"])
        #expect(missing.status == 2)
    }

    /// A file's keys and values quoted in findings cannot drive the terminal nor fake a line.
    @Test func lintEscapesControlCharactersInText() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("aasa-escape-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("apple-app-site-association").path
        let body = #"{"applinks": {"details": [{"appIDs": ["BAD\u001b]0;owned\u0007\nfake: valid"], "components": [{"/": "/x"}]}]}}"#
        try Data(body.utf8).write(to: URL(fileURLWithPath: path))
        let lint = try AASACLI.run(["aasa", "lint", path])
        #expect(lint.status == 1)
        #expect(!lint.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || $0.value == 0x7F })
        #expect(lint.stdout.contains("BAD\\u{1B}]0;owned\\u{07}\\u{0A}fake: valid"), "\(lint.stdout)")
        let json = try AASACLI.json(try AASACLI.run(["aasa", "lint", path, "--json"]))
        let messages = (json["findings"] as? [[String: Any]] ?? []).compactMap { $0["message"] as? String }
        #expect(messages.contains { $0.contains("BAD\u{1B}]0;owned\u{07}\nfake: valid") }, "JSON keeps the value, escaped by JSON's rules")
    }

    /// A file over Apple's 128 KB limit: lint reports it (exit 1), match refuses it (exit 2);
    /// neither reads past the limit.
    @Test func fileOverTheLimitIsRefused() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("aasa-size-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("apple-app-site-association").path
        let body = #"{"applinks": {"details": []}}"#
        try Data((body + String(repeating: " ", count: 4 * 128 * 1024)).utf8).write(to: URL(fileURLWithPath: path))

        let lint = try AASACLI.run(["aasa", "lint", path, "--json"])
        #expect(lint.status == 1)
        let findings = try AASACLI.json(lint)["findings"] as? [[String: Any]] ?? []
        #expect(findings.count == 1)
        #expect(findings.first?["rule"] as? String == "file-size")
        #expect((findings.first?["message"] as? String)?.contains("over Apple's limit of 131072 bytes (128 KB)") == true)
        // One byte past the limit was read, not the whole file.
        #expect((findings.first?["message"] as? String)?.contains("131073 bytes were read") == true)

        let match = try AASACLI.run(["aasa", "match", path, "https://example.com/"])
        #expect(match.status == 2)
        #expect(match.stderr.contains("too-large: the file is over Apple's limit"))
    }

    @Test func generatePrintsTheFile() throws {
        let output = try AASACLI.run(["aasa", "generate", "--spec", "Tests/Fixtures/specs/terminal.yaml"])
        #expect(output.status == 0)
        let json = try AASACLI.json(output)
        let details = (json["applinks"] as? [String: Any])?["details"] as? [[String: Any]]
        #expect(details?.first?["appIDs"] as? [String] == ["ABCDE12345.com.example.terminal"])
        let wrongDomain = try AASACLI.run(["aasa", "generate", "--spec", "Tests/Fixtures/specs/terminal.yaml", "--domain", "other.example.com"])
        #expect(wrongDomain.status == 2)
        #expect(wrongDomain.stderr.contains("terminal.example.com"))
        let noSpec = try AASACLI.run(["aasa", "generate"])
        #expect(noSpec.status == 2)
    }
}
