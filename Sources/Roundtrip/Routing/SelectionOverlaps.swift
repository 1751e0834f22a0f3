/// Finds, among the earlier candidates of a route's selection, one that a query could select
/// equally with a new candidate: as many pairs, and the same value for every name they share.
///
/// Comparing each new candidate with every earlier one made compiling a route shared by *n*
/// actions cost *n*²/2 comparisons whenever their sets of names differ (`{action: a1, x1: 1}`,
/// `{action: a2, x2: 1}`, …). Here the earlier candidates that agree with a new one, *S*, are
/// counted instead: for each earlier candidate *T*, the product over *S*'s names *n* of
/// `1 − [T has n] + [T has n with S's value]` is 1 when *T* agrees with *S* on the names they
/// share and 0 otherwise; expanded, the sum over every *T* is
///
///     Σ over disjoint sets A, B of S's names: (−1)^|A| · #{T : T has A ∪ B, and S's values on B}
///
/// and each of those counts is kept in a table keyed by the names `A ∪ B` and the values on `B`.
/// Adding or asking about a candidate of *k* pairs touches 3^*k* keys, at most 81 (a candidate
/// has at most ``maximumPairs``), whatever the number of candidates; only when the count is not
/// zero are the earlier candidates read, once, to name the one that collides.
///
/// Candidates with one set of names (the `?action=…` of most shared routes) never need the
/// table: two of them collide only with the same values, which ``RouteSelection`` finds by
/// hashing. So the table is built for a number of pairs only once a second set of names has
/// that many.
struct SelectionOverlaps: Sendable {
    /// The most pairs one action's `select` may list: the keys touched per candidate grow as
    /// 3 to that power.
    static var maximumPairs: Int { 4 }

    /// A candidate's pairs, sorted by name: each a name's index in the selection's names and a
    /// value's index among that selection's interned values.
    typealias Pairs = [(name: Int, value: Int)]

    /// Names and values, as ``table`` keys them: per name (ascending), the name's index in the
    /// upper half and, for a name of `B`, 1 + the value's index in the lower; -1 where unused.
    private struct Key: Hashable, Sendable {
        var count: Int
        var entries: (Int64, Int64, Int64, Int64) = (-1, -1, -1, -1)

        init(count: Int) { self.count = count }

        subscript(index: Int) -> Int64 {
            get {
                switch index {
                case 0: entries.0
                case 1: entries.1
                case 2: entries.2
                default: entries.3
                }
            }
            set {
                switch index {
                case 0: entries.0 = newValue
                case 1: entries.1 = newValue
                case 2: entries.2 = newValue
                default: entries.3 = newValue
                }
            }
        }

        static func == (lhs: Key, rhs: Key) -> Bool {
            lhs.count == rhs.count && lhs.entries == rhs.entries
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(count)
            hasher.combine(entries.0)
            hasher.combine(entries.1)
            hasher.combine(entries.2)
            hasher.combine(entries.3)
        }
    }

    /// The earlier candidates by their number of pairs: each one's place and pairs, in the order
    /// added.
    private var byCount: [Int: [(place: Int, pairs: Pairs)]] = [:]
    /// The sets of names (see ``RouteSelection``'s name keys) of the candidates with each number
    /// of pairs.
    private var nameSets: [Int: Set<String>] = [:]
    /// How many candidates each key counts, for the numbers of pairs in ``indexed``.
    private var table: [Key: Int] = [:]
    /// The numbers of pairs whose candidates ``table`` counts.
    private var indexed: Set<Int> = []

    /// The place of an earlier candidate that a query could select equally with a new one whose
    /// pairs are `pairs` (sorted by name; a name or value no earlier candidate has is `nil`) and
    /// whose names are `nameKey`, or `nil` when there is none; the caller has already looked for
    /// an earlier candidate with the same names and values.
    ///
    /// - Parameter steps: Counts the keys read and the candidates compared.
    /// - Complexity: O(3^(its pairs)) when no earlier candidate collides, else O(the earlier ones).
    mutating func collision(with pairs: [(name: Int?, value: Int?)], nameKey: String, steps: inout Int) -> Int? {
        let count = pairs.count
        // Only candidates with as many pairs can collide, and with the same names only by the
        // same values, which the caller ruled out.
        guard let names = nameSets[count], names.contains(where: { $0 != nameKey }) else { return nil }
        if !indexed.contains(count) {
            indexed.insert(count)
            for earlier in byCount[count] ?? [] { index(earlier.pairs, steps: &steps) }
        }
        // A name no earlier candidate has is shared with none: it adds nothing to the sum.
        let known = pairs.compactMap { pair in pair.name.map { (name: $0, value: pair.value) } }
        var agreeing = 0
        Self.forEachKey(count: count, pairs: known.map { ($0.name, $0.value ?? -1) }, skipsValue: known.map { $0.value == nil }) { key, sign in
            steps += 1
            agreeing += sign * (table[key] ?? 0)
        }
        guard agreeing > 0 else { return nil }
        for earlier in byCount[count] ?? [] {
            steps += 1
            let agrees = earlier.pairs.allSatisfy { pair in
                known.allSatisfy { $0.name != pair.name || $0.value == pair.value }
            }
            if agrees { return earlier.place }
        }
        return nil
    }

    /// Adds a candidate: its place, its pairs (sorted by name) and its names.
    mutating func insert(place: Int, pairs: Pairs, nameKey: String, steps: inout Int) {
        byCount[pairs.count, default: []].append((place, pairs))
        nameSets[pairs.count, default: []].insert(nameKey)
        if indexed.contains(pairs.count) { index(pairs, steps: &steps) }
    }

    private mutating func index(_ pairs: Pairs, steps: inout Int) {
        Self.forEachKey(count: pairs.count, pairs: pairs, skipsValue: nil) { key, _ in
            steps += 1
            table[key, default: 0] += 1
        }
    }

    /// Calls `body` with every key of disjoint sets `A` (names only) and `B` (names and values)
    /// of `pairs`, and `(−1)^|A|`; a pair whose `skipsValue` is true is never in `B` (no earlier
    /// candidate has its value, so those counts are 0).
    private static func forEachKey(count: Int, pairs: Pairs, skipsValue: [Bool]?, _ body: (Key, Int) -> Void) {
        var combinations = 1
        for _ in pairs { combinations *= 3 }
        for combination in 0..<combinations {
            var code = combination
            var key = Key(count: count)
            var used = 0
            var sign = 1
            var possible = true
            for (offset, pair) in pairs.enumerated() {
                let choice = code % 3
                code /= 3
                guard choice > 0 else { continue }
                if choice == 1 {
                    sign = -sign
                    key[used] = Int64(pair.name) << 32
                } else {
                    if skipsValue?[offset] == true { possible = false }
                    key[used] = Int64(pair.name) << 32 | Int64(pair.value + 1)
                }
                used += 1
            }
            if possible { body(key, sign) }
        }
    }
}
