import Foundation
import Roundtrip
import RoundtripYAML
import Testing

/// Words that YAML 1.1 readers (PyYAML, many editors' validators) take for Booleans mean the same
/// to the loader, so a spec that validates in one reads the same in the other.
@Suite("Spec loading: YAML 1.1 Boolean words read as YAML 1.1 readers read them")
struct YAMLBooleanWordsTests {
    static func spec(signatures: String = "\"off\"", required: String = "false") -> String {
        """
        roundtrip: 1
        app: {name: T, schemes: [t]}
        keys: {k: {algorithm: hmac-sha256, secret-env: T_SECRET}}
        signatures: \(signatures)
        actions:
          a: {url: "t://a", convention: none, parameters: {p: {required: \(required)}}}
        """
    }

    @Test(
        "a Boolean key reads every YAML 1.1 spelling",
        arguments: [
            ("yes", true), ("Yes", true), ("YES", true), ("on", true), ("On", true), ("ON", true), ("true", true), ("True", true),
            ("no", false), ("No", false), ("NO", false), ("off", false), ("Off", false), ("OFF", false), ("false", false),
            ("FALSE", false),
        ]
    )
    func booleanKey(word: String, expected: Bool) throws {
        let spec = try SpecLoader.load(yaml: Self.spec(required: word)).spec
        #expect(spec.actions[0].parameters[0].isRequired == expected)
    }

    @Test("signatures reads the false words, quoted or not, as off", arguments: ["off", "\"off\"", "no", "NO", "false", "Off"])
    func signaturesOff(word: String) throws {
        #expect(try SpecLoader.load(yaml: Self.spec(signatures: word)).spec.signatures == .off)
    }

    @Test("signatures refuses the true words, which say neither optional nor required", arguments: ["on", "yes", "true", "ON"])
    func signaturesTrueWord(word: String) throws {
        var diagnostics: [SpecDiagnostic] = []
        do {
            _ = try SpecLoader.load(yaml: Self.spec(signatures: word))
        } catch {
            diagnostics = error.diagnostics
        }
        let diagnostic = try #require(diagnostics.first { $0.keyPath == "signatures" })
        #expect(diagnostic.rule == "invalid-value")
        #expect(diagnostic.message == "'\(word)' is not one of off, optional, required; YAML 1.1 readers take it for true, which says neither")
    }

    @Test("a JSON spec's Boolean false for signatures is off too")
    func jsonFalse() throws {
        let json =
            #"{"roundtrip": 1, "app": {"name": "T", "schemes": ["t"]}, "signatures": false, "actions": {"a": {"url": "t://a", "convention": "none"}}}"#
        #expect(try SpecLoader.load(json: json).spec.signatures == .off)
    }
}
