import Foundation

/// A decimal number with at most 19 significant digits as an integer and a scale, for comparing
/// a parameter against its `minimum`/`maximum` without `Decimal` arithmetic on the hot path.
struct FixedDecimal: Sendable, Hashable {
    let isNegative: Bool
    let significand: UInt64
    /// Digits after the decimal point.
    let scale: Int

    /// Parses `-?[0-9]+(\.[0-9]+)?` with at most 19 digits; `nil` otherwise (callers fall back to `Decimal`).
    init?(_ text: some StringProtocol) {
        var text = Substring(text)
        guard let parsed = text.withUTF8({ FixedDecimal($0) }) else { return nil }
        self = parsed
    }

    /// Parses the UTF-8 bytes of `-?[0-9]+(\.[0-9]+)?` with at most 19 digits.
    init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard
            let parsed = { () -> (Bool, UInt64, Int)? in
                var index = 0
                let negative = bytes.first == UInt8(ascii: "-")
                if negative { index = 1 }
                var significand: UInt64 = 0
                var digits = 0
                var scale = 0
                var seenPoint = false
                guard index < bytes.count else { return nil }
                while index < bytes.count {
                    let byte = bytes[index]
                    if byte == UInt8(ascii: ".") {
                        guard !seenPoint, digits > 0 else { return nil }
                        seenPoint = true
                    } else if URLSplit.isDigit(byte) {
                        digits += 1
                        guard digits <= 19 else { return nil }
                        significand = significand * 10 + UInt64(byte - 0x30)
                        if seenPoint { scale += 1 }
                    } else {
                        return nil
                    }
                    index += 1
                }
                guard digits > 0, !seenPoint || scale > 0 else { return nil }
                return (negative, significand, scale)
            }()
        else { return nil }
        (isNegative, significand, scale) = parsed
    }

    /// The value as a `Decimal`.
    var decimal: Decimal {
        Decimal(sign: isNegative && significand != 0 ? .minus : .plus, exponent: -scale, significand: Decimal(significand))
    }

    /// Compares two values; `nil` when aligning their scales would overflow.
    static func compare(_ lhs: FixedDecimal, _ rhs: FixedDecimal) -> ComparisonResult? {
        let lhsNegative = lhs.isNegative && lhs.significand != 0
        let rhsNegative = rhs.isNegative && rhs.significand != 0
        if lhsNegative != rhsNegative { return lhsNegative ? .orderedAscending : .orderedDescending }
        guard let (left, right) = aligned(lhs, rhs) else { return nil }
        let magnitude: ComparisonResult = left < right ? .orderedAscending : left > right ? .orderedDescending : .orderedSame
        guard lhsNegative else { return magnitude }
        switch magnitude {
        case .orderedAscending: return .orderedDescending
        case .orderedDescending: return .orderedAscending
        case .orderedSame: return .orderedSame
        }
    }

    private static func aligned(_ lhs: FixedDecimal, _ rhs: FixedDecimal) -> (UInt64, UInt64)? {
        var left = lhs.significand
        var right = rhs.significand
        var difference = lhs.scale - rhs.scale
        while difference > 0 {
            let (product, overflow) = right.multipliedReportingOverflow(by: 10)
            if overflow { return nil }
            right = product
            difference -= 1
        }
        while difference < 0 {
            let (product, overflow) = left.multipliedReportingOverflow(by: 10)
            if overflow { return nil }
            left = product
            difference += 1
        }
        return (left, right)
    }
}

/// The text of a `decimal` value (`-?[0-9]+(\.[0-9]+)?`, already checked) compared with the
/// shortest form its value prints as.
enum DecimalText {
    /// Whether the text is the shortest form of its value: no leading zero before another digit,
    /// no trailing zero after the point, no `-` on zero. `10.00`, `010` and `-0` are not.
    ///
    /// - Complexity: O(*n*) in the text's length, with no allocation.
    static func isShortest(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let zero = UInt8(ascii: "0")
        var start = 0
        if bytes.first == UInt8(ascii: "-") { start = 1 }
        guard start < bytes.count else { return true }
        let point = bytes[start...].firstIndex(of: UInt8(ascii: "."))
        let integerEnd = point ?? bytes.count
        if bytes[start] == zero, integerEnd - start > 1 { return false }
        if let point, bytes.last == zero || point == bytes.count - 1 { return false }
        // A negative zero prints without its sign.
        if start == 1, !bytes[start...].contains(where: { $0 != zero && $0 != UInt8(ascii: ".") }) { return false }
        return true
    }
}
