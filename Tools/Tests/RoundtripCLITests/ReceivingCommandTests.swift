import Foundation
import RoundtripToolsTestSupport
import Testing

/// `spec lint`, `request handle` and `response build`, end to end through the binary.
@Suite("CLI: receiving side")
struct ReceivingCommandTests {
    let terminal = CommandLineRunner.fixture("specs/terminal.yaml")
    let rich = CommandLineRunner.fixture("specs/rich.yaml")
    let charge = "com-example-terminal://charge/1.0.0/?amount=12.50&invoiceNumber=123&returnURL=my-return-url%3A%2F%2F%3Frecord_id%3D123"

    @Test func lintValidSpec() throws {
        let result = try CommandLineRunner.run(["spec", "lint", terminal])
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stdout.contains("valid (0 errors, 1 warnings, 3 notes)"))
        #expect(result.stdout.contains("[route-scheme-not-registered]"))
        // 'charge' takes an amount and answers over a custom scheme without signed answers.
        #expect(result.stdout.contains("[unsigned-payment-answers]"))
    }

    @Test func lintJSON() throws {
        let result = try CommandLineRunner.run(["spec", "lint", terminal, "--json"])
        #expect(result.exitCode == 0)
        let json = try #require(result.json)
        #expect(json["valid"] as? Bool == true)
        let findings = try #require(json["findings"] as? [[String: Any]])
        #expect(
            findings.contains {
                $0["rule"] as? String == "route-scheme-not-registered" && $0["severity"] as? String == "warning"
                    && $0["path"] as? String == "actions.add-task.url"
            }
        )
    }

    @Test func lintInvalidSpecExitsOne() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("bad-\(UUID()).yaml")
        try "roundtrip: 1\napp: {name: A, schemes: [a]}\nactions:\n  x: {url: \"a://x\", convention: nope}\n".write(
            to: file,
            atomically: true,
            encoding: .utf8
        )
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try CommandLineRunner.run(["spec", "lint", file.path, "--json"])
        #expect(result.exitCode == 1)
        let findings = try #require(result.json?["findings"] as? [[String: Any]])
        #expect(findings.first?["path"] as? String == "actions.x.convention")
        #expect(findings.first?["line"] as? Int == 4)
    }

    @Test(arguments: [
        ["spec", "lint", "/nonexistent.yaml"], ["request", "handle", "--spec", "/nonexistent.yaml", "x://y"], ["request", "handle"], ["bogus"],
        ["request", "handle", "--spec"],
    ])
    func unreadableInputAndBadUsageExitTwo(arguments: [String]) throws {
        let result = try CommandLineRunner.run(arguments)
        #expect(result.exitCode == 2, "stdout: \(result.stdout) stderr: \(result.stderr)")
        #expect(!result.stderr.isEmpty)
    }

    @Test func syntaxErrorInSpecExitsTwo() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("syntax-\(UUID()).yaml")
        try "roundtrip: 1\napp: [\n".write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(try CommandLineRunner.run(["spec", "lint", file.path]).exitCode == 2)
        #expect(try CommandLineRunner.run(["request", "handle", "--spec", file.path, "x://y"]).exitCode == 2)
    }

    /// An unreadable spec is reported once: on stderr alone in text, as the one JSON object on
    /// stdout with --json (stderr empty), exit 2 either way.
    @Test func lintReportsAnUnreadableSpecOnce() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("unreadable-\(UUID()).yaml")
        try "roundtrip: 1\napp: [\n".write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let text = try CommandLineRunner.run(["spec", "lint", file.path])
        #expect(text.exitCode == 2)
        #expect(text.stdout.isEmpty, "\(text.stdout)")
        #expect(text.stderr.hasPrefix("error: \(file.path) cannot be read as a spec:\n\(file.path):3:1: error: "), "\(text.stderr)")
        #expect(text.stderr.components(separatedBy: "[syntax]").count == 2, "one report: \(text.stderr)")

        let json = try CommandLineRunner.run(["spec", "lint", file.path, "--json"])
        #expect(json.exitCode == 2)
        #expect(json.stderr.isEmpty, "\(json.stderr)")
        #expect(json.stdout.components(separatedBy: "\n").filter { !$0.isEmpty }.count == 1, "\(json.stdout)")
        #expect(json.json?["valid"] as? Bool == false)
        let findings = try #require(json.json?["findings"] as? [[String: Any]])
        #expect(findings.map { $0["rule"] as? String } == ["syntax"])

        let missing = try CommandLineRunner.run(["spec", "lint", "/nonexistent-\(UUID()).yaml"])
        #expect(missing.exitCode == 2)
        #expect(missing.stdout.isEmpty)
        #expect(!missing.stderr.isEmpty)
    }

    @Test func handleAcceptedJSONIsTheContract() throws {
        let result = try CommandLineRunner.run(["request", "handle", "--spec", terminal, charge, "--json"])
        #expect(result.exitCode == 0, "\(result.stdout)\(result.stderr)")
        #expect(
            result.stdout
                == #"{"accepted":true,"action":"charge","callbacks":{"return":"my-return-url://?record_id=123"},"convention":"return-url","parameters":{"amount":"12.50","currency":"USD","invoiceNumber":"123"}}"#
                + "\n"
        )
    }

    @Test func handleRejectedJSONIsTheContract() throws {
        let result = try CommandLineRunner.run(["request", "handle", "--spec", terminal, charge + "&x=1", "--json"])
        #expect(result.exitCode == 1)
        let error = try #require(result.json?["error"] as? [String: Any])
        #expect(result.json?["accepted"] as? Bool == false)
        #expect(error["code"] as? String == "unknown-parameter")
        #expect(error["parameter"] as? String == "x")
        #expect(error["message"] as? String == "the action 'charge' does not take a parameter 'x'")
    }

    @Test func handleTextOutput() throws {
        let result = try CommandLineRunner.run(["request", "handle", "--spec", terminal, charge])
        #expect(result.exitCode == 0)
        #expect(result.stdout.hasPrefix("accepted: charge (return-url)\n  amount = 12.50\n"))
        let rejected = try CommandLineRunner.run(["request", "handle", "--spec", terminal, charge, "--source", "com.apple.mobilesafari"])
        #expect(rejected.exitCode == 1)
        #expect(rejected.stdout == "rejected: untrusted-source: the source application 'com.apple.mobilesafari' is denied (sources.deny)\n")
    }

    @Test func handleUsesTheStateFolderForReplays() throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("state-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: state) }
        // Signed with HMAC-SHA256 key "pos-2026" = "s3cret-for-tests" at rt-ts 1800000000.
        let unsigned = "https://notes.example.com/pay?amount=12.50&returnURL=otherapp%3A%2F%2Fpaid&rt-kid=pos-2026&rt-ts=1800000000&rt-id=cli-1"
        let signature = SignatureFixture.hmacSHA256(unsigned, secret: "s3cret-for-tests")
        let signed = unsigned + "&rt-sig=" + signature
        let environment = ["ROUNDTRIP_TEST_SECRET": "s3cret-for-tests"]
        let arguments = ["request", "handle", "--spec", rich, signed, "--json", "--state", state, "--now", "1800000010"]
        let first = try CommandLineRunner.run(arguments, environment: environment)
        #expect(first.exitCode == 0, "\(first.stdout)")
        let second = try CommandLineRunner.run(arguments, environment: environment)
        #expect(second.exitCode == 1)
        #expect((second.json?["error"] as? [String: Any])?["code"] as? String == "replayed")
        let late = try CommandLineRunner.run(
            ["request", "handle", "--spec", rich, signed, "--json", "--now", "1800000400"],
            environment: environment
        )
        #expect((late.json?["error"] as? [String: Any])?["code"] as? String == "expired")
    }

    @Test func responseBuildAnswersTheCardTerminalRequest() throws {
        let result = try CommandLineRunner.run(["response", "build", "--spec", terminal, "--request", charge, "--outcome", "declined"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stdout == "my-return-url://?record_id=123&ifcc_responseType=declined\n")
        let approved = try CommandLineRunner.run([
            "response", "build", "--spec", terminal, "--request", charge, "--outcome", "success", "--param", "authCode=A 1",
        ])
        #expect(approved.stdout == "my-return-url://?record_id=123&ifcc_responseType=approved&ifcc_authCode=A%201\n")
    }

    @Test func responseBuildRejects() throws {
        let badOutcome = try CommandLineRunner.run(["response", "build", "--spec", terminal, "--request", charge, "--outcome", "maybe"])
        #expect(badOutcome.exitCode == 1)
        #expect(badOutcome.stderr.contains("has the outcomes approved, declined, cancelled, error, not 'maybe'"))
        let badRequest = try CommandLineRunner.run(["response", "build", "--spec", terminal, "--request", "x://y", "--outcome", "success"])
        #expect(badRequest.exitCode == 1)
        #expect(badRequest.stderr.contains("unknown-route"))
        let badParam = try CommandLineRunner.run([
            "response", "build", "--spec", terminal, "--request", charge, "--outcome", "success", "--param", "novalue",
        ])
        #expect(badParam.exitCode == 2)
    }

    @Test func helpExitsZero() throws {
        let result = try CommandLineRunner.run(["--help"])
        #expect(result.exitCode == 0)
        #expect(result.stdout.contains("Exit codes: 0 success or accepted"))
    }
}
