/// The engine for patterns without custom variables: the runs of fixed-width tokens between
/// stars, placed greedily.
///
/// A pattern `S0*S1*…*Sk` matches a text when `S0` matches its start, `Sk` its end, and `S1…Sk-1`
/// occur in order, without overlapping, in between. Every token of a run consumes a fixed number
/// of characters, so placing each run at its leftmost occurrence after the previous one never
/// loses a match (any later placement leaves less room for the rest): no backtracking.
///
/// A run of literal characters is found with the Knuth–Morris–Pratt algorithm (its failure table
/// is built with the pattern), so those searches cost O(*n*) together for a text of *n*
/// characters. A run holding `?` or a predefined variable is tried at each position: O(*w*) per
/// position for a run of width *w*. Nothing is allocated while matching.
struct PatternSegments: Sendable {
    /// A run of fixed-width tokens: `tokens[start..<end]`.
    struct Segment: Sendable {
        let start: Int
        let end: Int
        /// `$(region)` and `$(lang)` tokens, which span two characters of text.
        let codes: Int
        /// Every token is a literal (then ``PatternSegments/failure`` holds its KMP table).
        let isLiteral: Bool

        func width<Subject: MatchSubject>(in _: Subject.Type) -> Int {
            end - start + codes * (Subject.codeWidth - 1)
        }
    }

    let segments: [Segment]
    let startsWithStar: Bool
    let endsWithStar: Bool
    /// For each token of a literal segment, the length of the longest proper border of the
    /// segment's prefix ending there (Knuth–Morris–Pratt); 0 elsewhere.
    let failure: [Int32]

    /// - Parameter tokens: Tokens without ``PatternToken/variable(_:)``, stars collapsed.
    init(_ tokens: [PatternToken]) {
        var segments: [Segment] = []
        var failure = [Int32](repeating: 0, count: tokens.count)
        var start = 0
        func close(_ end: Int) {
            guard end > start else { return }
            var codes = 0
            var isLiteral = true
            for token in tokens[start..<end] {
                if case .code = token { codes += 1 }
                if case .literal = token {} else { isLiteral = false }
            }
            if isLiteral { PatternSegments.buildFailure(tokens, start..<end, into: &failure) }
            segments.append(Segment(start: start, end: end, codes: codes, isLiteral: isLiteral))
        }
        for (index, token) in tokens.enumerated() where token == .star {
            close(index)
            start = index + 1
        }
        close(tokens.count)
        self.segments = segments
        self.failure = failure
        startsWithStar = tokens.first == .star
        endsWithStar = tokens.last == .star
    }

    private static func buildFailure(_ tokens: [PatternToken], _ range: Range<Int>, into failure: inout [Int32]) {
        var border = 0
        for index in range.dropFirst() {
            while border > 0, tokens[index] != tokens[range.lowerBound + border] {
                border = Int(failure[range.lowerBound + border - 1])
            }
            if tokens[index] == tokens[range.lowerBound + border] { border += 1 }
            failure[index] = Int32(border)
        }
    }

    /// Whether the whole subject matches.
    ///
    /// - Complexity: O(*n*) for the anchored first and last runs and the literal ones; O(*n*·*w*)
    ///   at worst for runs with `?` or predefined variables (*w* their width).
    func matches<Subject: MatchSubject>(_ tokens: [PatternToken], _ subject: Subject, meter: inout WorkMeter) -> Bool {
        let count = subject.count
        guard let firstSegment = segments.first, let lastSegment = segments.last else {
            // No fixed token: `*` (every text) or the empty pattern (the empty text only).
            return startsWithStar || count == 0
        }
        if segments.count == 1, !startsWithStar, !endsWithStar {
            return firstSegment.width(in: Subject.self) == count && matchesBackward(firstSegment, tokens, subject, endingAt: count, meter: &meter)
        }
        var low = 0
        var high = count
        var middle = segments.indices
        // The end first, compared backward: rules that differ only in their last characters
        // (`/item-1`, `/item-2`, …) are told apart by the first comparison.
        if !endsWithStar {
            guard lastSegment.width(in: Subject.self) <= count, matchesBackward(lastSegment, tokens, subject, endingAt: count, meter: &meter)
            else { return false }
            high = count - lastSegment.width(in: Subject.self)
            middle = middle.dropLast()
        }
        if !startsWithStar {
            // The caller checked that the pattern's fixed width fits, so the first and last runs
            // cannot overlap.
            guard matches(firstSegment, tokens, subject, at: 0, meter: &meter) else { return false }
            low = firstSegment.width(in: Subject.self)
            middle = middle.dropFirst()
        }
        for index in middle {
            let segment = segments[index]
            guard let position = find(segment, tokens, subject, from: low, to: high, meter: &meter) else { return false }
            low = position + segment.width(in: Subject.self)
        }
        return true
    }

    /// Whether the run matches the subject at `position` (the caller checked it fits).
    @inline(__always)
    private func matches<Subject: MatchSubject>(
        _ segment: Segment,
        _ tokens: [PatternToken],
        _ subject: Subject,
        at position: Int,
        meter: inout WorkMeter
    ) -> Bool {
        var index = position
        for tokenIndex in segment.start..<segment.end {
            guard let width = subject.width(of: tokens[tokenIndex], at: index) else {
                meter.charge(tokenIndex - segment.start + 1)
                return false
            }
            index += width
        }
        meter.charge(segment.end - segment.start)
        return true
    }

    /// Whether the run matches the subject just before `end` (the caller checked it fits),
    /// comparing its last token first.
    @inline(__always)
    private func matchesBackward<Subject: MatchSubject>(
        _ segment: Segment,
        _ tokens: [PatternToken],
        _ subject: Subject,
        endingAt end: Int,
        meter: inout WorkMeter
    ) -> Bool {
        var index = end
        var tokenIndex = segment.end
        while tokenIndex > segment.start {
            tokenIndex -= 1
            let token = tokens[tokenIndex]
            let width: Int
            if case .code = token { width = Subject.codeWidth } else { width = 1 }
            index -= width
            guard subject.width(of: token, at: index) == width else {
                meter.charge(segment.end - tokenIndex)
                return false
            }
        }
        meter.charge(segment.end - segment.start)
        return true
    }

    /// The leftmost position in `low..<high` where the whole run fits and matches: by
    /// Knuth–Morris–Pratt for literal text (O(`high` - `low`) comparisons), else by trying each
    /// position.
    private func find<Subject: MatchSubject>(
        _ segment: Segment,
        _ tokens: [PatternToken],
        _ subject: Subject,
        from low: Int,
        to high: Int,
        meter: inout WorkMeter
    ) -> Int? {
        let width = segment.width(in: Subject.self)
        guard width <= high - low else { return nil }
        guard segment.isLiteral else {
            for position in low...(high - width) {
                guard !meter.isExhausted else { return nil }
                if matches(segment, tokens, subject, at: position, meter: &meter) { return position }
            }
            return nil
        }
        var matched = 0
        var index = low
        while index < high {
            // An element that is not a character (a token of another pattern) equals no literal.
            if let scalar = subject.scalar(at: index) {
                while matched > 0, tokens[segment.start + matched] != .literal(scalar) {
                    matched = Int(failure[segment.start + matched - 1])
                }
                if tokens[segment.start + matched] == .literal(scalar) { matched += 1 }
            } else {
                matched = 0
            }
            index += 1
            if matched == width {
                meter.charge(2 * (index - low))
                return index - width
            }
        }
        meter.charge(2 * (high - low))
        return nil
    }
}
