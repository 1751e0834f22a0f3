import Roundtrip
import RoundtripYAML
import Testing

/// A fragment on an action that declares none is refused under every `unknown-parameters` policy
/// (that policy is about query names), unless the action says `fragment: ignore`.
@Suite("fragment: refused under every unknown-parameters policy unless ignored")
struct FragmentPolicyTests {
    static let yaml = """
        roundtrip: 1
        app: {name: Notes, schemes: [notes]}
        actions:
          strict: {url: "notes://strict", convention: none, parameters: {a: {}}}
          ignoring: {url: "notes://ignoring", convention: none, unknown-parameters: ignore, parameters: {a: {}}}
          accepting: {url: "notes://accepting", convention: none, unknown-parameters: accept, parameters: {a: {}}}
          dropping: {url: "notes://dropping", convention: none, fragment: ignore, parameters: {a: {}}}
          reading: {url: "notes://reading", convention: none, fragment: {name: due}, parameters: {a: {}}}
        """

    static func decide(_ url: String) throws -> Result<[String: String], RoundtripError> {
        let endpoint = try Endpoint(spec: try SpecLoader.load(yaml: yaml).spec)
        do {
            return .success(try endpoint.evaluate(url).canonicalParameters)
        } catch {
            return .failure(error)
        }
    }

    @Test(arguments: ["strict", "ignoring", "accepting"])
    func anUndeclaredFragmentIsAnUnknownParameter(action: String) throws {
        guard case .failure(let error) = try Self.decide("notes://\(action)?a=1#note") else {
            Issue.record("accepted a fragment on '\(action)'")
            return
        }
        #expect(error.code == .unknownParameter)
        #expect(error.parameter == "#")
        #expect(
            error.message == "the URL has a fragment ('#…') but the action '\(action)' declares none; 'fragment: ignore' would drop it"
        )
    }

    @Test(arguments: [
        ("notes://dropping?a=1#note", ["a": "1"]),
        ("notes://dropping?a=1", ["a": "1"]),
        ("notes://reading?a=1#soon", ["a": "1", "due": "soon"]),
        // An empty fragment carries nothing, whatever the action says.
        ("notes://strict?a=1#", ["a": "1"]),
        ("notes://ignoring?a=1#", ["a": "1"]),
    ])
    func aDeclaredOrIgnoredFragmentIsAccepted(url: String, values: [String: String]) throws {
        #expect(try Self.decide(url).get() == values)
    }

    @Test func anotherWordIsNoFragment() throws {
        let yaml = """
            roundtrip: 1
            app: {name: Notes, schemes: [notes]}
            actions:
              open: {url: "notes://open", convention: none, fragment: drop}
            """
        #expect {
            try SpecLoader.load(yaml: yaml)
        } throws: { error in
            let text = String(describing: error)
            return text.contains("actions.open.fragment") && text.contains("'drop' is not a fragment") && text.contains("invalid-value")
        }
    }
}
