/// The candidates of a route's selection by their first select pair, found from a value's bytes
/// as the query holds them.
///
/// The values' bytes and the candidates' places are each one flat array, and a lookup hashes
/// the query's bytes in place: a query's values are never made into `String`s to be looked up.
///
/// The pairs come from the spec, never from a URL, so no input decides which of them share a
/// slot's run; the hash is seeded once per process all the same, and a lookup confirms a slot
/// by comparing the name and the bytes.
struct FirstPairTable: Sendable {
    /// Every first pair's value bytes, one after another.
    private var valueBytes: [UInt8] = []
    /// Where each first pair's value ends in ``valueBytes`` (it starts where the last one ends).
    private var valueEnds: [Int] = []
    /// Each first pair's name, as its index in the selection's names.
    private var names: [Int] = []
    /// Where each first pair's places end in ``places``.
    private var placeEnds: [Int] = []
    /// The candidates' places, grouped by first pair, ascending in each group.
    private var places: [Int] = []
    /// 1 + the index of a first pair, or 0 for an empty slot; a power of two long, at most half full.
    private var slots: [Int32]

    /// A table of the candidates' `places` (ascending) by first pair: a name's index and a value.
    init(_ pairs: [(name: Int, value: String, places: [Int])]) {
        var size = 8
        while size < 2 * pairs.count { size *= 2 }
        slots = [Int32](repeating: 0, count: size)
        for pair in pairs {
            let value = Array(pair.value.utf8)
            let hash = value.withUnsafeBufferPointer { Self.hash(name: pair.name, value: $0) }
            valueBytes.append(contentsOf: value)
            valueEnds.append(valueBytes.count)
            names.append(pair.name)
            places.append(contentsOf: pair.places)
            placeEnds.append(places.count)
            var slot = hash & (size - 1)
            while slots[slot] != 0 { slot = (slot + 1) & (size - 1) }
            slots[slot] = Int32(truncatingIfNeeded: names.count)
        }
    }

    /// The offsets in ``place(at:)`` of the candidates whose first pair is the name at `name`
    /// with `value`; empty when there are none.
    ///
    /// - Complexity: O(the value's length), expected.
    func places(name: Int, value: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        let mask = slots.count - 1
        var slot = Self.hash(name: name, value: value) & mask
        while slots[slot] != 0 {
            let pair = Int(slots[slot]) - 1
            let start = pair == 0 ? 0 : valueEnds[pair - 1]
            if names[pair] == name, valueEnds[pair] - start == value.count, matches(value, from: start) {
                return (pair == 0 ? 0 : placeEnds[pair - 1])..<placeEnds[pair]
            }
            slot = (slot + 1) & mask
        }
        return 0..<0
    }

    /// The candidate's place at an offset that ``places(name:value:)`` gave.
    func place(at offset: Int) -> Int { places[offset] }

    private func matches(_ value: UnsafeBufferPointer<UInt8>, from start: Int) -> Bool {
        valueBytes.withUnsafeBufferPointer { all in
            for offset in 0..<value.count where all[start + offset] != value[offset] { return false }
            return true
        }
    }

    /// FNV-1a over the name's index and the value's bytes, from the seed drawn once per process.
    private static func hash(name: Int, value: UnsafeBufferPointer<UInt8>) -> Int {
        var hash = DigestSeed.value ^ UInt64(truncatingIfNeeded: name)
        for byte in value { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        return Int(truncatingIfNeeded: (hash ^ (hash >> 32)))
    }
}
