import Foundation
import PropertyBased
import Roundtrip
import RoundtripYAML
import Testing

/// `minimum` and `maximum` are read as YAML 1.2 and JSON read numbers, so the loader reads
/// `1e3` as the editor's schema check sees it: 1000.
@Suite("Spec numbers: a bound reads as YAML 1.2 reads a number")
struct SpecNumberTests {
    static let read: [(text: String, value: Decimal?)] = [
        ("12.50", Decimal(string: "12.5")), ("-5", -5), ("0", 0), ("1e3", 1000), ("1E3", 1000), ("+5", 5), (".5", Decimal(string: "0.5")),
        ("5.", 5), ("2.5e-1", Decimal(string: "0.25")), ("-1.5E+2", -150), ("0x1F", 31), ("0o17", 15), ("0e0", 0),
        ("99999999999999999999999999999999999999", Decimal(string: "99999999999999999999999999999999999999")),
        ("1e37", Decimal(sign: .plus, exponent: 37, significand: 1)), ("1e-100", Decimal(sign: .plus, exponent: -100, significand: 1)),
        // Not numbers, or beyond what a bound holds.
        ("1e38", nil), ("-1e38", nil), ("100000000000000000000000000000000000000", nil), ("1.000000000000000000000000000000000000001", nil),
        ("1e-200", nil), ("1e", nil), ("e3", nil), (".", nil), ("", nil), ("1,5", nil), ("0x", nil), ("-0x10", nil), ("0b101", nil),
        (".inf", nil), ("1e99999999999999999999", nil), ("12.50 ", nil),
    ]

    @Test(arguments: read)
    func readsABound(_ text: String, _ value: Decimal?) {
        #expect(SpecNumber.decimal(text) == value)
    }

    /// A spec up to its one action's `parameters`.
    static let header = "roundtrip: 1\napp: {name: N, schemes: [n]}\nactions: {a: {convention: x-callback-url, "

    @Test func theLoaderReadsAnExponentBound() throws {
        let yaml = Self.header + "parameters: {p: {type: decimal, minimum: 1e3, maximum: 0x10000}}}}\n"
        let parameter = try #require(try SpecLoader.load(yaml: yaml).spec.actions.first?.parameters.first)
        #expect(parameter.minimum == 1000)
        #expect(parameter.maximum == 65536)
    }

    @Test func theLoaderRefusesABoundBeyondTheRange() throws {
        let yaml = Self.header + "parameters: {p: {type: decimal, minimum: 1e38}}}}\n"
        let error = try #require(throws: SpecError.self) { try SpecLoader.load(yaml: yaml) }
        let diagnostic = try #require(error.diagnostics.first)
        #expect(diagnostic.rule == "wrong-type")
        #expect(diagnostic.keyPath == "actions.a.parameters.p.minimum")
        #expect(diagnostic.message == "expected a number such as 12.50 or 1e3, below 10^38 with at most 38 digits, found '1e38'")
    }
}

/// A plain decimal of any digits, point and exponent reads as Foundation reads the same text.
@Suite("Spec numbers: a plain decimal reads as Foundation reads it")
struct SpecNumberPropertyTests {
    @Test func aPlainDecimalReadsAsFoundationReadsIt() async {
        let digits = Gen.int(in: 0...9).array(of: 1...30).map { $0.map(String.init).joined() }
        await propertyCheck(count: 500, input: Gen.bool, digits, Gen.int(in: 0...30), Gen.int(in: -20...20)) { isNegative, digits, point, exponent in
            let split = min(point, digits.count)
            let text = (isNegative ? "-" : "") + digits.prefix(split) + "." + digits.dropFirst(split) + "e\(exponent)"
            let mantissa = Decimal(
                string: (isNegative ? "-" : "") + digits.prefix(split) + "." + digits.dropFirst(split),
                locale: Locale(identifier: "en_US_POSIX")
            )
            let expected = mantissa.map { value in exponent >= 0 ? value * pow(10, exponent) : value / pow(10, -exponent) }
            let significant = digits.drop { $0 == "0" }.reversed().drop { $0 == "0" }.count
            // Only where both sides hold the value exactly: at most 38 significant digits, below 10^38.
            guard significant > 0, significant <= 19, let expected, abs(expected) < pow(10, 30), abs(expected) > pow(10, -30) else { return }
            #expect(SpecNumber.decimal(text) == expected, "\(text)")
        }
    }
}

