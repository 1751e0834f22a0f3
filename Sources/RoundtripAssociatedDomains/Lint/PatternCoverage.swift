/// Decides, conservatively, whether one pattern matches every text another matches.
///
/// The check matches the broader pattern against the narrower one symbolically: a `*` may take
/// any run of the other's tokens, `?` any single-character token, a literal only the same literal.
/// When it answers `true` the inclusion certainly holds; `false` means "not proven" (so the linter
/// never reports a rule as shadowed by mistake).
enum PatternCoverage {
    /// Whether every text matching `narrow` also matches `broad`.
    static func covers(_ broad: CompiledPattern, _ narrow: CompiledPattern) -> Bool {
        if broad.matchesEverything { return true }
        // A case-sensitive pattern is not proven to cover a case-insensitive one.
        if broad.isCaseSensitive, !narrow.isCaseSensitive { return false }
        guard !broad.alternatives.isEmpty else { return narrow.alternatives.isEmpty }
        let foldNarrow = !broad.isCaseSensitive && narrow.isCaseSensitive
        return narrow.alternatives.allSatisfy { narrowTokens in
            let tokens = foldNarrow ? narrowTokens.map(folded) : narrowTokens
            return broad.alternatives.contains { covers($0, tokens) }
        }
    }

    private static func folded(_ token: PatternToken) -> PatternToken {
        if case .literal(let scalar) = token { return .literal(CaseFolding.fold(scalar)) }
        return token
    }

    /// Dynamic programming over (broad index, narrow index), after a quick check that the
    /// narrow pattern starts and ends with the broad pattern's literal prefix and suffix (which rejects most pairs of
    /// a large file without allocating).
    static func covers(_ broad: [PatternToken], _ narrow: [PatternToken]) -> Bool {
        for (index, token) in broad.enumerated() {
            guard case .literal = token else { break }
            guard index < narrow.count, narrow[index] == token else { return false }
        }
        // Likewise the literal suffix.
        for (offset, token) in broad.reversed().enumerated() {
            guard case .literal = token else { break }
            guard offset < narrow.count, narrow[narrow.count - 1 - offset] == token else { return false }
        }
        let width = narrow.count + 1
        // reachable[i * width + j]: broad[..<i] can consume narrow[..<j].
        var reachable = [Bool](repeating: false, count: (broad.count + 1) * width)
        reachable[0] = true
        for i in 0...broad.count {
            for j in 0...narrow.count where reachable[i * width + j] {
                guard i < broad.count else { continue }
                let token = broad[i]
                if token == .star {
                    reachable[(i + 1) * width + j] = true
                    if j < narrow.count { reachable[i * width + j + 1] = true }
                } else if j < narrow.count, consumes(token, narrow[j]) {
                    reachable[(i + 1) * width + j + 1] = true
                }
            }
        }
        return reachable[broad.count * width + narrow.count]
    }

    /// Whether broad token `token` matches every text narrow token `other` matches.
    private static func consumes(_ token: PatternToken, _ other: PatternToken) -> Bool {
        switch (token, other) {
        case (.literal(let a), .literal(let b)): return a == b
        case (.anyCharacter, .literal), (.anyCharacter, .anyCharacter), (.anyCharacter, .characterClass): return true
        case (.characterClass(let a), .literal(let b)): return a.contains(b)
        case (.characterClass(let a), .characterClass(let b)):
            return a == b || a == .alnum && b != .xdigit || a == .alpha && (b == .upper || b == .lower)
        case (.code(let a), .code(let b)): return a == b
        default: return false
        }
    }
}
