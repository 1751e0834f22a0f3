/// A hash of a run of bytes, eight at a time: each word is mixed in with a multiply by 2⁶⁴/φ and
/// an xor-shift, so that a definition's text is hashed several bytes per step rather than
/// FNV-1a's one. Only a digest for a lookup: equal digests are confirmed by comparing the bytes.
enum WordHash {
    static func hash(_ bytes: UnsafeRawBufferPointer, seed: UInt64) -> UInt64 {
        // Four lanes of 32 bytes' stride, so the multiplications of neighbouring words overlap
        // instead of waiting on each other; then the words left, then the bytes left.
        var lanes: (UInt64, UInt64, UInt64, UInt64) = (seed ^ UInt64(truncatingIfNeeded: bytes.count), 1, 2, 3)
        var offset = 0
        while offset + 32 <= bytes.count {
            lanes.0 = mix(lanes.0 ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            lanes.1 = mix(lanes.1 ^ bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self))
            lanes.2 = mix(lanes.2 ^ bytes.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self))
            lanes.3 = mix(lanes.3 ^ bytes.loadUnaligned(fromByteOffset: offset + 24, as: UInt64.self))
            offset += 32
        }
        var hash = mix(mix(mix(lanes.0 ^ lanes.1) ^ lanes.2) ^ lanes.3)
        while offset + 8 <= bytes.count {
            hash = mix(hash ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while offset < bytes.count {
            tail |= UInt64(bytes[offset]) << shift
            shift += 8
            offset += 1
        }
        return mix(hash ^ tail)
    }

    private static func mix(_ value: UInt64) -> UInt64 {
        let product = value &* 0x9E37_79B9_7F4A_7C15
        return product ^ (product >> 29)
    }
}
