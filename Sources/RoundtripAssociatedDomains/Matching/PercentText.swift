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
        return String(decoding: decodedBytes(utf8), as: UTF8.self).unicodeScalars.map(\.value)
    }

    /// The decoded text as a `String`.
    static func decodedString(_ text: some StringProtocol) -> String {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return String(text) }
        return String(decoding: decodedBytes(text.utf8), as: UTF8.self)
    }

    static func decodedBytes<Bytes: Collection<UInt8>>(_ utf8: Bytes) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var index = utf8.startIndex
        while index < utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "%") {
                let first = utf8.index(after: index)
                if first < utf8.endIndex, let high = URLSplit.hexValue(utf8[first]) {
                    let second = utf8.index(after: first)
                    if second < utf8.endIndex, let low = URLSplit.hexValue(utf8[second]) {
                        bytes.append(high << 4 | low)
                        index = utf8.index(after: second)
                        continue
                    }
                }
            }
            bytes.append(byte)
            index = utf8.index(after: index)
        }
        return bytes
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
