/// A set of positions `0...n` in a subject of `n` elements, as a bit set changed in place: the
/// state of ``AlternationMatcher``, where position `p` means "the pattern read so far can end
/// just before element `p`".
///
/// The set knows the range of words that may hold positions, so every operation costs
/// O(*r*) word operations, *r* being the words between its smallest and largest position: O(1)
/// for the few positions a literal pattern keeps, O(*n*/64) at most.
struct PositionSet {
    private(set) var words: [UInt64]
    /// The largest position, `n`.
    let last: Int
    /// Only words `low...high` may be nonzero, and those two are not, unless the set is empty
    /// (then `low > high`).
    private var low: Int
    private var high: Int

    /// The empty set over `0...last`.
    init(last: Int) {
        self.last = last
        words = [UInt64](repeating: 0, count: last / 64 + 1)
        low = words.count
        high = -1
    }

    /// A set over no positions, holding no memory: what a set handed on is replaced with.
    init() {
        last = -1
        words = []
        low = 0
        high = -1
    }

    var isEmpty: Bool { low > high }

    /// The words between the smallest and the largest position: the cost of an operation.
    var span: Int { isEmpty ? 0 : high - low + 1 }

    /// The number of positions.
    var count: Int {
        guard !isEmpty else { return 0 }
        var total = 0
        for index in low...high { total += words[index].nonzeroBitCount }
        return total
    }

    /// The smallest position, if any.
    var first: Int? { isEmpty ? nil : low << 6 + words[low].trailingZeroBitCount }

    func contains(_ position: Int) -> Bool {
        words[position >> 6] & (1 << UInt64(position & 63)) != 0
    }

    mutating func insert(_ position: Int) {
        let index = position >> 6
        words[index] |= 1 << UInt64(position & 63)
        low = min(low, index)
        high = max(high, index)
    }

    mutating func removeAll() {
        if !isEmpty {
            for index in low...high { words[index] = 0 }
        }
        low = words.count
        high = -1
    }

    /// Makes this set equal to `other` (a set over the same positions).
    mutating func assign(_ other: PositionSet) {
        removeAll()
        guard !other.isEmpty else { return }
        for index in other.low...other.high { words[index] = other.words[index] }
        low = other.low
        high = other.high
    }

    mutating func formUnion(_ other: PositionSet) {
        guard !other.isEmpty else { return }
        for index in other.low...other.high { words[index] |= other.words[index] }
        low = min(low, other.low)
        high = max(high, other.high)
    }

    /// Adds every position from the smallest one to `last`: what a `*` can reach.
    mutating func closeUpward() {
        guard let start = first else { return }
        words[low] = ~0 << UInt64(start & 63)
        for index in (low + 1)..<words.count { words[index] = ~0 }
        high = words.count - 1
        clearPastLast()
    }

    /// Replaces each position `p` by `p + distance` (1 to 63), keeping only the `p` in `mask`
    /// (`nil` for all); positions past `last` are dropped.
    mutating func shift(by distance: Int, keeping mask: [UInt64]?) {
        guard !isEmpty else { return }
        let top = min(high + 1, words.count - 1)
        let up = UInt64(distance)
        let down = UInt64(64 - distance)
        // From the top down, so each word is read before it is overwritten.
        var index = top
        while index >= low {
            let current = index <= high ? words[index] & (mask?[index] ?? ~0) : 0
            let below = index > low ? words[index - 1] & (mask?[index - 1] ?? ~0) : 0
            words[index] = current << up | below >> down
            index -= 1
        }
        high = top
        clearPastLast()
        trim()
    }

    /// Replaces each position `p` for which `matches(p)` holds by `p + distance` (1 to 63) and
    /// drops the others.
    mutating func advance(by distance: Int, where matches: (Int) -> Bool) {
        guard !isEmpty else { return }
        let top = min(high + 1, words.count - 1)
        // From the top down: a word's positions move up into it or the next, both done already.
        var index = high
        while index >= low {
            var bits = words[index]
            words[index] = 0
            while bits != 0 {
                let position = index << 6 + bits.trailingZeroBitCount
                bits &= bits - 1
                let target = position + distance
                if target <= last, matches(position) {
                    words[target >> 6] |= 1 << UInt64(target & 63)
                }
            }
            index -= 1
        }
        high = top
        trim()
    }

    /// The positions, in increasing order.
    var elements: [Int] {
        var result: [Int] = []
        guard !isEmpty else { return result }
        for index in low...high {
            var bits = words[index]
            while bits != 0 {
                result.append(index << 6 + bits.trailingZeroBitCount)
                bits &= bits - 1
            }
        }
        return result
    }

    private mutating func clearPastLast() {
        let used = last & 63
        if used != 63 {
            words[words.count - 1] &= (1 << UInt64(used + 1)) - 1
        }
    }

    /// Restores the invariant that `low` and `high` are nonzero words.
    private mutating func trim() {
        while low <= high, words[low] == 0 { low += 1 }
        while high >= low, words[high] == 0 { high -= 1 }
        if low > high {
            low = words.count
            high = -1
        }
    }
}
