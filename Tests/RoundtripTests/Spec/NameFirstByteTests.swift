import Roundtrip
import Testing

/// Two names that begin with different ASCII bytes differ, and neither begins with the other, as
/// `String`s compare; any other pair is left to the comparison itself, so canonically
/// equivalent names (a precomposed letter and a letter with a combining mark) stay one name.
@Suite("Names told apart by their first byte")
struct NameFirstByteTests {
    @Test(arguments: [
        ("amount", "currency", true),
        ("ifcc_total", "amount", true),
        ("amount", "amount", false),
        ("amount", "a", false),
        ("\u{E9}", "e\u{301}", false),
        ("e\u{301}", "\u{E9}", false),
        ("\u{E9}t\u{E9}", "ete", false),
        ("", "a", false),
        ("a", "", false),
    ])
    func firstBytes(_ name: String, _ other: String, _ differ: Bool) {
        #expect(name.beginsWithOtherASCIIByte(than: other) == differ)
        // Whenever it says they differ, they do, and neither begins with the other.
        if differ { #expect(name != other && !name.hasPrefix(other) && !other.hasPrefix(name)) }
    }

    /// Two keys of one parameters mapping, and whether they are one key. Keys are first told
    /// apart by their length and end bytes when both are ASCII; a key with other bytes is
    /// compared whole, so canonically equivalent spellings stay one key.
    @Test(arguments: [
        // JSON escapes, written into the spec's text.
        (#"\u00e9"#, #"e\u0301"#, true),
        ("K1", #"\u212a1"#, true),  // U+212A KELVIN SIGN is canonically K
        (#"\u212a1"#, "K1", true),
        ("amount", "amount", true),
        ("axb", "ayb", false),  // same length, first and last byte
        ("amount", "amounts", false),
        ("a", "b", false),
        (#"\u00e9t\u00e9"#, "ete", false),
    ])
    func keysAreOneKeyExactlyWhenTheyCompareEqual(_ first: String, _ second: String, _ isOneKey: Bool) throws {
        let spec =
            #"{"roundtrip":1,"app":{"name":"T","schemes":["t"]},"actions":{"a":{"url":"t://a","convention":"none","#
            + #""parameters":{"\#(first)":{"type":"string"},"\#(second)":{"type":"string"}}}}}"#
        if isOneKey {
            let refusal = #expect(throws: SpecError.self) { try SpecLoader.load(json: spec) }
            let rules = refusal?.diagnostics.map(\.rule) ?? []
            #expect(rules.contains("duplicate-key"))
        } else {
            let loaded = try SpecLoader.load(json: spec)
            #expect(loaded.spec.actions.first?.parameters.count == 2)
        }
    }

    /// A mapping of many members (more than are compared pairwise): its repeated key, wherever
    /// it stands, is reported once at its second place; without one, every member is read.
    @Test(arguments: [
        (20, nil as (Int, Int)?),
        (20, (3, 19)),
        (40, (0, 1)),
        (40, (38, 39)),
        (17, (0, 16)),
    ])
    func manyActionsRepeatAKeyExactlyWhenTwoNamesAreTheSame(_ count: Int, _ repeated: (Int, Int)?) throws {
        let names = (0..<count).map { index in index == repeated?.1 ? "action\(repeated?.0 ?? 0)" : "action\(index)" }
        let actions = names.map { #""\#($0)":{"url":"t://\#($0)","convention":"none"}"# }.joined(separator: ",")
        let spec = #"{"roundtrip":1,"app":{"name":"T","schemes":["t"]},"actions":{\#(actions)}}"#
        if let repeated {
            let refusal = #expect(throws: SpecError.self) { try SpecLoader.load(json: spec) }
            let findings = refusal?.diagnostics.filter { $0.rule == "duplicate-key" } ?? []
            #expect(findings.map(\.keyPath) == ["actions.action\(repeated.0)"])
        } else {
            #expect(try SpecLoader.load(json: spec).spec.actions.map(\.name) == names)
        }
    }

    /// Among many members, canonically equivalent keys are one key too.
    @Test func manyActionsWithCanonicallyEquivalentNamesRepeatAKey() {
        let names = (0..<18).map { "a\($0)" } + [#"\u00e9"#, #"e\u0301"#]
        let actions = names.map { #""\#($0)":{"url":"t://a","convention":"none"}"# }.joined(separator: ",")
        let spec = #"{"roundtrip":1,"app":{"name":"T","schemes":["t"]},"actions":{\#(actions)}}"#
        let refusal = #expect(throws: SpecError.self) { try SpecLoader.load(json: spec) }
        #expect(refusal?.diagnostics.contains { $0.rule == "duplicate-key" } == true)
    }
}
