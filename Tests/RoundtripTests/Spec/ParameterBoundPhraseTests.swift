import Foundation
import Roundtrip
import Testing

/// A parameter's bounds in the words the generated documentation and code use, one phrase per
/// bound (a pair of keys bounding one count makes one), the value's in the order length, value,
/// decoded bytes.
@Suite("Parameter bounds in words")
struct ParameterBoundPhraseTests {
    static let valueCases: [(parameter: ParameterSpec, phrases: [String])] = [
        (ParameterSpec(name: "v"), []),
        (ParameterSpec(name: "v", minimumLength: 3, maximumLength: 32), ["3 to 32 characters"]),
        (ParameterSpec(name: "v", minimumLength: 1), ["at least 1 character"]),
        (ParameterSpec(name: "v", maximumLength: 1), ["at most 1 character"]),
        (ParameterSpec(name: "v", type: .decimal, minimum: Decimal(string: "0.01"), maximum: 100_000), ["from 0.01 to 100000"]),
        (ParameterSpec(name: "v", type: .integer, minimum: 1), ["at least 1"]),
        (ParameterSpec(name: "v", type: .integer, maximum: -1), ["at most -1"]),
        (ParameterSpec(name: "v", type: .base64, maximumBytes: 65536), ["at most 65536 bytes once decoded"]),
        (ParameterSpec(name: "v", type: .base64, maximumBytes: 1), ["at most 1 byte once decoded"]),
        // A list's item count is not a bound on its values.
        (ParameterSpec(name: "v", list: .comma, minimumItems: 1, maximumItems: 20), []),
        (
            ParameterSpec(name: "v", type: .integer, minimumLength: 1, maximumLength: 4, minimum: 0, maximumBytes: 2),
            ["1 to 4 characters", "at least 0", "at most 2 bytes once decoded"]
        ),
    ]

    @Test("Every bound on a value, in words, in order", arguments: valueCases)
    func valueBoundPhrases(_ parameter: ParameterSpec, _ phrases: [String]) {
        #expect(parameter.valueBoundPhrases == phrases)
        #expect([parameter.lengthBounds, parameter.valueBounds, parameter.byteBound].compactMap { $0 } == phrases)
    }

    static let itemCases: [(parameter: ParameterSpec, phrase: String?)] = [
        (ParameterSpec(name: "v", list: .comma), nil),
        (ParameterSpec(name: "v", list: .comma, minimumItems: 1, maximumItems: 20), "1 to 20 items"),
        (ParameterSpec(name: "v", list: .repeated, maximumItems: 1), "at most 1 item"),
        (ParameterSpec(name: "v", list: .newline, minimumItems: 2), "at least 2 items"),
    ]

    @Test("A list's item count, in words", arguments: itemCases)
    func itemBounds(_ parameter: ParameterSpec, _ phrase: String?) {
        #expect(parameter.itemBounds == phrase)
    }
}
