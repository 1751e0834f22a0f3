/// The set of Unicode scalars one step of a pattern accepts: a class (`[a-z_]`, `[^,]`), a class
/// escape (`\d`, `\W`) or `.`.
///
/// The classes mean what ICU's regular expressions (and so `NSRegularExpression`) say they mean,
/// on Unicode scalars (ICU User Guide, "Regular Expressions", the table of metacharacters):
/// - `\d` is any decimal digit, General_Category `Nd` (`٣` and `０` as well as `3`);
/// - `\w` is `[\p{Alphabetic}\p{Mark}\p{Decimal_Number}\p{Connector_Punctuation}\u200c\u200d]`;
/// - `\s` is `\p{White_Space}` (ICU's source, `regexst.cpp`, builds it from that property);
/// - `.` is any scalar but the line terminators U+000A–U+000D, U+0085, U+2028 and U+2029.
///
/// Properties come from the Swift standard library's Unicode data, so a scalar assigned in a
/// newer Unicode version than the platform's ICU knows may be classed differently; every scalar
/// both know is classed the same (a test compares every one).
package struct PatternClass: Sendable, Hashable {
    /// The Unicode classes a class holds beside its scalars and ranges.
    struct Properties: OptionSet, Sendable, Hashable {
        let rawValue: UInt8
        /// `\d`
        static let digit = Properties(rawValue: 1 << 0)
        /// `\D`
        static let nonDigit = Properties(rawValue: 1 << 1)
        /// `\w`
        static let word = Properties(rawValue: 1 << 2)
        /// `\W`
        static let nonWord = Properties(rawValue: 1 << 3)
        /// `\s`
        static let space = Properties(rawValue: 1 << 4)
        /// `\S`
        static let nonSpace = Properties(rawValue: 1 << 5)
    }

    /// Membership of U+0000–U+003F and U+0040–U+007F, one bit each, negation applied: most
    /// values are ASCII, and this answers them with one shift.
    private let asciiLow: UInt64
    private let asciiHigh: UInt64
    /// Non-ASCII scalars the class lists, as sorted, disjoint, non-adjacent ranges (before negation).
    private let ranges: [ClosedRange<UInt32>]
    /// The Unicode classes the class holds (before negation).
    private let properties: Properties
    /// Whether the class is `[^…]`.
    package let isNegated: Bool
    /// The scalars and ranges as the pattern lists them, in its order, before negation: what an
    /// example writer offers when no common character is in the class. Not part of equality:
    /// two classes with the same members are the same class.
    package let listedRanges: [ClosedRange<UInt32>]

    /// Makes a class from its members.
    ///
    /// - Parameters:
    ///   - ranges: Scalars and ranges, in any order (a scalar is a one-scalar range).
    ///   - properties: The class escapes it holds.
    ///   - isNegated: Whether it matches every scalar its members do not.
    init(ranges: [ClosedRange<UInt32>], properties: Properties = [], isNegated: Bool = false) {
        var merged: [ClosedRange<UInt32>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = merged.last, range.lowerBound <= last.upperBound &+ 1 {
                merged[merged.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        self.properties = properties
        self.isNegated = isNegated
        listedRanges = ranges
        var low: UInt64 = 0
        var high: UInt64 = 0
        for scalar in UInt32(0)..<128 {
            let listed = merged.contains { $0.contains(scalar) } || Self.has(properties, scalar)
            guard listed != isNegated else { continue }
            if scalar < 64 { low |= 1 << UInt64(scalar) } else { high |= 1 << UInt64(scalar - 64) }
        }
        asciiLow = low
        asciiHigh = high
        self.ranges = merged.compactMap { range in
            range.upperBound < 0x80 ? nil : max(range.lowerBound, 0x80)...range.upperBound
        }
    }

    /// `.`: every scalar but a line terminator.
    static let dot = PatternClass(ranges: [0x0A...0x0D, 0x85...0x85, 0x2028...0x2029], isNegated: true)

    /// Whether the class holds no scalar beyond ASCII, so that a value with a non-ASCII byte
    /// cannot match it.
    var isASCIIOnly: Bool { !isNegated && properties.isEmpty && ranges.isEmpty }

    /// Whether the class holds the ASCII byte `byte` (below 0x80).
    @inline(__always)
    func containsASCII(_ byte: UInt8) -> Bool {
        byte < 64 ? asciiLow & (1 << UInt64(byte)) != 0 : asciiHigh & (1 << UInt64(byte &- 64)) != 0
    }

    package static func == (left: PatternClass, right: PatternClass) -> Bool {
        left.asciiLow == right.asciiLow && left.asciiHigh == right.asciiHigh && left.ranges == right.ranges
            && left.properties == right.properties && left.isNegated == right.isNegated
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(asciiLow)
        hasher.combine(asciiHigh)
        hasher.combine(ranges)
        hasher.combine(properties)
        hasher.combine(isNegated)
    }

    /// Whether the class holds the scalar whose value is `scalar`.
    ///
    /// - Complexity: O(log r) for r ranges, plus a Unicode property look-up for a class escape.
    @inline(__always)
    package func contains(_ scalar: UInt32) -> Bool {
        if scalar < 0x80 { return containsASCII(UInt8(truncatingIfNeeded: scalar)) }
        return listsNonASCII(scalar) != isNegated
    }

    /// Whether a non-ASCII scalar is among the members, before negation.
    private func listsNonASCII(_ scalar: UInt32) -> Bool {
        var low = 0
        var high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].upperBound < scalar {
                low = middle + 1
            } else {
                high = middle
            }
        }
        if low < ranges.count, ranges[low].contains(scalar) { return true }
        return !properties.isEmpty && Self.has(properties, scalar)
    }

    /// Whether any of the Unicode classes in `properties` holds the scalar.
    private static func has(_ properties: Properties, _ value: UInt32) -> Bool {
        guard let scalar = Unicode.Scalar(value) else { return false }
        if properties.contains(.digit) || properties.contains(.nonDigit) {
            let isDigit = isDecimalDigit(scalar)
            if properties.contains(.digit) && isDigit || properties.contains(.nonDigit) && !isDigit { return true }
        }
        if properties.contains(.word) || properties.contains(.nonWord) {
            let isWord = isWordCharacter(scalar)
            if properties.contains(.word) && isWord || properties.contains(.nonWord) && !isWord { return true }
        }
        if properties.contains(.space) || properties.contains(.nonSpace) {
            let isSpace = scalar.properties.isWhitespace
            if properties.contains(.space) && isSpace || properties.contains(.nonSpace) && !isSpace { return true }
        }
        return false
    }

    /// `\d`: General_Category Decimal_Number.
    private static func isDecimalDigit(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return (0x30...0x39).contains(scalar.value) }
        return scalar.properties.generalCategory == .decimalNumber
    }

    /// `\w`: Alphabetic, a mark, a decimal digit, connector punctuation, or a zero-width (non-)joiner.
    private static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let value = scalar.value
            return (0x30...0x39).contains(value) || (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value) || value == 0x5F
        }
        if scalar.value == 0x200C || scalar.value == 0x200D || scalar.properties.isAlphabetic { return true }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .connectorPunctuation: return true
        default: return false
        }
    }
}
