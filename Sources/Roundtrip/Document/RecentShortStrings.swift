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

    /// Each slot's key: its bytes as two words and its length (`UInt64.max` while empty), three
    /// words a slot, apart from the texts so that a lookup reads one cache line.
    private var keys = [UInt64](repeating: .max, count: 3 * 64)
    private var texts = [String](repeating: "", count: 64)

    /// The text of `bytes[range]`, already validated UTF-8 of at most ``maximumLength`` bytes.
    mutating func text(of bytes: UnsafeRawBufferPointer, in range: Range<Int>) -> String {
        let (low, high) = Self.words(of: bytes, in: range)
        let count = UInt64(truncatingIfNeeded: range.count)
        let mixed = (low ^ (high &* 0x9E37_79B9_7F4A_7C15) ^ count) &* 0xBF58_476D_1CE4_E5B9
        let slot = Int(truncatingIfNeeded: mixed >> 58)
        let isKnown = keys.withUnsafeBufferPointer { keys in
            keys[3 * slot] == low && keys[3 * slot + 1] == high && keys[3 * slot + 2] == count
        }
        if isKnown { return texts[slot] }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        keys.withUnsafeMutableBufferPointer { keys in
            keys[3 * slot] = low
            keys[3 * slot + 1] = high
            keys[3 * slot + 2] = count
        }
        texts[slot] = text
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
