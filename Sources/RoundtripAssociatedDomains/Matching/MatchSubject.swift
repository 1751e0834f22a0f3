/// What a compiled pattern is matched against: a URL part's characters (``TextSubject``), or, for
/// the linter's `shadowed-rule` check, another pattern's tokens (``TokenSubject``), so both
/// questions are answered by the same two engines.
protocol MatchSubject {
    /// How many elements a `$(region)` or `$(lang)` token spans: 2 characters of text, 1 token.
    static var codeWidth: Int { get }
    /// Whether `?` consumes every element (text), so the engines may skip testing it.
    static var anyCharacterMatchesEverything: Bool { get }
    /// Whether elements can be custom variables (tokens), which a use of the same variable matches.
    static var mayContainVariables: Bool { get }

    /// The number of elements.
    var count: Int { get }

    /// How many elements a fixed-width token (never `*`) consumes at `index`, or `nil` when it
    /// does not match there. A custom variable token matches only in a ``TokenSubject``, where it
    /// consumes the same variable.
    func width(of token: PatternToken, at index: Int) -> Int?

    /// The element as a character, when it is one (text: always; tokens: literals only), for
    /// literal search and the scalar index.
    func scalar(at index: Int) -> UInt32?
}
