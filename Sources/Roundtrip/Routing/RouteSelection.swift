/// The actions with `select` that share one route, and how a query chooses among them.
///
/// Several actions may live at one route and be told apart by fixed query pairs, as a
/// ride-hailing app's `rides://?action=setPickup` and `rides://?action=setDropoff` are. The
/// candidates are tried most pairs first; two candidates that one query could select equally
/// (as many pairs, and no shared name with different values) are refused when the routes are
/// compiled, so the order among candidates never decides.
struct RouteSelection: Sendable {
    /// The candidates' action indices, in the order they were added (spec order).
    private var candidates: [Int] = []
    /// Each candidate's pairs, by the index of their name in ``names``.
    private var pairs: [[(name: Int, value: String)]] = []
    /// Every candidate's action index, for adding each once.
    private var members: Set<Int> = []
    /// Every select name of the group, once.
    private var names: [String] = []
    /// The names by their index, once there are enough of them that a scan would cost more.
    private var nameIndex: [String: Int] = [:]
    /// The UTF-8 bytes of each name in ``names``: a query item's name without escapes is
    /// compared on its raw bytes, so the names of the query's other items are never decoded.
    private var nameBytes: [[UInt8]] = []
    /// The candidates (their places in ``candidates``, ascending) whose first pair is the key's
    /// (see ``key(_:_:)``): a value the query carries leads only to these.
    private var byFirstPair: [FirstPair: [Int]] = [:]
    /// The candidates by their sorted names, then by their whole pairs, for the conflict check.
    private var byNames: [String: [String: Int]] = [:]
    /// The pairs each candidate expects, in words, for `unknown-route`.
    private var descriptions: [String] = []
    /// How the query reads; every action of the route reads it so.
    let queryEncoding: QueryEncoding
    private let decoding: PercentDecoding.Options
    /// Above this many names, a query item's name is looked up by hashing instead of a scan.
    private static var scanLimit: Int { 8 }
    /// At most this many candidates are named in an `unknown-route` message.
    private static var describedLimit: Int { 5 }

    /// A group of one action with `select`.
    init(_ actionIndex: Int, of actions: [Action]) {
        queryEncoding = actions[actionIndex].queryEncoding
        decoding = PercentDecoding.Options(queryEncoding: queryEncoding)
        insert(actionIndex, of: actions)
    }

    /// Adds an action with `select`.
    ///
    /// - Throws: ``RoundtripError`` `malformed-url` naming both actions when one query could
    ///   select it and a candidate with as many pairs equally.
    /// - Complexity: O(its pairs) when the candidates with as many pairs select on the same
    ///   names; otherwise O(those candidates) for the other sets of names.
    mutating func add(_ actionIndex: Int, of actions: [Action], route: RoutePattern) throws(RoundtripError) {
        guard !members.contains(actionIndex) else { return }
        let select = actions[actionIndex].select
        let (nameKey, pairKey) = Self.keys(of: select)
        // The same names: a collision is the same values.
        if let other = byNames[nameKey]?[pairKey] {
            throw Self.collision(candidates[other], actionIndex, actions: actions, route: route)
        }
        // Other names, as many pairs: a collision is no shared name with different values.
        for (otherNames, group) in byNames where otherNames != nameKey {
            for place in group.values where pairs[place].count == select.count {
                let otherSelect = actions[candidates[place]].select
                let excluded = select.contains { pair in otherSelect.contains { $0.name == pair.name && $0.value != pair.value } }
                if !excluded { throw Self.collision(candidates[place], actionIndex, actions: actions, route: route) }
            }
        }
        insert(actionIndex, of: actions)
    }

    private static func collision(_ first: Int, _ second: Int, actions: [Action], route: RoutePattern) -> RoundtripError {
        let (one, two) = (actions[first].select, actions[second].select)
        let both = query(of: one + two.filter { pair in !one.contains { $0.name == pair.name } })
        return RoundtripError(
            .malformedURL,
            "the actions '\(actions[first].name)' (select \(query(of: one))) and '\(actions[second].name)' (select \(query(of: two))) share the route '\(route)', and the query '\(both)' selects both equally; give one of them a different value for a name they share, or more pairs"
        )
    }

    private mutating func insert(_ actionIndex: Int, of actions: [Action]) {
        let select = actions[actionIndex].select
        var indexed: [(name: Int, value: String)] = []
        for pair in select {
            let index: Int
            if let known = position(of: pair.name) {
                index = known
            } else {
                names.append(pair.name)
                nameBytes.append(Array(pair.name.utf8))
                index = names.count - 1
                if names.count > Self.scanLimit {
                    for (position, name) in names.enumerated() { nameIndex[name] = position }
                }
            }
            indexed.append((index, pair.value ?? ""))
        }
        let place = candidates.count
        members.insert(actionIndex)
        candidates.append(actionIndex)
        pairs.append(indexed)
        descriptions.append("'\(actions[actionIndex].name)' needs \(Self.query(of: select))")
        if let first = indexed.first { byFirstPair[FirstPair(name: first.name, value: first.value), default: []].append(place) }
        let (nameKey, pairKey) = Self.keys(of: select)
        byNames[nameKey, default: [:]][pairKey] = place
    }

