/// A custom substitution variable compiled for one way of reading patterns (case-sensitive or
/// not, percent-encoded or not): each value is a small pattern of literals, `?` and `*`.
///
/// Apple: a value "can contain wildcards but not other variables" (the `substitutionVariables`
/// page of the applinks reference). A `$(` in a value is therefore read as literal text, and the
/// linter reports it (`substitution-variable-value`).
struct CompiledVariable: Sendable {
    /// The variable's name, as written in `$(name)`.
    let name: String
    /// The distinct values, compiled, stars collapsed. Equal values would only repeat work.
    let values: [[PatternToken]]
    /// The fewest characters a value needs (its tokens other than `*`); 0 when there are no values.
    let minimumWidth: Int
    /// Whether a value is the empty string.
    let hasEmptyValue: Bool
    /// Whether a value is `*`.
    let hasStarValue: Bool
    /// The values as a trie, which the matcher walks.
    let trie: ValueTrie

    init(name: String, values: [[PatternToken]]) {
        var seen = Set<[PatternToken]>()
        let distinct = values.filter { seen.insert($0).inserted }
        self.name = name
        self.values = distinct
        hasEmptyValue = distinct.contains([])
        hasStarValue = distinct.contains([.star])
        trie = ValueTrie(distinct)
        minimumWidth = distinct.isEmpty ? 0 : trie.needs[0]
    }
}
