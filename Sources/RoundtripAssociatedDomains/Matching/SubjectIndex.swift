/// Where each character of a subject is, for ``AlternationMatcher`` steps on dense position sets:
/// a bit mask per frequent character and an occurrence list per rare one, so a literal step costs
/// O(*n*/64) whatever the character, and memory stays O(*n*) (at most 64 characters can each fill
/// more than 1/64 of the subject).
struct SubjectIndex<Subject: MatchSubject> {
    /// Sets with at most this many positions are stepped position by position.
    static var sparseLimit: Int { 32 }

    private let subject: Subject
    private var masks: [UInt32: [UInt64]] = [:]
    private var occurrences: [UInt32: [Int]] = [:]
    /// Masks of the other fixed tokens (`?`, classes, codes, variables), built on first use.
    private var tokenMasks: [PatternToken: [UInt64]] = [:]

    /// - Complexity: O(*n*).
    init(_ subject: Subject) {
        self.subject = subject
        var counts: [UInt32: Int] = [:]
        for position in 0..<subject.count {
            if let scalar = subject.scalar(at: position) { counts[scalar, default: 0] += 1 }
        }
        let wordCount = subject.count / 64 + 1
        let frequent = max(1, subject.count / 64)
        for position in 0..<subject.count {
            guard let scalar = subject.scalar(at: position) else { continue }
            if counts[scalar, default: 0] >= frequent {
                masks[scalar, default: [UInt64](repeating: 0, count: wordCount)][position >> 6] |= 1 << UInt64(position & 63)
            } else {
                occurrences[scalar, default: []].append(position)
            }
        }
    }

    /// Moves the positions where `token` (spanning `width` elements) matches past it, and drops
    /// the others.
    mutating func step(_ token: PatternToken, width: Int, _ positions: inout PositionSet, meter: inout WorkMeter) {
        meter.charge(positions.span)
        if case .literal(let scalar) = token {
            if let mask = masks[scalar] {
                positions.shift(by: 1, keeping: mask)
                return
            }
            let list = occurrences[scalar] ?? []
            meter.charge(list.count)
            let kept = list.filter { positions.contains($0) }
            positions.removeAll()
            for position in kept { positions.insert(position + 1) }
            return
        }
        if tokenMasks[token] == nil {
            meter.charge(subject.count)
            var mask = [UInt64](repeating: 0, count: subject.count / 64 + 1)
            for position in 0..<subject.count where subject.width(of: token, at: position) == width {
                mask[position >> 6] |= 1 << UInt64(position & 63)
            }
            tokenMasks[token] = mask
        }
        positions.shift(by: width, keeping: tokenMasks[token])
    }
}
