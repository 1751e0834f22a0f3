import Foundation
import PropertyBased
import RoundtripTestSupport
import Testing

@testable import Roundtrip

@Suite("Parameter types, constraints and canonical forms")
struct ParameterTypeTests {
    @Test(arguments: [
        (ParameterType.integer, "007", "7"), (.integer, "-0", "0"), (.integer, "9223372036854775807", "9223372036854775807"),
        (.decimal, "12.50", "12.5"), (.decimal, "-0.010", "-0.01"), (.decimal, "100000", "100000"),
        (.boolean, "1", "true"), (.boolean, "false", "false"),
        (.uuid, "6F9619FF-8B86-D011-B42D-00C04FC964FF", "6f9619ff-8b86-d011-b42d-00c04fc964ff"),
        (.url, "https://a.example/x?y=1", "https://a.example/x?y=1"),
        (.date(.iso8601), "2024-02-29", "2024-02-29T00:00:00Z"),
        (.date(.iso8601), "2026-11-21T10:00:00+02:00", "2026-11-21T08:00:00Z"),
        (.date(.iso8601), "2026-11-21T10:00:00.5Z", "2026-11-21T10:00:00.500Z"),
        (.string, "  spaced  ", "  spaced  "),
    ])
    func canonicalForms(type: ParameterType, raw: String, canonical: String) throws {
        #expect(try ParameterParsing.parse(raw, as: ParameterSpec(name: "p", type: type)).canonical == canonical)
    }

    @Test(arguments: [
        (ParameterType.integer, "9223372036854775808"), (.integer, "1e3"), (.integer, ""), (.integer, "1.0"), (.integer, "+1"), (.integer, " 1"),
        (.decimal, "1e5"), (.decimal, ".5"), (.decimal, "5."), (.decimal, "1.2.3"), (.decimal, "NaN"), (.decimal, "1,5"),
        (.boolean, "TRUE"), (.boolean, "yes"), (.boolean, ""),
        (.uuid, "6F9619FF8B86D011B42D00C04FC964FF"), (.uuid, "{6F9619FF-8B86-D011-B42D-00C04FC964FF}"),
        (.url, "/relative"), (.url, "no scheme"),
        (.date(.iso8601), "2023-02-29"), (.date(.iso8601), "2026-13-01"), (.date(.iso8601), "2026-11-21T24:00:00Z"),
        (.date(.iso8601), "2026-11-21T10:00:00"), (.date(.iso8601), "2026-1-01"), (.date(.iso8601), "2026-11-21T10:00:60Z"),
    ])
    func rejectsMalformedValues(type: ParameterType, raw: String) {
        #expect(rejection { try ParameterParsing.parse(raw, as: ParameterSpec(name: "p", type: type)) }?.code == .invalidParameter)
    }

    @Test(
        "Booleans in their declared spelling: true/false/1/0 exactly, yes/no in any letter case",
        arguments: [
            (BooleanFormat.trueFalse, "true", true), (.trueFalse, "false", false), (.trueFalse, "1", true), (.trueFalse, "0", false),
            (.trueFalse, "True", nil), (.trueFalse, "FALSE", nil), (.trueFalse, "tru", nil), (.trueFalse, "truex", nil), (.trueFalse, "falsy", nil),
            (.trueFalse, "yes", nil), (.trueFalse, "2", nil), (.trueFalse, "", nil),
            (.yesNo, "yes", true), (.yesNo, "YES", true), (.yesNo, "yEs", true), (.yesNo, "no", false), (.yesNo, "No", false),
            (.yesNo, "NO", false), (.yesNo, "ye", nil), (.yesNo, "yess", nil), (.yesNo, "n", nil), (.yesNo, "true", nil), (.yesNo, "1", nil),
            (.yesNo, "0", nil), (.yesNo, "", nil), (.yesNo, "y\u{E9}", nil), (.yesNo, "y\u{E9}s", nil),
            (.presence, "", true), (.presence, "true", true), (.presence, "false", false), (.presence, "0", false), (.presence, "TRUE", nil),
            (.presence, "yes", nil),
        ] as [(BooleanFormat, String, Bool?)]
    )
    func booleanSpellings(format: BooleanFormat, raw: String, expected: Bool?) {
        var spec = ParameterSpec(name: "b", type: .boolean)
        spec.booleanFormat = format
        #expect((try? ParameterParsing.parse(raw, as: spec)) == expected.map(ParameterValue.boolean))
    }

    @Test(
        "Integers: the 64-bit range exactly, at most 19 digits, an optional '-'",
        arguments: [
            ("-9223372036854775808", Int64.min), ("9223372036854775807", .max), ("-0", 0), ("0000000000000000001", 1),
            ("00000000000000000001", nil), ("9223372036854775808", nil), ("-9223372036854775809", nil), ("-", nil), ("", nil), ("1-", nil),
        ] as [(String, Int64?)]
    )
    func integerRange(raw: String, expected: Int64?) {
        #expect(ParameterParsing.integer(raw) == expected)
    }

