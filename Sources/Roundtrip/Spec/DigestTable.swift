/// Elements found by a 64-bit digest that several may share: an open-addressing table of
/// indices into one array of elements.
///
/// What ``RepeatedDefinitions`` keeps, one entry for each definition a spec gives: a
/// dictionary of arrays took an array for every digest and rehashed digests that are hashes
/// already, which cost more than the lookups saved when no definition repeats. Here the
/// elements share one array, and the slots one more.
struct DigestTable<Element> {
    /// The elements, in the order they were inserted.
    private var elements: [Element] = []
    /// Each element's digest, beside it.
    private var digests: [UInt64] = []
    /// 1 + the index of an element, or 0 for an empty slot; a power of two long, at most half full.
    private var slots: [Int32] = []

    /// An empty table.
    init() {}

    /// The first element inserted with `digest` that satisfies `matches`, or `nil`.
    ///
    /// - Complexity: O(1) expected, plus one call of `matches` for each element with the digest.
    func first(digest: UInt64, where matches: (Element) -> Bool) -> Element? {
        guard !slots.isEmpty else { return nil }
        let mask = slots.count - 1
        var slot = Self.home(of: digest, mask: mask)
        while slots[slot] != 0 {
            let index = Int(slots[slot]) - 1
            if digests[index] == digest, matches(elements[index]) { return elements[index] }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// Adds `element` under `digest`, after any other element with the same digest.
    ///
    /// - Complexity: O(1) amortised.
    mutating func insert(_ element: Element, digest: UInt64) {
        if 2 * (elements.count + 1) > slots.count { grow() }
        elements.append(element)
        digests.append(digest)
        place(elements.count - 1)
    }

    /// Puts the element at `index` in the first empty slot from its digest's home: probing
    /// meets it after the elements inserted before it.
    private mutating func place(_ index: Int) {
        let mask = slots.count - 1
        var slot = Self.home(of: digests[index], mask: mask)
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(truncatingIfNeeded: index + 1)
    }

    /// Doubles the slots (64 at first) and places every element again, in insertion order.
    private mutating func grow() {
        slots = [Int32](repeating: 0, count: max(64, 2 * slots.count))
        for index in elements.indices { place(index) }
    }

    /// A digest's first slot: its high bits after a multiply by 2⁶⁴/φ, so that digests that
    /// differ only in their high bits (a short FNV-1a) still spread (Knuth, TAOCP vol. 3, 6.4).
    private static func home(of digest: UInt64, mask: Int) -> Int {
        Int(truncatingIfNeeded: (digest &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    }
}
