import Roundtrip
import Testing

/// A definition's `type` names its type by its spelling alone, exactly (every spelling the
/// language has, and a date with its format); a spelling that differs in case, in one letter of
/// the same length, or by a look-alike character names no type.
@Suite("Parameter types by their spelling")
struct TypeSpellingTests {
    static func load(type: String, format: String? = nil) throws -> ParameterType? {
        let formatField = format.map { #","format":"\#($0)""# } ?? ""
        let spec =
            #"{"roundtrip":1,"app":{"name":"T","schemes":["t"]},"actions":{"a":{"url":"t://a","convention":"none","#
            + #""parameters":{"p":{"type":"\#(type)"\#(formatField)\#(type == "secret" ? #","secret-env":"P_TOKEN""# : "")}}}}}"#
        return try SpecLoader.load(json: spec).spec.actions.first?.parameters.first?.type
    }

    @Test(arguments: SpecLanguage.parameterTypeNames)
    func everySpellingNamesItsType(_ spelling: String) throws {
        let type = try #require(try Self.load(type: spelling))
        #expect(type.description == spelling)
    }

    /// The loader compares a type's name only with the spellings of its length, which is exact
    /// while every spelling is lowercase ASCII letters and digits (no other character is
    /// canonically equivalent to one of those).
    @Test(arguments: SpecLanguage.parameterTypeNames)
    func spellingsAreLowercaseLettersAndDigits(_ spelling: String) {
        #expect(!spelling.isEmpty && spelling.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) })
    }

    @Test func aDateNamesItsFormat() throws {
        let type = try Self.load(type: "date", format: "yyyyMMdd")
        guard case .date(let format) = type else {
            Issue.record("not a date: \(String(describing: type))")
            return
        }
        #expect(format.pattern == "yyyyMMdd")
    }

    @Test(arguments: [
        "String",  // case
        "strong",  // same length, one letter
        "integerr",
        "uui",
        "\u{17F}tring",  // LONG S, a look-alike that is no canonical equivalent of "s"
        "string ",
        "",
    ])
    func otherSpellingsNameNoType(_ spelling: String) {
        let refusal = #expect(throws: SpecError.self) { try Self.load(type: spelling) }
        let finding = refusal?.diagnostics.first { $0.rule == "invalid-value" }
        #expect(finding?.message.contains("unknown type") == true, "\(refusal?.diagnostics ?? [])")
    }
}
