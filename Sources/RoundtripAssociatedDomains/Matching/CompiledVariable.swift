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
    /// Per value, the number of characters it needs at least (its tokens other than `*`).
    let minimumWidths: [Int]
    /// The smallest of ``minimumWidths``; 0 when there are no values.
    let minimumWidth: Int
    /// Whether a value is the empty string.
    let hasEmptyValue: Bool
    /// Whether a value is `*`.
    let hasStarValue: Bool

    init(name: String, values: [[PatternToken]]) {
        var seen = Set<[PatternToken]>()
        let distinct = values.filter { seen.insert($0).inserted }
        self.name = name
        self.values = distinct
        minimumWidths = distinct.map { tokens in tokens.reduce(0) { $0 + ($1 == .star ? 0 : 1) } }
        minimumWidth = minimumWidths.min() ?? 0
        hasEmptyValue = distinct.contains([])
        hasStarValue = distinct.contains([.star])
    }
}
