import Foundation

/// A number written in a spec's `minimum` or `maximum`, read the way the spec's own formats
/// write numbers, so the loader reads what an editor's JSON Schema check sees.
///
/// A YAML 1.2 editor (and any JSON parser) reads `1e3`, `+5`, `.5` and `0x10` as the numbers
/// 1000, 5, 0.5 and 16 before a schema sees them, so a schema cannot tell them from `1000`:
/// the loader reads them as the same numbers. The forms are YAML 1.2's core schema's
/// (YAML 1.2.2, section 10.3.2), which include JSON's numbers:
///
/// - decimal: `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`, read exactly;
/// - hexadecimal `0x[0-9a-fA-F]+` and octal `0o[0-7]+` integers.
///
/// The value must have at most 38 significant digits and be less than 10^38 in magnitude (what
/// ``FixedDecimal`` and the parameter values compared with it can hold); the schema says the
/// same of the numbers it checks.
package enum SpecNumber {
    /// The number `text` denotes, or `nil` when it is not one of the forms or out of range.
    ///
    /// Read in place from the text's UTF-8, without copying it or its digits: a spec gives a
    /// bound to most numeric parameters, and each is read at launch.
    ///
    /// - Complexity: O(*n*) in the length of `text`.
    package static func decimal(_ text: String) -> Decimal? {
        var text = text
        return text.withUTF8 { bytes in decimal(bytes) }
    }

    private static func decimal(_ bytes: UnsafeBufferPointer<UInt8>) -> Decimal? {
        if bytes.count > 2, bytes[0] == UInt8(ascii: "0"), bytes[1] == UInt8(ascii: "x") || bytes[1] == UInt8(ascii: "o") {
            let radix = bytes[1] == UInt8(ascii: "x") ? 16 : 8
            // A UInt64 is below 10^20, well inside the limit of 10^38.
            guard let value = UInt64(String(decoding: bytes[2...], as: UTF8.self), radix: radix) else { return nil }
            return Decimal(value)
        }
        var index = 0
        var isNegative = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            isNegative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        let integerStart = index
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        let integerDigits = index - integerStart
        var fractionStart = index
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            fractionStart = index
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        let fractionDigits = index - fractionStart
        // `.5` and `5.` are numbers, `.` is not.
        guard integerDigits > 0 || fractionDigits > 0 else { return nil }
        var exponent = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            var isNegativeExponent = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                isNegativeExponent = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            let start = index
            while index < bytes.count, isDigit(bytes[index]) {
                // Far beyond any bound this reads; stops a long exponent from overflowing.
                guard exponent < 10_000 else { return nil }
                exponent = exponent * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                index += 1
            }
            guard index > start else { return nil }
            if isNegativeExponent { exponent = -exponent }
        }
        guard index == bytes.count else { return nil }
        // The digits are the integer part's, then the fraction's: the k-th of them, by position.
        let digitCount = integerDigits + fractionDigits
        func digit(_ position: Int) -> UInt8 {
            bytes[position < integerDigits ? integerStart + position : fractionStart + position - integerDigits]
        }
        // The significant digits, without leading zeros (and trailing ones, into the exponent).
        var first = 0
        while first < digitCount, digit(first) == UInt8(ascii: "0") { first += 1 }
        guard first < digitCount else { return 0 }
        var last = digitCount
        while digit(last - 1) == UInt8(ascii: "0") { last -= 1 }
        let significantCount = last - first
        let scale = exponent - fractionDigits + (digitCount - last)
        // Fewer than 10^(scale + count) in magnitude, so below 10^38 when that is at most 38.
        guard significantCount <= 38, scale > -128, scale + significantCount <= 38 else { return nil }
        // Up to 19 digits fit a UInt64: every bound a spec writes in practice, made without text.
        let whole: Decimal
        if significantCount <= 19 {
            var value: UInt64 = 0
            for position in first..<last { value = value * 10 + UInt64(digit(position) - UInt8(ascii: "0")) }
            whole = Decimal(value)
        } else {
            let digits = String(decoding: (first..<last).lazy.map(digit), as: UTF8.self)
            guard let parsed = Decimal(string: digits, locale: Locale(identifier: "en_US_POSIX")) else { return nil }
            whole = parsed
        }
        return Decimal(sign: isNegative ? .minus : .plus, exponent: scale, significand: whole)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}
