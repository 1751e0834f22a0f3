/// A spec mapping's known keys and their values.
///
/// Each known key is found by its position among its kind's keys (``SpecKey``), through a
/// table packed into three words: the reader asks a parameter's mapping for some twenty keys, most
/// of them absent, and comparing the asked key's text with every member's cost more than the
/// rest of reading it. The mapping's members are held as they are, not copied.
struct SpecFields<Key: SpecKey> {
    /// The most keys a kind may have: 12 five-bit slots in each of three words.
    static var capacity: Int { 36 }
    /// The most members the fields may hold: a slot holds 1 + a member's index in five bits. A
    /// mapping with more (unknown keys among them) is given only its known members.
    static var memberCapacity: Int { 31 }

    private let members: [DocumentNode.Member]
    /// For the key at ordinal *k*, the five bits at 5·(*k* mod 12) of word *k* / 12 hold 1 + the
    /// index of its member, or 0 when the mapping does not have it.
    private var slots: (UInt64, UInt64, UInt64) = (0, 0, 0)
    /// Bit *k* is set when the mapping has the key at ordinal *k*: whether it has a key is one
    /// test, asked for most keys of every definition.
    private var present: UInt64 = 0

    /// Fields with no keys yet, over `members`.
    init(_ members: [DocumentNode.Member]) {
        self.members = members
    }

    /// Fields of a mapping without known keys.
    static var none: Self { Self([]) }

    /// Records that `members[index]` holds `key`.
    ///
    /// - Returns: `false`, recording nothing, when an earlier member holds the key already.
    @inline(__always)
    mutating func record(_ key: Key, at index: Int) -> Bool {
        precondition(key.ordinal < Self.capacity, "a spec mapping kind has at most 36 keys")
        precondition(index < Self.memberCapacity, "fields hold at most 31 members")
        guard slot(key) == 0 else { return false }
        let shift = UInt64(5 * (key.ordinal % 12))
        let value = UInt64(index + 1) << shift
        // Comparisons rather than a switch on the word's number: they keep the record and the
        // reads small enough to be inlined where the reader asks for a key.
        if key.ordinal < 12 {
            slots.0 |= value
        } else if key.ordinal < 24 {
            slots.1 |= value
        } else {
            slots.2 |= value
        }
        present |= 1 << UInt64(key.ordinal)
        return true
    }

    private func slot(_ key: Key) -> Int {
        let word = key.ordinal < 12 ? slots.0 : key.ordinal < 24 ? slots.1 : slots.2
        return Int((word >> UInt64(5 * (key.ordinal % 12))) & 31)
    }

    /// The value of a key, or `nil` when the mapping does not have it.
    ///
    /// - Complexity: O(1).
    subscript(key: Key) -> DocumentNode? {
        let slot = slot(key)
        return slot == 0 ? nil : members[slot - 1].value
    }

    /// Whether the mapping has the key.
    func has(_ key: Key) -> Bool { present & (1 << UInt64(key.ordinal)) != 0 }
}
