import Roundtrip
import RoundtripYAML
import Testing

/// Opaque URIs are routes too (RFC 3986 section 3: a scheme without a `//` authority):
/// `bitcoin::address` takes the whole path of BIP 21's `bitcoin:ADDRESS?amount=…`, as
/// `mailto::to` does RFC 6068's `mailto:` and `tel::number` RFC 3966's `tel:`.
@Suite("Routes: opaque URIs")
struct OpaqueRouteTests {
    static let yaml = """
        roundtrip: 1
        app: {name: Wallet, schemes: [bitcoin, mailto, tel]}
        actions:
          pay:
            url: bitcoin::address
            convention: none
            parameters:
              amount: {type: decimal}
              label: {}
          compose:
            url: mailto::to
            convention: none
            unknown-parameters: accept
          call:
            url: tel::number
            convention: none
        """

    @Test(arguments: [
        (
            "bitcoin:1BoatSLRHtKNngkdXEeobR76b53LETtpyT?amount=0.50&label=Tip", "pay",
            ["address": CanonicalValue.text("1BoatSLRHtKNngkdXEeobR76b53LETtpyT"), "amount": .text("0.50"), "label": .text("Tip")]
        ),
        ("mailto:someone@example.com?subject=hi", "compose", ["to": .text("someone@example.com"), "subject": .text("hi")]),
        ("tel:+1-201-555-0123", "call", ["number": .text("+1-201-555-0123")]),
    ])
    func anOpaqueURIIsDecided(url: String, action: String, values: [String: CanonicalValue]) throws {
        let endpoint = try Endpoint(spec: try SpecLoader.load(yaml: Self.yaml).spec)
        let request = try endpoint.evaluate(url)
        #expect(request.actionName == action)
        #expect(request.canonicalValues == values)
    }

    @Test("an opaque URI without its path matches no route")
    func anEmptyPathIsNoRoute() throws {
        let endpoint = try Endpoint(spec: try SpecLoader.load(yaml: Self.yaml).spec)
        guard case .failure(let error) = TestSpecs.decide(endpoint, "bitcoin:?amount=1") else {
            Issue.record("accepted 'bitcoin:' without an address")
            return
        }
        #expect(error.code == .unknownRoute)
    }
}
