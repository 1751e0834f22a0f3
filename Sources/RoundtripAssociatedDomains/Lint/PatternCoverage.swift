/// Decides, conservatively, whether one pattern matches every text another matches.
///
/// The broader pattern is matched against the narrower one's tokens, by the matcher's own engines
/// (``TokenSubject``): a `*` may take any run of the other's tokens, `?` any single-character
/// token, a literal only the same literal, a custom variable one of its values or the same
/// variable. When it answers `true` the inclusion certainly holds; `false` means "not proven" (so
/// the linter never reports a rule as shadowed by mistake).
enum PatternCoverage {
    /// Whether every text matching `narrow` also matches `broad`.
    ///
    /// - Complexity: that of matching `broad` against a text as long as `narrow` (see
    ///   ``CompiledPattern/matches(_:variables:meter:)``), counted by `meter`; when the meter
    ///   runs out the answer is `false`.
    static func covers(_ broad: CompiledPattern, _ narrow: CompiledPattern, variables: [CompiledVariable], meter: inout WorkMeter) -> Bool {
        if broad.matchesEverything { return true }
        if broad.matchesNothing { return narrow.matchesNothing }
        // Nothing matches the narrow pattern, so anything covers it.
        if narrow.matchesNothing { return true }
        // A case-sensitive pattern is not proven to cover a case-insensitive one.
        if broad.isCaseSensitive, !narrow.isCaseSensitive { return false }
        let foldNarrow = !broad.isCaseSensitive && narrow.isCaseSensitive
        let tokens = foldNarrow ? narrow.tokens.map(folded) : narrow.tokens
        meter.charge(tokens.count)
        return broad.matches(TokenSubject(tokens: tokens), variables: variables, meter: &meter)
    }

    private static func folded(_ token: PatternToken) -> PatternToken {
        if case .literal(let scalar) = token { return .literal(CaseFolding.fold(scalar)) }
        return token
    }
}
