/// "Did you mean …?" hints: the one home of the edit distance that the spec reader, the decision
/// (unknown parameters) and the association-file decoder (unknown keys) use.
package enum NameSuggestion {
    /// The Levenshtein distance between two names: the fewest single-character insertions,
    /// deletions and substitutions that turn one into the other.
    ///
    /// - Complexity: O(*m* × *n*) in the two lengths.
    package static func editDistance(_ lhs: String, _ rhs: String) -> Int {
        let a = Array(lhs)
        let b = Array(rhs)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = Array(repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    /// The known name closest to `name`, when it is at most `maximumDistance` edits away.
    package static func closest(to name: String, among known: [String], maximumDistance: Int = 2) -> String? {
        let scored = known.map { ($0, editDistance($0, name)) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= maximumDistance else { return nil }
        return best.0
    }
}
