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

    @Test func canonicallyEquivalentKeysAreStillOneKey() {
        let spec =
            #"{"roundtrip":1,"app":{"name":"T","schemes":["t"]},"actions":{"a":{"url":"t://a","convention":"none","#
            + #""parameters":{"\u00e9":{"type":"string"},"e\u0301":{"type":"string"}}}}}"#
        let refusal = #expect(throws: SpecError.self) { try SpecLoader.load(json: spec) }
        let rules = refusal?.diagnostics.map(\.rule) ?? []
        #expect(rules.contains("duplicate-key"))
    }
}
