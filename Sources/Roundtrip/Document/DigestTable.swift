/// Elements found by a 64-bit digest that several may share: an open-addressing table of
/// indices into one array of elements.
///
/// What ``RepeatedDefinitions`` keeps, one entry for each definition a spec gives, and what
/// ``JSONParser`` keeps of the objects that may repeat: a dictionary of arrays took an array for
/// every digest and rehashed digests that are hashes already, which cost more than the lookups
/// saved when nothing repeats. Here the elements share one array, and the slots one more.
///
/// Bounded against hostile input, whose digests an attacker can choose (the digests are not
/// keyed): a digest keeps at most ``elementsPerDigest`` elements, so a lookup compares at most
/// that many, and the slot a digest starts from is mixed with a seed drawn at random once per
/// process (as Swift's `Hasher` seeds itself), so that digests cannot be chosen to crowd one run
/// of slots. Only the time a lookup takes depends on the seed, never what it finds. (A seed per
/// table cost a system call for each of the tables every spec load makes.)
package struct DigestTable<Element> {
    /// The elements, in the order they were inserted.
    private var elements: [Element] = []
    /// Each element's digest, beside it.
    private var digests: [UInt64] = []
    /// 1 + the index of an element, or 0 for an empty slot; a power of two long, at most half full.
    private var slots: [Int32] = []
    /// The most elements one digest keeps: a later one under it is not inserted.
    let elementsPerDigest: Int

    /// An empty table that keeps at most `elementsPerDigest` elements under one digest.
    package init(elementsPerDigest: Int = 4) {
        self.elementsPerDigest = elementsPerDigest
    }

    /// The first element inserted with `digest` that satisfies `matches`, or `nil`.
    ///
    /// - Complexity: O(1) expected, plus one call of `matches` for each element with the digest
    ///   (at most ``elementsPerDigest``).
    package func first(digest: UInt64, where matches: (Element) -> Bool) -> Element? {
        first(digest: digest, where: matches) { $0 }
    }

    /// The part `part` reads of the first element inserted with `digest` that satisfies
    /// `matches`, or `nil`: the element is read in place, and only the part is copied out.
    ///
    /// - Complexity: As ``first(digest:where:)``.
    func first<Part>(digest: UInt64, where matches: (Element) -> Bool, part: (Element) -> Part) -> Part? {
        guard !slots.isEmpty else { return nil }
        let mask = slots.count - 1
        var slot = home(of: digest, mask: mask)
        while slots[slot] != 0 {
            let index = Int(slots[slot]) - 1
            if digests[index] == digest, matches(elements[index]) { return part(elements[index]) }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// Adds `element` under `digest`, after any other element with the same digest, unless the
    /// digest already keeps ``elementsPerDigest`` elements.
    ///
    /// - Returns: Whether the element was inserted.
    /// - Complexity: O(1) amortised.
    @discardableResult
    package mutating func insert(_ element: Element, digest: UInt64) -> Bool {
        if 2 * (elements.count + 1) > slots.count { grow() }
        let mask = slots.count - 1
        var slot = home(of: digest, mask: mask)
        var sharing = 0
        while slots[slot] != 0 {
            if digests[Int(slots[slot]) - 1] == digest {
                sharing += 1
                if sharing >= elementsPerDigest { return false }
            }
            slot = (slot + 1) & mask
        }
        elements.append(element)
        digests.append(digest)
        slots[slot] = Int32(truncatingIfNeeded: elements.count)
        return true
    }

    /// Puts the element at `index` in the first empty slot from its digest's home: probing
    /// meets it after the elements inserted before it.
    private mutating func place(_ index: Int) {
        let mask = slots.count - 1
        var slot = home(of: digests[index], mask: mask)
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(truncatingIfNeeded: index + 1)
    }

    /// Doubles the slots (64 at first) and places every element again, in insertion order.
    private mutating func grow() {
        slots = [Int32](repeating: 0, count: max(64, 2 * slots.count))
        for index in elements.indices { place(index) }
    }

    /// A digest's first slot: the high bits of the digest mixed with the process's seed, after a
    /// multiply by 2⁶⁴/φ, so that digests that differ only in their high bits (a short FNV-1a)
    /// still spread (Knuth, TAOCP vol. 3, 6.4), and no one outside knows which digests meet.
    private func home(of digest: UInt64, mask: Int) -> Int {
        let mixed = (digest ^ DigestSeed.value) &* 0x9E37_79B9_7F4A_7C15
        let spread = (mixed ^ (mixed >> 29)) &* 0xBF58_476D_1CE4_E5B9
        return Int(truncatingIfNeeded: spread >> 32) & mask
    }
}

/// The seed every ``DigestTable`` mixes into its digests, and ``FirstPairTable`` into its
/// hashes, drawn at random once per process (a generic type cannot hold it).
enum DigestSeed {
    static let value = UInt64.random(in: .min ... .max)
}
