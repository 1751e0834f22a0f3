/// A pattern (`/`, `?`, `#` or a query item value) compiled once for fast matching.
///
/// Custom substitution variables stay single tokens (``PatternToken/variable(_:)``), never expanded
/// into combinations, so a pattern takes memory linear in its text whatever its variables.
/// Two engines match it, neither of which backtracks:
/// - without custom variables, ``PatternSegments``: the runs between stars are placed greedily,
///   each at its leftmost occurrence;
/// - with them, ``AlternationMatcher``: the set of positions the pattern can have reached is
///   carried through the tokens, a variable's values all advancing the same set.
///
/// A class, so a rule holding several patterns is copied (while matching thousands of rules) as a
/// few references rather than every array a pattern keeps.
final class CompiledPattern: Sendable {
    /// The tokens, stars collapsed; empty (with ``matchesNothing``) for a pattern that never matches.
    let tokens: [PatternToken]
    /// The pattern can match no text (an unknown variable, too many combinations, a variable
    /// without values).
    let matchesNothing: Bool
    /// Whether the text must be compared as is (`true`) or case-folded.
    let isCaseSensitive: Bool
    /// The pattern as written, for explanations.
    let source: String

    /// `*` alone, or variables that can all be `*` or empty with at least one `*`: every text
    /// matches, so matching can skip the work.
    let matchesEverything: Bool
    /// Whether a custom variable is used (then ``AlternationMatcher`` matches it).
    let hasVariables: Bool
    /// The star-separated runs, for the engine without variables.
    let segments: PatternSegments

    /// The literal characters every match starts with (up to the first token that is not a
    /// literal): the key of ``RuleIndex`` and of the linter's shadowing check.
    let literalPrefix: [UInt32]
    /// The literal characters every match ends with.
    let literalSuffix: [UInt32]
    /// Tokens that are neither `*` nor variables, and how many of them are `$(region)`/`$(lang)`.
    let fixedCount: Int
    let codeCount: Int
    /// The fewest characters the variables need together.
    let variableWidth: Int

    /// - Parameter variables: The compiled variables the tokens index (read, not kept).
    init(tokens: [PatternToken], matchesNothing: Bool, variables: [CompiledVariable], isCaseSensitive: Bool, source: String) {
        self.tokens = tokens
        self.matchesNothing = matchesNothing
        self.isCaseSensitive = isCaseSensitive
        self.source = source
        var fixedCount = 0
        var codeCount = 0
        var variableWidth = 0
        var hasVariables = false
        var everything = !matchesNothing
        var hasStar = false
        for token in tokens {
            switch token {
            case .star:
                hasStar = true
            case .variable(let index):
                hasVariables = true
                let variable = variables[index]
                variableWidth = variableWidth &+ variable.minimumWidth
                if variable.hasStarValue { hasStar = true } else if !variable.hasEmptyValue { everything = false }
            case .code:
                codeCount += 1
                fixedCount += 1
                everything = false
            default:
                fixedCount += 1
                everything = false
            }
        }
        self.fixedCount = fixedCount
        self.codeCount = codeCount
        self.variableWidth = variableWidth
        self.hasVariables = hasVariables
        matchesEverything = everything && hasStar
        segments = PatternSegments(tokens)
        literalPrefix = CompiledPattern.literals(tokens)
        literalSuffix = CompiledPattern.literals(tokens.reversed()).reversed()
    }

    /// The fewest elements a match spans in a subject of this kind. (In another pattern's tokens a
    /// variable may match the same variable, a single element, so values' widths do not count.)
    func minimumWidth<Subject: MatchSubject>(in _: Subject.Type) -> Int {
        fixedCount &+ codeCount &* (Subject.codeWidth - 1) &+ (Subject.mayContainVariables ? 0 : variableWidth)
    }

    /// Whether `text` (already case-folded when the pattern is case-insensitive) matches.
    ///
    /// - Complexity: without custom variables, O(*n* + *m*) for a text of *n* characters when the
    ///   runs between stars are literal text, and O(*n*·*w*) at worst otherwise, where *w* ≤ *n*
    ///   is the pattern's fixed width (a pattern wider than the text is refused in O(1)). With
    ///   custom variables, O((*m* + *T*)·(*n*/64 + 1)) word operations, *T* being the number of
    ///   distinct starts of the values (at most their total length) summed over each use of a
    ///   variable.
    func matches(_ text: [UInt32], variables: [CompiledVariable], meter: inout WorkMeter) -> Bool {
        matches(TextSubject(text: text), variables: variables, meter: &meter)
    }

    /// Whether the whole subject matches.
    func matches<Subject: MatchSubject>(_ subject: Subject, variables: [CompiledVariable], meter: inout WorkMeter) -> Bool {
        if matchesNothing { return false }
        if matchesEverything { return true }
        guard minimumWidth(in: Subject.self) <= subject.count else {
            meter.charge(1)
            return false
        }
        if hasVariables {
            var matcher = AlternationMatcher(subject: subject, variables: variables)
            let result = matcher.matches(tokens, meter: &meter)
            return result
        }
        return segments.matches(tokens, subject, meter: &meter)
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
}
