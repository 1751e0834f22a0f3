import Roundtrip
import RoundtripYAML
import Testing

/// `callback-match: exact` lets a listed callback carry one thing more: `?rt-state=` and a nonce
/// as Roundtrip makes them (base64url, no padding, canonical, of at least 16 random bytes), the
/// same rule the request builder holds a nonce to.
@Suite("callback-match: exact takes only a Roundtrip nonce after the listed URL")
struct ExactCallbackNonceTests {
    static let yaml = """
        roundtrip: 1
        app: {name: Terminal, schemes: [terminal]}
        callbacks: ["pos-app://charge-result"]
        actions:
          charge: {url: "terminal://charge", convention: return-url, callback-match: exact}
        """

    static func decide(_ callback: String) throws -> RoundtripError? {
        let endpoint = try Endpoint(spec: try SpecLoader.load(yaml: yaml).spec)
        do {
            _ = try endpoint.evaluate("terminal://charge?returnURL=" + QueryCodec.encodeComponent(callback))
            return nil
        } catch {
            return error
        }
    }

    static let nonce = Nonce.make()

    @Test(arguments: [
        "pos-app://charge-result",
        "pos-app://charge-result?rt-state=" + nonce,
        "pos-app://charge-result?rt-state=AAAAAAAAAAAAAAAAAAAAAA",
        "pos-app://charge-result?rt-state=" + Nonce.make(byteCount: 32),
    ])
    func aListedCallbackWithARoundtripNonceIsAccepted(callback: String) throws {
        #expect(try Self.decide(callback) == nil)
    }

    @Test(arguments: [
        // Not Roundtrip's alphabet: text, escapes, a second item hidden in the value.
        "pos-app://charge-result?rt-state=abc",
        "pos-app://charge-result?rt-state=AAAAAAAAAAAAAAAAAAAAA%2F",
        "pos-app://charge-result?rt-state=AAAAAAAAAAAAAAAAAAAA/x",
        "pos-app://charge-result?rt-state=AAAAAAAAAAAAAAAAAAAAAA;evil=1",
        "pos-app://charge-result?rt-state=AAAAAAAAAAAAAAAAAAAAAA%26evil%3D1",
        "pos-app://charge-result?rt-state=AAAAAAAAAAAAAAAAAAAAAA&evil=1",
        "pos-app://charge-result?rt-state=AAAAAAAAAAAAAAAAAAAAAA==",
        // Too short (15 bytes), or a last character with unused bits set (a second spelling).
        "pos-app://charge-result?rt-state=AAAAAAAAAAAAAAAAAAAA",
        "pos-app://charge-result?rt-state=AAAAAAAAAAAAAAAAAAAAAB",
        "pos-app://charge-result?rt-state=",
        "pos-app://charge-result?rt-state",
    ])
    func anythingElseAfterTheListedCallbackIsRefused(callback: String) throws {
        let error = try Self.decide(callback)
        #expect(error?.code == .forbiddenCallback, "\(String(describing: error))")
    }

    /// The builder holds a nonce to the same rule, so every request it writes passes.
    @Test func theBuilderRefusesANonceTheExactMatchWouldRefuse() throws {
        let spec = try SpecLoader.load(yaml: Self.yaml).spec
        let builder = try RequestBuilder(partner: spec)
        let request = try builder.build("charge", callback: "pos-app://charge-result", nonce: Self.nonce)
        #expect(throws: Never.self) { try Endpoint(spec: spec).evaluate(request.url) }
        for nonce in ["abc", "AAAAAAAAAAAAAAAAAAAA", "AAAAAAAAAAAAAAAAAAAAAB", "AAAAAAAAAAAAAAAAAAAAAA=="] {
            #expect {
                try builder.build("charge", callback: "pos-app://charge-result", nonce: nonce)
            } throws: { error in
                (error as? RoundtripError)?.code == .invalidParameter
            }
        }
    }
}