/// A `minimum` above its `maximum` is refused exactly when the numbers are in that order, in
/// every form a bound is written: plain decimals of any digits (more than a 64-bit significand
/// holds among them), negative ones, and exponents.
@Suite("Spec numbers: bounds are ordered as their numbers are")
struct SpecBoundOrderTests {
    /// A bound's text: a sign, digits with a point among them, and sometimes an exponent. Most
    /// are plain decimals of at most 19 digits, compared without `Decimal`; the others (an
    /// exponent, 20 digits) are compared as `Decimal`s.
    static let bound = zip(Gen.bool, Gen.int(in: 0...9).array(of: 1...20), Gen.int(in: 0...20), exponent).map {
        text(isNegative: $0, digits: $1, point: $2, exponent: $3)
    }

    /// An exponent: 0 (none written) ten times in sixteen, else from -3 to 3.
    static let exponent = Gen.int(in: -3...12).map { $0 > 3 ? 0 : $0 }

    /// The text of a bound: `digits` with a point after the first `point` of them (or none
    /// after the last), and `e` and the exponent unless it is 0.
    static func text(isNegative: Bool, digits: [Int], point: Int, exponent: Int) -> String {
        let written = digits.map(String.init).joined()
        let split = min(point, written.count)
        let fraction = split < written.count ? (split == 0 ? "0." : ".") + written.dropFirst(split) : ""
        let plain = (isNegative ? "-" : "") + written.prefix(split) + fraction
        return exponent == 0 ? plain : plain + "e\(exponent)"
    }

    /// The rules the loader reports for one decimal parameter with these bounds.
    static func rules(minimum: String, maximum: String) -> [String] {
        // YAML, which reads `007` as 7 where JSON refuses it.
        let yaml = SpecNumberTests.header + "parameters: {p: {type: decimal, minimum: \(minimum), maximum: \(maximum)}}}}\n"
        do {
            _ = try SpecLoader.load(yaml: yaml)
            return []
        } catch {
            return error.diagnostics.map(\.rule)
        }
    }

    @Test func aMinimumAboveItsMaximumIsRefusedExactlyWhenItsNumberIs() async {
        await propertyCheck(count: 400, input: Self.bound, Self.bound) { minimum, maximum in
            guard let low = SpecNumber.decimal(minimum), let high = SpecNumber.decimal(maximum) else { return }
            #expect(Self.rules(minimum: minimum, maximum: maximum) == (low > high ? ["empty-range"] : []), "\(minimum) … \(maximum)")
        }
    }

    @Test(arguments: [
        ("0.01", "100000", false), ("100000", "0.01", true), ("-5", "-5.0", false), ("-0", "0", false), ("0.10", "0.1", false),
        ("1e3", "999", true), ("9999999999999999999", "10000000000000000000", false), ("10000000000000000000", "9999999999999999999", true),
        ("0.0000000000000000001", "0.00000000000000000001", true), ("-1", "-2", true), ("007", "7", false),
        ("-0.5", "-1", true), ("-1", "-0.5", false), ("-1.25", "-1.3", true), ("-1", "0.5", false), ("0.5", "-1", true),
    ])
    func boundsInOrder(_ minimum: String, _ maximum: String, _ isRefused: Bool) {
        #expect(Self.rules(minimum: minimum, maximum: maximum) == (isRefused ? ["empty-range"] : []))
    }
}
