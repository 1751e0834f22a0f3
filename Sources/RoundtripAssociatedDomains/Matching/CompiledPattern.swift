/// A pattern (`/`, `?`, `#` or a query item value) compiled once for fast matching.
///
/// Custom substitution variables are expanded into ``alternatives`` at compile time; predefined
/// variables stay single tokens. Matching is the classic one-pass wildcard algorithm with one
/// backtrack point: O(*n*·*m*) worst case, O(*n*) typically, and it allocates nothing.
struct CompiledPattern: Sendable {
    /// The token sequences; a text matches when any of them matches. Empty means never.
    let alternatives: [[PatternToken]]
    /// Whether the text must be compared as is (`true`) or case-folded.
    let isCaseSensitive: Bool
    /// The pattern as written, for explanations.
    let source: String

    /// `*` alone: every text matches, so matching can skip the work.
    let matchesEverything: Bool

    /// The literal characters every match starts with (single-alternative patterns only; empty
    /// otherwise): the key of ``RuleIndex`` and of the linter's shadowing check.
    let literalPrefix: [UInt32]
    /// The literal characters every match ends with (single-alternative patterns only): most
    /// non-matching texts are rejected by comparing these few characters first.
    let literalSuffix: [UInt32]

    init(alternatives: [[PatternToken]], isCaseSensitive: Bool, source: String) {
        self.alternatives = alternatives
        self.isCaseSensitive = isCaseSensitive
        self.source = source
        matchesEverything = alternatives.contains { $0 == [.star] }
        let tokens = alternatives.count == 1 ? alternatives[0] : []
        literalPrefix = CompiledPattern.literals(tokens)
        literalSuffix = CompiledPattern.literals(tokens.reversed()).reversed()
    }

    /// Whether `text` (already case-folded when the pattern is case-insensitive) matches.
    func matches(_ text: [UInt32]) -> Bool {
        if alternatives.count == 1 {
            let suffixCount = literalSuffix.count
            guard suffixCount <= text.count else { return false }
            var offset = 1
            while offset <= suffixCount {
                if literalSuffix[suffixCount - offset] != text[text.count - offset] { return false }
                offset += 1
            }
            return CompiledPattern.matches(alternatives[0], text)
        }
        for tokens in alternatives where CompiledPattern.matches(tokens, text) {
            return true
        }
        return false
    }

    /// The literal scalars at the start of a token sequence.
    private static func literals(_ tokens: some Sequence<PatternToken>) -> [UInt32] {
        var scalars: [UInt32] = []
        for token in tokens {
            guard case .literal(let scalar) = token else { break }
            scalars.append(scalar)
        }
        return scalars
    }

    /// The wildcard algorithm: on a mismatch, retry from the last `*` one character further on.
    /// Correct because every other token has a fixed width, so each run between stars can be
    /// placed at its leftmost occurrence.
    static func matches(_ tokens: [PatternToken], _ text: [UInt32]) -> Bool {
        var tokenIndex = 0
        var textIndex = 0
        var starToken = -1
        var starText = 0
        while textIndex < text.count {
            if tokenIndex < tokens.count {
                let token = tokens[tokenIndex]
                if case .star = token {
                    starToken = tokenIndex
                    starText = textIndex
                    tokenIndex += 1
                    continue
                }
                if let width = width(of: token, matchingAt: textIndex, in: text) {
                    textIndex += width
                    tokenIndex += 1
                    continue
                }
            }
            guard starToken >= 0 else { return false }
            starText += 1
            textIndex = starText
            tokenIndex = starToken + 1
        }
        while tokenIndex < tokens.count, case .star = tokens[tokenIndex] {
            tokenIndex += 1
        }
        return tokenIndex == tokens.count
    }

    private static func width(of token: PatternToken, matchingAt index: Int, in text: [UInt32]) -> Int? {
        switch token {
        case .literal(let scalar): return text[index] == scalar ? 1 : nil
        case .anyCharacter: return 1
        case .characterClass(let characterClass): return characterClass.contains(text[index]) ? 1 : nil
        case .code(let set):
            guard index + 1 < text.count, set.contains(text[index], text[index + 1]) else { return nil }
            return 2
        case .star: return nil
        }
    }
}
