import Roundtrip
import Testing

/// A parameter name is refused for a control character, a C1 control or a bidi control, and for
/// a `*` anywhere but at its end; every other character is the name's own. The reader tells a
/// name of printable ASCII without `*` in one pass over its bytes, so every ASCII byte is tried
/// here, beside a few characters past ASCII.
@Suite("Parameter names, byte by byte")
struct ParameterNameBytesTests {
    /// The messages about `name`'s characters when it is a parameter's name.
    private func characterFindings(_ name: String) -> [String] {
        // Each character written as a JSON escape, so that quotes, backslashes and controls fit.
        let escaped = name.unicodeScalars.map { scalar in
            let hex = String(scalar.value, radix: 16)
            return scalar.value < 0x10000 ? "\\u" + String(repeating: "0", count: 4 - hex.count) + hex : String(scalar)
        }.joined()
        let spec =
            #"{"roundtrip":1,"app":{"name":"T","schemes":["t"]},"actions":{"a":{"url":"t://a","convention":"none","#
            + #""parameters":{"\#(escaped)":{"type":"string"}}}}}"#
        do {
            _ = try SpecLoader.load(json: spec)
            return []
        } catch {
            return error.diagnostics.filter { $0.rule == "invalid-name" }.map(\.message)
        }
    }

    @Test(arguments: UInt8(0)...UInt8(0x7F))
    func everyASCIIByteInsideAName(_ byte: UInt8) {
        let findings = characterFindings("a" + String(Character(Unicode.Scalar(byte))) + "b")
        let isControl = byte < 0x20 || byte == 0x7F
        #expect(findings.contains { $0.hasSuffix("names may not hold control characters or bidi overrides") } == isControl)
        #expect(findings.contains { $0.hasPrefix("'*' may only end a parameter name") } == (byte == 0x2A))
        if !isControl, byte != 0x2A { #expect(findings.isEmpty) }
    }

    @Test(arguments: [
        ("a\u{E9}b", false),
        ("e\u{301}", false),
        ("a\u{9B}b", true),
        ("a\u{202E}b", true),
        ("a\u{2066}b", true),
        ("caf\u{E9}*", false),
    ])
    func charactersPastASCII(_ name: String, _ isRefused: Bool) {
        #expect(characterFindings(name).isEmpty == !isRefused)
    }

    /// A name ending in `*` is a prefix, whose definition is held to what a prefix may have;
    /// a plain name is none.
    @Test func aStarEndsAPrefixAndItsDefinitionIsChecked() throws {
        let header = #"{"roundtrip":1,"app":{"name":"T","schemes":["t"]},"actions":{"a":{"url":"t://a","convention":"none","parameters":"#
        let loaded = try SpecLoader.load(json: header + #"{"fld*":{"type":"string"},"amount":{"type":"string","required":true}}}}}"#)
        #expect(loaded.spec.actions.first?.parameters.map(\.isPrefix) == [true, false])
        let required = header + #"{"fld*":{"type":"string","required":true}}}}}"#
        let refusal = #expect(throws: SpecError.self) { try SpecLoader.load(json: required) }
        #expect(refusal?.diagnostics.map(\.keyPath) == ["actions.a.parameters.fld*.required"])
    }
}
