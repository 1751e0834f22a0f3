/// The engine for patterns with custom variables: a position-set simulation (the idea of
/// Thompson's NFA construction, with sets of subject positions as the state).
///
/// Starting from `{0}`, each token maps the set of positions the pattern so far can reach to the
/// next: a fixed token keeps the positions where it matches and moves them past it, `*` adds
/// every later position, and `$(name)` is the union of what each of the variable's values
/// reaches from the same set. The pattern matches when the final set holds the subject's end.
/// Values are never combined with each other, so `$(a)/$(b)` with 64 values each costs 128 value
/// runs, not 4,096.
///
/// - Complexity: O(*n*/64 + 1) word operations per token for a subject of *n* elements (or per
///   position when the set holds few), so O((*m* + *V*)·(*n*/64 + 1)) for a pattern of *m* tokens
///   whose variable uses have *V* value tokens in all, plus O(*n*) once to index the subject's
///   characters when a set becomes dense. Memory O(*n*) per set, a few sets at a time.
struct AlternationMatcher<Subject: MatchSubject> {
    let subject: Subject
    let variables: [CompiledVariable]
    /// Masks and occurrence lists of the subject, built the first time a dense set needs them.
    private var index: SubjectIndex<Subject>?

    init(subject: Subject, variables: [CompiledVariable]) {
        self.subject = subject
        self.variables = variables
    }

    /// Whether the tokens match the whole subject.
    mutating func matches(_ tokens: [PatternToken], meter: inout WorkMeter) -> Bool {
        var positions = PositionSet(last: subject.count)
        positions.insert(0)
        return advance(&positions, through: tokens[...], meter: &meter) && positions.contains(subject.count)
    }

    /// Moves the positions past `tokens`; `false` when none are left (or the meter ran out).
    private mutating func advance(_ positions: inout PositionSet, through tokens: ArraySlice<PatternToken>, meter: inout WorkMeter) -> Bool {
        for token in tokens {
            guard meter.charge(positions.span + 1) else { return false }
            switch token {
            case .star: positions.closeUpward()
            case .variable(let variable): alternatives(variable, &positions, meter: &meter)
            default: step(token, &positions, meter: &meter)
            }
            if positions.isEmpty { return false }
        }
        return true
    }

    /// Replaces the positions by the union of what each value of the variable reaches from them.
    private mutating func alternatives(_ variableIndex: Int, _ positions: inout PositionSet, meter: inout WorkMeter) {
        let variable = variables[variableIndex]
        var union = PositionSet(last: subject.count)
        var value = PositionSet(last: subject.count)
        // A value that needs more characters than are left cannot match.
        let room = subject.count - (positions.first ?? subject.count)
        for (tokens, width) in zip(variable.values, variable.minimumWidths) where width <= room {
            meter.charge(positions.span)
            value.assign(positions)
            if advance(&value, through: tokens[...], meter: &meter) {
                union.formUnion(value)
            }
            if meter.isExhausted { break }
        }
        if Subject.mayContainVariables {
            value.assign(positions)
            step(.variable(variableIndex), &value, meter: &meter)
            union.formUnion(value)
        }
        positions = union
    }

    /// Moves the positions where a fixed-width token matches past it, and drops the others.
    private mutating func step(_ token: PatternToken, _ positions: inout PositionSet, meter: inout WorkMeter) {
        let width: Int
        if case .code = token { width = Subject.codeWidth } else { width = 1 }
        if token == .anyCharacter, Subject.anyCharacterMatchesEverything {
            positions.shift(by: 1, keeping: nil)
            return
        }
        let population = positions.count
        // Few positions: test each. Many: one mask operation per word.
        if population <= SubjectIndex<Subject>.sparseLimit {
            meter.charge(population)
            let subject = subject
            positions.advance(by: width) { subject.width(of: token, at: $0) == width }
            return
        }
        if index == nil {
            meter.charge(subject.count)
            index = SubjectIndex(subject)
        }
        index?.step(token, width: width, &positions, meter: &meter)
    }
}
