/// Another pattern's tokens as a subject to match against, for ``PatternCoverage``: an element is
/// consumed only by a token that matches every text the element matches.
struct TokenSubject: MatchSubject {
    static var codeWidth: Int { 1 }
    static var anyCharacterMatchesEverything: Bool { false }
    static var mayContainVariables: Bool { true }

    let tokens: [PatternToken]

    var count: Int { tokens.count }

    func width(of token: PatternToken, at index: Int) -> Int? {
        TokenSubject.consumes(token, tokens[index]) ? 1 : nil
    }

    func scalar(at index: Int) -> UInt32? {
        if case .literal(let scalar) = tokens[index] { return scalar }
        return nil
    }

    /// Whether broad token `token` matches every text narrow token `other` matches.
    static func consumes(_ token: PatternToken, _ other: PatternToken) -> Bool {
        switch (token, other) {
        case (.literal(let a), .literal(let b)): return a == b
        case (.anyCharacter, .literal), (.anyCharacter, .anyCharacter), (.anyCharacter, .characterClass): return true
        case (.characterClass(let a), .literal(let b)): return a.contains(b)
        case (.characterClass(let a), .characterClass(let b)):
            return a == b || a == .alnum && b != .xdigit || a == .alpha && (b == .upper || b == .lower)
        case (.code(let a), .code(let b)): return a == b
        case (.variable(let a), .variable(let b)): return a == b
        default: return false
        }
    }
}
