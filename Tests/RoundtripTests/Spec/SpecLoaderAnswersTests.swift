import Roundtrip
import RoundtripYAML
import Testing

/// `answers` and `callback-match`: what they load as, and a typed load error for every
/// combination that cannot work.
@Suite struct SpecLoaderAnswersTests {
    static let publicKey = "O2onvM62pC1io6jQKm8Nc2UyFXcd4kOmOsBIoYtZ2ik="

    static func spec(top: String = "", action: String = "", convention: String = "return-url", callbacks: Bool = true) -> String {
        """
        roundtrip: 1
        app: {name: Terminal, schemes: [terminal]}
        \(callbacks ? "callbacks: [\"pos://back\"]" : "")
        keys:
          signing: {algorithm: ed25519, public-key: "\(publicKey)"}
          shared: {algorithm: hmac-sha256, secret-env: SHARED_SECRET}
          paired: {algorithm: hmac-sha256, keychain: paired-answers}
        \(top)
        actions:
          charge:
            url: terminal://charge
            convention: \(convention)
            \(action)
          other:
            url: terminal://other
            convention: x-callback-url
        """
    }

    @Test func appLevelAnswersReachEveryActionThatAnswers() throws {
        let yaml = Self.spec(top: "answers: {signatures: required, key: signing}", convention: "ulc")
            .replacingOccurrences(of: "terminal://charge", with: "https://terminal.example.com/charge")
        let spec = try SpecLoader.load(yaml: yaml).spec
        #expect(spec.answers == AnswerPolicy(signatures: .required, keyID: "signing"))
        // A Universal Link Callback appends nothing, so it inherits no signed answers.
        #expect(spec.action(named: "charge")?.answers == .off)
        #expect(spec.action(named: "other")?.answers == AnswerPolicy(signatures: .required, keyID: "signing"))
    }

    @Test func anActionsAnswersReplaceTheApps() throws {
        let spec = try SpecLoader.load(
            yaml: Self.spec(top: "answers: {signatures: optional, key: signing}", action: "answers: {signatures: required, key: paired}")
        ).spec
        #expect(spec.action(named: "charge")?.answers == AnswerPolicy(signatures: .required, keyID: "paired"))
        #expect(spec.action(named: "other")?.answers == AnswerPolicy(signatures: .optional, keyID: "signing"))
        let off = try SpecLoader.load(yaml: Self.spec(top: "answers: {signatures: required, key: signing}", action: "answers: {signatures: off}"))
            .spec
        #expect(off.action(named: "charge")?.answers == .off)
    }

    @Test func callbackMatchLoadsAtBothLevels() throws {
        let spec = try SpecLoader.load(yaml: Self.spec(top: "callback-match: exact", action: "callback-match: base")).spec
        #expect(spec.callbackMatch == .exact)
        #expect(spec.action(named: "charge")?.callbackMatch == .base)
        #expect(spec.action(named: "other")?.callbackMatch == .exact)
        #expect(try SpecLoader.load(yaml: Self.spec()).spec.callbackMatch == .base)
    }

    /// (the `answers` or `callback-match` text, where, rule, key path, message)
    static let errors: [(String, Bool, String, String, String)] = [
        (
            "answers: {signatures: always, key: signing}", false, "invalid-value", "answers.signatures",
            "'always' is not one of off, optional, required"
        ),
        ("answers: {key: signing}", false, "missing-key", "answers.signatures", "'answers' needs 'signatures': off, optional or required"),
        (
            "answers: {signatures: required}", false, "missing-key", "answers.key",
            "answers with 'signatures: required' need a 'key': the id of the key in 'keys' that signs them"
        ),
        (
            "answers: {signatures: optional, key: nope}", false, "unknown-answer-key", "answers.key",
            "'nope' is not a key of 'keys' (keys: signing, shared, paired)"
        ),
        (
            "answers: {signatures: required, key: shared}", true, "shared-secret-answer-key", "actions.charge.answers.key",
            "'shared' is an hmac-sha256 key read from 'secret-env', one secret for every caller: any caller, or anyone who pulls the secret out of one, could forge answers; sign answers with an ed25519 key (callers hold only its public key) or an hmac-sha256 'keychain' key provisioned for each pairing"
        ),
        (
            "answers: {signatures: off, key: signing}", true, "unused-answer-key", "actions.charge.answers.key",
            "answers with 'signatures: off' are not signed, so 'key' is never used; set 'signatures' to optional or required, or remove 'key'"
        ),
        ("answers: {signatures: required, key: signing, algorithm: ed25519}", false, "unknown-key", "answers.algorithm", ""),
        ("answers: required", false, "wrong-type", "answers", "expected a mapping (key: value pairs)"),
        ("callback-match: prefix", true, "invalid-value", "actions.charge.callback-match", "'prefix' is not one of base, exact"),
    ]

    @Test(arguments: errors)
    func wrongCombinationsAreLoadErrors(text: String, inAction: Bool, rule: String, path: String, message: String) {
        let yaml = inAction ? Self.spec(action: text) : Self.spec(top: text)
        let found = specLoadError(yaml, rule: rule, path: path)
        if !message.isEmpty { #expect(found?.message == message) }
    }

    @Test(arguments: ["ulc", "none"])
    func answersOnAnActionWithoutACallbackAreAnError(convention: String) {
        var yaml = Self.spec(action: "answers: {signatures: required, key: signing}", convention: convention)
        if convention == "ulc" { yaml = yaml.replacingOccurrences(of: "terminal://charge", with: "https://terminal.example.com/charge") }
        let found = specLoadError(yaml, rule: "answers-without-callback", path: "actions.charge.answers")
        #expect(found?.message.hasPrefix("a \(convention) action opens no callback the app could sign") == true)
    }

    @Test func exactMatchingNeedsACallbacksList() {
        let found = specLoadError(
            Self.spec(top: "callback-match: exact", callbacks: false),
            rule: "exact-match-without-callbacks",
            path: "callback-match"
        )
        #expect(
            found?.message
                == "'callback-match: exact' compares callbacks with the 'callbacks' list, which this spec does not have; add the exact callback URLs under 'callbacks'"
        )
    }
}