    /// The candidate the query selects, or `nil` when none is.
    ///
    /// One pass over the query finds the value of each select name (decoded as the route's
    /// actions read it); each value found then leads, through ``byFirstPair``, to the only
    /// candidates it could select (those whose first pair it is), and only their pairs are
    /// compared. So a route shared by thousands of actions (`rides://?action=…`) costs what a
    /// route shared by two does.
    ///
    /// - Parameter steps: Counts the query items read and the pairs compared, for tests of the bound.
    /// - Throws: ``RoundtripError`` `duplicate-parameter` for a select name the query repeats;
    ///   the decoding errors of a query item's name or of a select name's value.
    /// - Complexity: O(query length + the pairs of the candidates whose first pair the query
    ///   carries), whatever the number of candidates.
    func choose(_ query: UnsafeBufferPointer<UInt8>?, steps: inout Int) throws(RoundtripError) -> Int? {
        guard let query else { return nil }
        var seen: [(given: Bool, value: String?)] = Array(repeating: (false, nil), count: names.count)
        var stepCount = 0
        let decoding = decoding
        try QueryCodec.forEachItem(in: query) { raw throws(RoundtripError) in
            stepCount += 1
            let equals = QueryCodec.nameEnd(raw)
            let rawName = UnsafeBufferPointer(rebasing: raw[0..<equals])
            let index: Int
            let name: String
            if let found = rawPosition(of: rawName) {
                guard let found = found else { return }
                index = found
                name = names[found]
            } else {
                name = try QueryCodec.decodeName(raw, end: equals, options: decoding)
                guard let found = position(of: name) else { return }
                index = found
            }
            if seen[index].given {
                throw RoundtripError(.duplicateParameter, "the parameter '\(name)' appears more than once", parameter: name)
            }
            seen[index] = (true, try QueryCodec.decodeValue(raw, nameEnd: equals, name: name, options: decoding))
        }
        // Most pairs first, then spec order, among the candidates the values found could select.
        var best: Int?
        for (index, found) in seen.enumerated() {
            guard let value = found.value, let places = byFirstPair[FirstPair(name: index, value: value)] else { continue }
            for place in places {
                if let best, pairs[best].count > pairs[place].count || (pairs[best].count == pairs[place].count && best < place) {
                    continue
                }
                let selected = pairs[place].allSatisfy {
                    stepCount += 1
                    return seen[$0.name].value == $0.value
                }
                if selected { best = place }
            }
        }
        steps += stepCount
        return best.map { candidates[$0] }
    }

    /// The first candidate added (for messages that name one action of the route).
    var firstCandidate: Int { candidates[0] }

    /// The pairs the candidates expect, in words (`'set-pickup' needs action=setPickup`), the
    /// first few of them.
    var expectedPairs: String {
        let shown = descriptions.prefix(Self.describedLimit).joined(separator: "; ")
        let more = descriptions.count - Self.describedLimit
        return more > 0 ? shown + "; and \(more) more" : shown
    }

    private func position(of name: String) -> Int? {
        names.count > Self.scanLimit ? nameIndex[name] : names.firstIndex(of: name)
    }

    /// Where a raw query name is among ``names`` when that can be told from its bytes: `.some(nil)`
    /// for a name that decodes to itself and is none of them, `nil` when it must be decoded first
    /// (it holds `%`, a `+` read as a space, or there are too many names for a scan).
    private func rawPosition(of rawName: UnsafeBufferPointer<UInt8>) -> Int?? {
        guard names.count <= Self.scanLimit, PercentDecoding.isVerbatim(rawName) else { return nil }
        if queryEncoding == .form, rawName.contains(0x2B) { return nil }
        for (index, bytes) in nameBytes.enumerated() where bytes.count == rawName.count && bytes.elementsEqual(rawName) {
            return .some(index)
        }
        return .some(nil)
    }

    /// A select name (by its index in ``names``) and value: the key of ``byFirstPair``.
    private struct FirstPair: Hashable, Sendable {
        let name: Int
        let value: String
    }

    /// The keys of a candidate in ``byNames``: its names sorted, and its pairs sorted by name.
    private static func keys(of select: [QueryItem]) -> (names: String, pairs: String) {
        let sorted = select.sorted { $0.name < $1.name }
        return (sorted.map(\.name).joined(separator: "\u{0}"), sorted.map { $0.name + "\u{0}" + ($0.value ?? "") }.joined(separator: "\u{0}"))
    }

    /// Pairs as a query in words (`action=setPickup&mode=new`), decoded.
    static func query(of pairs: [QueryItem]) -> String {
        pairs.map { "\($0.name)=\($0.value ?? "")" }.joined(separator: "&")
    }
}