    /// Printable ASCII made mostly of the characters numbers, booleans and UUIDs are written with.
    static let printable = Gen.element(of: Array("0123456789-.eEaAfF:/x ~tru") + ["\u{20}", "%", "Z"])
        .compactMap { $0 }.string(of: 0...40)

    @Test("Parsing a value in place from its bytes agrees with parsing its String, constraints included")
    func inPlaceParsingAgreesWithStrings() async {
        let rules = [
            ParameterSpec(name: "i", type: .integer, minimum: -5, maximum: 1_000),
            ParameterSpec(name: "d", type: .decimal, minimum: Decimal(string: "0.01"), maximum: 100_000),
            ParameterSpec(name: "b", type: .boolean), ParameterSpec(name: "u", type: .uuid),
            ParameterSpec(name: "s", type: .string, pattern: try! ValuePattern("[0-9a-f-]+"), maximumLength: 12),
            ParameterSpec(name: "r", type: .string, pattern: try! ValuePattern("(1|2)+"), minimumLength: 2),
            ParameterSpec(name: "l", type: .url), ParameterSpec(name: "t", type: .date(.iso8601)),
            ParameterSpec(name: "a", type: .string, allowedValues: ["1", "2.5", "true"]),
        ].map { ParameterRule($0) }
        await propertyCheck(count: 400, input: Self.printable) { text in
            var bytes = text
            for rule in rules {
                let fromString = Result { () throws(RoundtripError) in try ParameterParsing.parse(text, rule: rule) }
                let inPlace = bytes.withUTF8 { bytes in
                    Result { () throws(RoundtripError) in try ParameterParsing.parse(bytes, text: nil, rule: rule) }
                }
                switch (fromString, inPlace) {
                case (.success(let left), .success(let right)): #expect(left == right, "\(rule.spec.name): '\(text)'")
                case (.failure(let left), .failure(let right)): #expect(left == right, "\(rule.spec.name): '\(text)'")
                default: Issue.record("\(rule.spec.name): '\(text)' parsed as \(fromString) from a String but \(inPlace) in place")
                }
            }
        }
    }

    @Test func dateFormatsAreStrict() throws {
        let format = try DateFormat("yyyyMMddHHmm")
        #expect(format.parse("200806231300") != nil)
        for bad in ["20080623130", "2008062313000", "200802301300", "200800011300", "20080623130a", "190002291200"] {
            #expect(format.parse(bad) == nil, "\(bad)")
        }
        #expect(format.parse("200002291200") != nil)  // 2000 is a leap year
        let quoted = try DateFormat("yyyy-MM-dd'T'HH:mm")
        #expect(quoted.format(try #require(quoted.parse("2026-11-21T09:30"))) == "2026-11-21T09:30")
    }

    @Test func dateFormatRoundTripsEveryDayOfAFourHundredYearCycle() throws {
        let format = try DateFormat("yyyyMMdd")
        var date = try #require(format.parse("20000101"))
        for _ in 0..<(146_097 / 97) {  // a spread of days across the cycle
            #expect(format.parse(format.format(date)) == date)
            date += 97 * 86_400
        }
    }

    @Test(arguments: [
        ("[A-Za-z0-9-]+", "INV-2026-001", true), ("[A-Za-z0-9-]+", "INV 1", false), ("[A-Za-z0-9-]+", "", false),
        ("[0-9]{4}", "2026", true), ("[0-9]{4}", "20260", false), ("[0-9]{2,3}", "123", true), ("[a-z]*", "", true),
        ("(abc|def)", "def", true), ("(abc|def)", "abcdef", false), ("a.c", "a\nc", false), ("x$", "x\n", false),
        ("[a-z]+", "abc\n", false),
    ])
    func patternsMatchTheWholeValue(pattern: String, value: String, matches: Bool) throws {
        #expect(try ValuePattern(pattern).matches(value) == matches)
    }

    @Test func constraintsSayWhichRuleFailed() {
        let parameter = ParameterSpec(name: "n", type: .decimal, minimum: 1, maximum: 10)
        #expect(rejection { try ParameterParsing.parse("0.5", as: parameter) }?.message == "the parameter 'n' is 0.5; the minimum is 1")
        #expect(rejection { try ParameterParsing.parse("11", as: parameter) }?.message == "the parameter 'n' is 11; the maximum is 10")
        let long = String(repeating: "x", count: 100_000)
        let message = rejection { try ParameterParsing.parse(long, as: ParameterSpec(name: "s", type: .integer)) }?.message ?? ""
        #expect(message.count < 200, "error messages stay short whatever the input")
    }
}
