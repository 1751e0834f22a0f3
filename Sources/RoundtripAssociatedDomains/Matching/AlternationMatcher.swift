/// The engine for patterns with custom variables: a position-set simulation (the idea of
/// Thompson's NFA construction, with sets of subject positions as the state).
///
/// Starting from `{0}`, each token maps the set of positions the pattern so far can reach to the
/// next: a fixed token keeps the positions where it matches and moves them past it, `*` adds
/// every later position, and `$(name)` is the union of what each of the variable's values
/// reaches from the same set, the values walked as a trie (``ValueTrie``) so a start they share
/// is matched once. The pattern matches when the final set holds the subject's end. Every start
/// position advances together, so no value is ever matched again from another position, and
/// values are never combined with each other: `$(a)/$(b)` with 64 values each costs two walks of
/// 64 values, not 4,096. Where the set holds a few positions only, the trie is walked position by
/// position instead, each position's next character looked up among a node's children, so a
/// variable of thousands of values costs a few steps at a position none of them starts at.
///
/// - Complexity: O(*n*/64 + 1) word operations per token for a subject of *n* elements (or per
///   position when the set holds few), so O((*m* + *T*)·(*n*/64 + 1)) for a pattern of *m* tokens
///   whose variable uses have *T* trie nodes in all (at most the values' total length), plus O(*n*)
///   once to index the subject's characters when a set becomes dense. Memory O(*n*) per set,
///   O(log *k*) sets at a time for *k* values; position by position, O(1) per position and trie
///   node reached. Every step is charged to the ``WorkMeter``, which stops the walk at its limit.
struct AlternationMatcher<Subject: MatchSubject> {
    let subject: Subject
    let variables: [CompiledVariable]
    /// Masks and occurrence lists of the subject, built the first time a dense set needs them.
    private var index: SubjectIndex<Subject>?
    /// Empty sets over the subject, kept so that walking a variable's values allocates only a
    /// few sets per pattern.
    private var pool: [PositionSet] = []

    init(subject: Subject, variables: [CompiledVariable]) {
        self.subject = subject
        self.variables = variables
    }

    /// Whether the tokens match the whole subject.
    mutating func matches(_ tokens: [PatternToken], meter: inout WorkMeter) -> Bool {
        var positions = takeSet(meter: &meter)
        positions.insert(0)
        return advance(&positions, through: tokens[...], meter: &meter) && positions.contains(subject.count)
    }

    /// Moves the positions past `tokens`; `false` when none are left (or the meter ran out).
    private mutating func advance(_ positions: inout PositionSet, through tokens: ArraySlice<PatternToken>, meter: inout WorkMeter) -> Bool {
        for token in tokens {
            guard advance(&positions, past: token, meter: &meter) else { return false }
        }
        return true
    }

    /// Moves the positions past one token; `false` when none are left (or the meter ran out).
    private mutating func advance(_ positions: inout PositionSet, past token: PatternToken, meter: inout WorkMeter) -> Bool {
        guard meter.charge(positions.span + 1) else { return false }
        switch token {
        case .star: positions.closeUpward()
        case .variable(let variable): alternatives(variable, &positions, meter: &meter)
        default: step(token, &positions, meter: &meter)
        }
        return !positions.isEmpty
    }

    /// Replaces the positions by the union of what each value of the variable reaches from them.
    private mutating func alternatives(_ variableIndex: Int, _ positions: inout PositionSet, meter: inout WorkMeter) {
        let trie = variables[variableIndex].trie
        var union = takeSet(meter: &meter)
        var current = takeSet(meter: &meter)
        meter.charge(positions.span)
        current.assign(positions)
        walk(trie, from: 0, &current, into: &union, allowingPairs: true, meter: &meter)
        if Subject.mayContainVariables {
            var value = takeSet(meter: &meter)
            value.assign(positions)
            step(.variable(variableIndex), &value, meter: &meter)
            union.formUnion(value)
            recycle(&value, meter: &meter)
        }
        swap(&positions, &union)
        recycle(&union, meter: &meter)
    }

