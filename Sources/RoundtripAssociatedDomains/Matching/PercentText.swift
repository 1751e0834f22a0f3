import Roundtrip

/// Percent-decoding for URL parts and patterns, lenient by design: a `%` not followed by two hex
/// digits stays as it is, and invalid UTF-8 becomes U+FFFD (which no pattern character equals).
enum PercentText {
    /// The Unicode scalars of `text` after percent-decoding.
    ///
    /// - Complexity: O(*n*); no intermediate string when `text` has no `%`.
    static func decodedScalars(_ text: some StringProtocol) -> [UInt32] {
        let utf8 = text.utf8
        guard utf8.contains(UInt8(ascii: "%")) else {
            return text.unicodeScalars.map(\.value)
        }
        return String(decoding: PercentDecoding.leniently(text), as: UTF8.self).unicodeScalars.map(\.value)
    }

    /// The decoded text as a `String`.
    static func decodedString(_ text: some StringProtocol) -> String {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return String(text) }
        return String(decoding: PercentDecoding.leniently(text), as: UTF8.self)
    }

    /// Whether `text` has a `%` that is not followed by two hex digits.
    static func hasInvalidEscape(_ text: some StringProtocol) -> Bool {
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%") {
                guard index + 2 < bytes.count,
                    URLSplit.hexValue(bytes[index + 1]) != nil, URLSplit.hexValue(bytes[index + 2]) != nil
                else { return true }
                index += 3
            } else {
                index += 1
            }
        }
        return false
    }
}
