import Foundation
import RoundtripTestSupport
import RoundtripYAML
import Testing

@testable import Roundtrip

/// No value can make a pattern slow: the matcher's work, counted in instruction visits, is at
/// most twice the program's size per scalar of the value (plus the start), whatever the pattern
/// nests, so hostile values that take a backtracking matcher exponential time cost a linear
/// number of steps here.
@Suite("Pattern work is linear in the value")
struct ValuePatternWorkTests {
    /// A pattern with nested or overlapping quantifiers, a value that keeps every path alive
    /// until its end, and whether that value matches.
    struct Hostile: Sendable, CustomTestStringConvertible {
        let pattern: String
        let value: String
        let matches: Bool
        init(_ pattern: String, _ value: String, _ matches: Bool) {
            self.pattern = pattern
            self.value = value
            self.matches = matches
        }
        var testDescription: String { "\(pattern) on \(value.unicodeScalars.count) scalars (\(value.prefix(8))…)" }
    }

    static let hostile: [Hostile] = [
        Hostile("(a+)+b", String(repeating: "a", count: 16_384), false),
        Hostile("(a+)+b", String(repeating: "a", count: 16_383) + "b", true),
        Hostile("(a|aa)*c", String(repeating: "a", count: 16_384), false),
        Hostile("(a*)*$", String(repeating: "a", count: 16_383) + "!", false),
        Hostile("(a*)*$", String(repeating: "a", count: 16_384), true),
        Hostile("(x+x+)+y", String(repeating: "x", count: 16_384), false),
        Hostile("([a-z]+)*$", String(repeating: "a", count: 16_383) + "1", false),
        Hostile("(a|a?)+b", String(repeating: "a", count: 16_384), false),
        Hostile("(\\w+\\s?)*!", String(repeating: "ab ", count: 5_461), false),
        Hostile("(.*a){20}", String(repeating: "a", count: 16_384), true),
        Hostile("(.*a){20}", String(repeating: "ab", count: 8_192), false),
        Hostile("(?:a{0,20}){0,50}b", String(repeating: "a", count: 16_384), false),
        Hostile("(é+)+b", String(repeating: "é", count: 8_192), false),
    ]

    @Test("A hostile 16 KiB value costs at most 2 × (length + 1) × program size steps", arguments: hostile)
    func hostileValuesAreLinear(_ hostile: Hostile) throws {
        let compiled = try ValuePattern(hostile.pattern)
        var steps = 0
        #expect(compiled.matches(hostile.value, steps: &steps) == hostile.matches)
        let length = hostile.value.unicodeScalars.count
        let size = compiled.instructionCount
        #expect(steps <= 2 * (length + 1) * size, "\(steps) steps for \(length) scalars and \(size) instructions")
        // Doubling the value at most doubles the work, once the set of live instructions has
        // grown (within one instruction's worth of scalars per instruction): linear, not exponential.
        var half = 0
        _ = compiled.matches(String(hostile.value.unicodeScalars.prefix(length / 2)), steps: &half)
        #expect(steps <= 2 * half + 2 * size * size, "\(half) steps for half the value, \(steps) for all of it")
    }

    @Test("The in-place path gives the same answers", arguments: hostile)
    func inPlaceIsTheSame(_ hostile: Hostile) throws {
        let compiled = try ValuePattern(hostile.pattern)
        var bytes = hostile.value
        #expect(bytes.withUTF8 { compiled.matches($0) { hostile.value } } == hostile.matches)
    }

    @Test("A byte run costs one step per byte")
    func byteRunsCostOneStepPerByte() throws {
        let compiled = try ValuePattern("[A-Za-z0-9-]+")
        var steps = 0
        #expect(compiled.matches(String(repeating: "a", count: 16_384), steps: &steps))
        #expect(steps == 16_384)
    }

    static let yaml = """
        roundtrip: 1
        app: {name: Hostile, schemes: [hostile]}
        actions:
          tags:
            url: hostile://tags
            convention: none
            parameters:
              tags: {type: string, list: comma, pattern: "(a+)+b"}
              words: {type: string, list: repeated, pattern: "([a-z]+)*$"}
              code: {type: string, pattern: "(x+x+)+y"}
        """

    @Test("Deciding a 16 KiB URL against nested-quantifier patterns is bounded", .timeLimit(.minutes(1)))
    func decisionOfAHostileURLIsBounded() throws {
        let spec = try SpecLoader.load(yaml: Self.yaml).spec
        let endpoint = try Endpoint(spec: spec)
        let action = try #require(spec.action(named: "tags"))
        let prefix = "hostile://tags?"
        let budget = 16 * 1_024 - prefix.utf8.count
        let cases: [(query: String, parameter: String)] = [
            ("tags=" + String(repeating: "a", count: budget - 5), "tags"),
            ("tags=" + String(Array(repeating: String(repeating: "a", count: 400), count: 40).joined(separator: ",").prefix(budget - 5)), "tags"),
            ("words=" + String(repeating: "a", count: budget - 7) + "1", "words"),
            ("code=" + String(repeating: "x", count: budget - 5), "code"),
        ]
        for (query, parameter) in cases {
            let url = prefix + query
            #expect(url.utf8.count <= 16 * 1_024)
            let error = rejection { try endpoint.evaluate(url) }
            #expect(error?.code == .invalidParameter, "\(String(describing: error))")
            #expect(error?.parameter == parameter)
            #expect(error?.message.contains("does not match the pattern") == true, "\(String(describing: error))")
            // The decision matched each item once; each item's work is within the bound, so
            // the URL's is within 2 × (its length + items) × the largest program.
            let pattern = try #require(action.parameters.first { $0.name == parameter }?.pattern)
            let value = String(query.drop { $0 != "=" }.dropFirst())
            var steps = 0
            for item in value.split(separator: ",", omittingEmptySubsequences: false) {
                _ = pattern.matches(String(item), steps: &steps)
            }
            #expect(steps <= 2 * (url.utf8.count + 40) * pattern.instructionCount, "\(steps) steps")
        }
    }
}
