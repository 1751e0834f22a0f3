import Roundtrip
import RoundtripYAML
import Testing

/// `unsigned-payment-answers`: a payment-like action answered over a custom scheme without
/// signed answers.
@Suite struct SpecLinterAnswersTests {
    static func findings(_ action: String, answers: String = "", url: String = "pay://do") throws -> [SpecDiagnostic] {
        let yaml = """
            roundtrip: 1
            app: {name: Pay, schemes: [pay], domains: [pay.example.com]}
            keys:
              signing: {algorithm: ed25519, public-key: "O2onvM62pC1io6jQKm8Nc2UyFXcd4kOmOsBIoYtZ2ik="}
            actions:
              \(action)
                url: \(url)
                convention: return-url
                \(answers)
            """
        return SpecLinter.lint(try SpecLoader.load(yaml: yaml).spec).filter { $0.rule == "unsigned-payment-answers" }
    }

    @Test(
        "A payment-like name, route or amount is noted",
        arguments: [
            ("charge:", "pay://do", "its name or route says it is a payment"),
            ("Checkout:", "pay://do", "its name or route says it is a payment"),
            ("do:", "pay://terminal/purchase", "its name or route says it is a payment"),
            ("do:\n    parameters: {totalCents: {type: integer}}", "pay://do", "it takes the amount 'totalCents'"),
        ]
    )
    func noted(action: String, url: String, reason: String) throws {
        let found = try Self.findings(action, url: url)
        let name = String(action.prefix { $0 != ":" })
        #expect(found.count == 1)
        #expect(found.first?.severity == .note)
        #expect(found.first?.keyPath == "actions.\(name)")
        #expect(
            found.first?.message
                == "'\(name)' looks like a payment (\(reason)) and answers over the custom scheme '\(url.prefix { $0 != ":" }):', which any app can register and then forge an approval on the request's own callback; sign its answers ('answers: {signatures: required, key: …}' with an ed25519 key)"
        )
    }

    @Test func signedAnswersAUniversalLinkOrAnOrdinaryActionAreNotNoted() throws {
        #expect(try Self.findings("charge:", answers: "answers: {signatures: required, key: signing}").isEmpty)
        #expect(try Self.findings("charge:", url: "https://pay.example.com/charge").isEmpty)
        #expect(try Self.findings("open:\n    parameters: {amount: {type: string}}").isEmpty)
        // Optional signatures still let a forger answer unsigned.
        #expect(try Self.findings("charge:", answers: "answers: {signatures: optional, key: signing}").count == 1)
    }
}
