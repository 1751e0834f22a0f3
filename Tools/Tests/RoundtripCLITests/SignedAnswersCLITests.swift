import Foundation
import RoundtripToolsTestSupport
import Testing

/// `response build --sign-key KID --secret-env VAR` and `response accept` for a partner that
/// signs its answers (`Tests/Fixtures/specs/signed-answers.yaml`, whose test key is 32 bytes of
/// 0x07).
@Suite("CLI: signed answers")
struct SignedAnswersCLITests {
    let spec = CommandLineRunner.fixture("specs/signed-answers.yaml")
    static let privateKey = Data(repeating: 7, count: 32).base64EncodedString()

    func ledger() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("roundtrip-cli-answers-\(UUID().uuidString)").path
    }

    func request(_ ledger: String) throws -> String {
        let run = try CommandLineRunner.run([
            "request", "build", "--spec", spec, "--action", "charge", "--param", "amount=12.50", "--callback", "pos-app://charged",
            "--ledger", ledger, "--now", "1800000000",
        ])
        #expect(run.exitCode == 0, "\(run.stderr)")
        return run.stdout.trimmingCharacters(in: .newlines)
    }

    func answer(_ request: String, signed: Bool = true) throws -> CommandLineRunner.Result {
        try CommandLineRunner.run(
            [
                "response", "build", "--spec", spec, "--request", request, "--outcome", "success", "--param", "transactionId=T-1", "--now",
                "1800000000",
            ]
                + (signed ? ["--sign-key", "terminal-2026", "--secret-env", "TERMINAL_ANSWER_KEY"] : []),
            environment: ["TERMINAL_ANSWER_KEY": Self.privateKey]
        )
    }

    @Test func aSignedAnswerIsAcceptedAndAStrippedOneIsMissingItsSignature() throws {
        let ledger = ledger()
        let built = try answer(try request(ledger))
        #expect(built.exitCode == 0, "\(built.stderr)")
        let callback = built.stdout.trimmingCharacters(in: .newlines)
        #expect(callback.hasPrefix("pos-app://charged?rt-state="))
        #expect(callback.contains("&term_responseType=approved&term_transactionId=T-1&rt-kid=terminal-2026&rt-ts=1800000000&rt-sig="))

        let stripped = String(callback[..<callback.range(of: "&rt-kid=")!.lowerBound])
        let missing = try CommandLineRunner.run(["response", "accept", "--ledger", ledger, stripped, "--json", "--now", "1800000010"])
        #expect(missing.exitCode == 1)
        let error = try #require(missing.json?["error"] as? [String: Any])
        #expect(error["code"] as? String == "missing-signature")
        #expect(
            error["message"] as? String
                == "the answer is not signed; 'Signed Terminal' signs its answers with key 'terminal-2026' (rt-kid, rt-ts, rt-sig)"
        )

        let tampered = callback.replacingOccurrences(of: "T-1", with: "T-2")
        let bad = try CommandLineRunner.run(["response", "accept", "--ledger", ledger, tampered, "--json", "--now", "1800000010"])
        #expect(bad.exitCode == 1)
        #expect((bad.json?["error"] as? [String: Any])?["code"] as? String == "bad-signature")

        let stale = try CommandLineRunner.run(["response", "accept", "--ledger", ledger, callback, "--json", "--now", "1800000301"])
        #expect(stale.exitCode == 1)
        #expect(
            (stale.json?["error"] as? [String: Any])?["message"] as? String
                == "the answer was signed 301 s ago; answer signatures are fresh for 300 s"
        )

        let accepted = try CommandLineRunner.run(["response", "accept", "--ledger", ledger, callback, "--json", "--now", "1800000010"])
        #expect(accepted.exitCode == 0, "\(accepted.stdout)")
        #expect(accepted.json?["parameters"] as? [String: String] == ["transactionId": "T-1"])
    }

    @Test func buildingAnUnsignedAnswerTheSpecRequiresSignedIsRefused() throws {
        let run = try answer(try request(ledger()), signed: false)
        #expect(run.exitCode == 1)
        #expect(
            run.stderr.contains(
                "missing-signature: the action 'charge' signs its answers (answers.signatures: required); give a signer for key 'terminal-2026'"
            )
        )
    }
}