    /// Adds to `union` what the values below `start` reach from the positions `set` (which it
    /// takes over, leaving an empty placeholder, so no copy of its words is ever made).
    ///
    /// The trie is walked depth first, each node's set made once from its parent's, so a start
    /// shared by many values is matched once; a node whose set is empty, or whose values all need
    /// more characters than are left, is not entered. The last child of a node (the one with the
    /// most values) takes its parent's set over, so at most log₂(values) + 2 sets are held at a
    /// time, taken from ``pool``. A node reached at a few positions only (`allowingPairs`) goes on
    /// position by position (``walkPairs(_:from:_:into:meter:)``), looking its children up by
    /// character rather than trying each.
    private mutating func walk(
        _ trie: ValueTrie,
        from start: Int,
        _ set: inout PositionSet,
        into union: inout PositionSet,
        allowingPairs: Bool,
        meter: inout WorkMeter
    ) {
        // The nodes whose children are still to be tried, with the set that reached each and the
        // next child's index.
        var pending: [(node: Int, set: PositionSet, next: Int)] = []
        var current = PositionSet()
        swap(&current, &set)
        var node = start
        walk: while true {
            meter.charge(current.span)
            if allowingPairs, current.count <= AlternationMatcher.pairLimit {
                let starts = current.elements
                recycle(&current, meter: &meter)
                walkPairs(trie, from: node, starts, into: &union, meter: &meter)
            } else {
                if trie.isValue[node] {
                    meter.charge(current.span)
                    union.formUnion(current)
                }
                if trie.children(of: node).isEmpty {
                    recycle(&current, meter: &meter)
                } else {
                    pending.append((node, current, 0))
                    current = PositionSet()
                }
            }
            while var frame = pending.popLast() {
                guard !meter.isExhausted else {
                    recycle(&frame.set, meter: &meter)
                    continue
                }
                let children = trie.children(of: frame.node)
                let edge = children[children.startIndex + frame.next]
                frame.next += 1
                let room = subject.count - (frame.set.first ?? subject.count)
                let fits = trie.needs[edge.node] &+ (edge.token == .star ? 0 : 1) <= room
                if frame.next == children.count {
                    // The last child takes the parent's set over (swapped, so it stays unshared).
                    swap(&current, &frame.set)
                    if !fits { recycle(&current, meter: &meter) }
                } else {
                    if fits {
                        current = takeSet(meter: &meter)
                        meter.charge(frame.set.span)
                        current.assign(frame.set)
                    }
                    pending.append(frame)
                }
                guard fits else { continue }
                if advance(&current, past: edge.token, meter: &meter) {
                    node = edge.node
                    continue walk
                }
                recycle(&current, meter: &meter)
            }
            break
        }
    }

    /// Sets of at most this many positions are walked position by position.
    private static var pairLimit: Int { 8 }

    /// Adds to `union` what the values below `start` reach from each of `starts`, one position
    /// at a time: a literal child is looked up by the character at the position (a hash lookup,
    /// however many children the node has), `?` tried, and a `*` hands the rest of its subtree,
    /// from every later position, to ``walk(_:from:_:into:allowingPairs:meter:)`` (which then
    /// stays with sets, so the two never nest deeper). Between stars every token has width 1,
    /// so a node is reached at most once from each start.
    private mutating func walkPairs(_ trie: ValueTrie, from start: Int, _ starts: [Int], into union: inout PositionSet, meter: inout WorkMeter) {
        var stack = starts.map { (node: start, position: $0) }
        while let (node, position) = stack.popLast() {
            guard meter.charge(1) else { return }
            guard trie.needs[node] <= subject.count - position else { continue }
            if trie.isValue[node] { union.insert(position) }
            guard position < subject.count else {
                // Only a `*` child can still end a value here.
                for edge in trie.wildcardChildren(of: node) where edge.token == .star {
                    starred(trie, edge.node, position, into: &union, meter: &meter)
                }
                continue
            }
            if let scalar = subject.scalar(at: position), let child = trie.child(of: node, literal: scalar) {
                stack.append((child, position + 1))
            }
            for edge in trie.wildcardChildren(of: node) {
                meter.charge(1)
                if edge.token == .star {
                    starred(trie, edge.node, position, into: &union, meter: &meter)
                } else if subject.width(of: edge.token, at: position) == 1 {
                    stack.append((edge.node, position + 1))
                }
            }
        }
    }

    /// Walks the subtree below a `*` reached at `position`, with every position from there on.
    private mutating func starred(_ trie: ValueTrie, _ node: Int, _ position: Int, into union: inout PositionSet, meter: inout WorkMeter) {
        var set = takeSet(meter: &meter)
        set.insert(position)
        set.closeUpward()
        meter.charge(set.span)
        walk(trie, from: node, &set, into: &union, allowingPairs: false, meter: &meter)
    }

    /// An empty set over the subject's positions, reused when one was recycled. A new one is
    /// charged for its words, so a pattern that fails at once against a long part still counts
    /// the memory it cleared.
    private mutating func takeSet(meter: inout WorkMeter) -> PositionSet {
        if let set = pool.popLast() { return set }
        meter.charge(subject.count / 64 + 1)
        return PositionSet(last: subject.count)
    }

    /// Empties a set and keeps it for ``takeSet(meter:)``.
    private mutating func recycle(_ set: inout PositionSet, meter: inout WorkMeter) {
        guard set.last == subject.count else { return }
        meter.charge(set.span)
        set.removeAll()
        pool.append(set)
        set = PositionSet()
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
