/// The short strings a JSON text has used so far, by their bytes, so that the keys and values a
/// document repeats (`"type"`, `"string"`, `"required"`) become text once rather than at each
/// use.
///
/// Direct-mapped: a string of at most ``maximumLength`` bytes has one slot, chosen from its
/// bytes. A string found there with the same bytes is reused; any other takes the slot. Equal
/// bytes are equal text, so a reused string is exactly what decoding the bytes again would give.
struct RecentShortStrings {
    /// The longest string, in bytes, that is remembered.
    static let maximumLength = 16

    private struct Entry {
        var low: UInt64 = 0
        var high: UInt64 = 0
        var count = -1
        var text = ""
    }

    private var entries = [Entry](repeating: Entry(), count: 64)

    /// The text of `bytes[range]`, already validated UTF-8 of at most ``maximumLength`` bytes.
    mutating func text(of bytes: UnsafeRawBufferPointer, in range: Range<Int>) -> String {
        let (low, high) = Self.words(of: bytes, in: range)
        let mixed = (low ^ (high &* 0x9E37_79B9_7F4A_7C15) ^ UInt64(truncatingIfNeeded: range.count)) &* 0xBF58_476D_1CE4_E5B9
        let slot = Int(truncatingIfNeeded: mixed >> 58)
        if entries[slot].count == range.count, entries[slot].low == low, entries[slot].high == high {
            return entries[slot].text
        }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        entries[slot] = Entry(low: low, high: high, count: range.count, text: text)
        return text
    }

    /// The bytes as two little-endian words, zero past the end of the range.
    private static func words(of bytes: UnsafeRawBufferPointer, in range: Range<Int>) -> (UInt64, UInt64) {
        let count = range.count
        guard range.lowerBound + 16 <= bytes.count else {
            // Near the end of the text: byte by byte, never reading past it.
            var words: (UInt64, UInt64) = (0, 0)
            for (position, index) in range.enumerated() {
                if position < 8 {
                    words.0 |= UInt64(bytes[index]) << (position * 8)
                } else {
                    words.1 |= UInt64(bytes[index]) << ((position - 8) * 8)
                }
            }
            return words
        }
        let low = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: range.lowerBound, as: UInt64.self))
        let high = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: range.lowerBound + 8, as: UInt64.self))
        let lowMask: UInt64 = count >= 8 ? .max : (1 << (UInt64(count) * 8)) - 1
        let highMask: UInt64 = count >= 16 ? .max : count <= 8 ? 0 : (1 << (UInt64(count - 8) * 8)) - 1
        return (low & lowMask, high & highMask)
    }
}
