import Foundation

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
    /// The candidates (their places in ``candidates``, ascending) whose first pair is the key's
    /// (see ``key(_:_:)``): a value the query carries leads only to these.
    private var byFirstPair: [FirstPair: [Int]] = [:]
    /// The candidates by their sorted names, then by their whole pairs, for the conflict check
    /// among candidates with the same names.
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

    /// The interned select values, by name index and value: ``SelectionOverlaps`` keys them by number.
    private var valueIDs: [FirstPair: Int] = [:]
    /// The earlier candidates by what a query could select equally with a new one.
    private var overlaps = SelectionOverlaps()
    /// The work of adding the candidates: the keys of ``overlaps`` touched and the candidates
    /// compared, for tests of the bound.
    private(set) var steps = 0

    /// A group of one action with `select`.
    ///
    /// - Throws: ``RoundtripError`` `malformed-url` when the action has more than
    ///   ``SelectionOverlaps/maximumPairs`` pairs.
    init(_ actionIndex: Int, of actions: [Action], route: RoutePattern) throws(RoundtripError) {
        queryEncoding = actions[actionIndex].queryEncoding
        decoding = PercentDecoding.Options(queryEncoding: queryEncoding)
        try Self.checkCount(actions[actionIndex], route: route)
        insert(actionIndex, of: actions)
    }

    /// Refuses more pairs than ``SelectionOverlaps/maximumPairs``: the work of checking a
    /// candidate against the others grows as 3 to that power.
    private static func checkCount(_ action: Action, route: RoutePattern) throws(RoundtripError) {
        guard action.select.count > SelectionOverlaps.maximumPairs else { return }
        throw RoundtripError(
            .malformedURL,
            "the action '\(action.name)' selects on \(action.select.count) pairs at the route '\(route)'; an action selects on at most \(SelectionOverlaps.maximumPairs)"
        )
    }

    /// Adds an action with `select`.
    ///
    /// - Throws: ``RoundtripError`` `malformed-url` naming both actions when one query could
    ///   select it and a candidate with as many pairs equally (the first such candidate); when
    ///   it has more than ``SelectionOverlaps/maximumPairs`` pairs.
    /// - Complexity: O(3^(its pairs)), at most 81 keys, whatever the number of candidates (see
    ///   ``SelectionOverlaps``); reading the candidates once when it collides.
    mutating func add(_ actionIndex: Int, of actions: [Action], route: RoutePattern) throws(RoundtripError) {
        guard !members.contains(actionIndex) else { return }
        try Self.checkCount(actions[actionIndex], route: route)
        let select = actions[actionIndex].select
        let (nameKey, pairKey) = Self.keys(of: select)
        // The same names: a collision is the same values.
        if let other = byNames[nameKey]?[pairKey] {
            throw Self.collision(candidates[other], actionIndex, actions: actions, route: route)
        }
        // Other names, as many pairs: a collision is no shared name with different values.
        let known = select.map { pair -> (name: Int?, value: Int?) in
            let name = position(of: pair.name)
            return (name, name.flatMap { valueIDs[FirstPair(name: $0, value: pair.value ?? "")] })
        }
        let sorted = known.sorted { ($0.name ?? Int.max) < ($1.name ?? Int.max) }
        if let other = overlaps.collision(with: sorted, nameKey: nameKey, steps: &steps) {
            throw Self.collision(candidates[other], actionIndex, actions: actions, route: route)
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
                index = names.count - 1
                // Indexed all at once when the scan limit is passed, then each new one.
                if names.count == Self.scanLimit + 1 {
                    for (position, name) in names.enumerated() { nameIndex[name] = position }
                } else if names.count > Self.scanLimit {
                    nameIndex[pair.name] = index
                }
            }
            indexed.append((index, pair.value ?? ""))
        }
        var interned: SelectionOverlaps.Pairs = []
        for pair in indexed {
            let key = FirstPair(name: pair.name, value: pair.value)
            let id = valueIDs[key] ?? valueIDs.count
            if valueIDs[key] == nil { valueIDs[key] = id }
            interned.append((pair.name, id))
        }
        let place = candidates.count
        members.insert(actionIndex)
        candidates.append(actionIndex)
        pairs.append(indexed)
        descriptions.append("'\(actions[actionIndex].name)' needs \(Self.query(of: select))")
        if let first = indexed.first { byFirstPair[FirstPair(name: first.name, value: first.value), default: []].append(place) }
        let (nameKey, pairKey) = Self.keys(of: select)
        byNames[nameKey, default: [:]][pairKey] = place
        overlaps.insert(place: place, pairs: interned.sorted { $0.name < $1.name }, nameKey: nameKey, steps: &steps)
    }

    private func position(of name: String) -> Int? {
        Self.position(of: name, names: names, nameIndex: nameIndex)
    }

    /// Where a decoded name is among `names`: by ``nameIndex`` past ``scanLimit`` names.
    fileprivate static func position(of name: String, names: [String], nameIndex: [String: Int]) -> Int? {
        names.count > scanLimit ? nameIndex[name] : names.firstIndex(of: name)
    }

    /// What a query gives a select name: nothing yet, the name without `=`, or a value, either
    /// where its bytes stand in the query (when they decode to themselves) or decoded.
    private enum GivenValue {
        case absent
        case withoutValue
        /// The value's offsets in the query.
        case raw(start: Int, end: Int)
        /// The value decoded, by its index among ``FoundValues``' decoded values.
        case decoded(Int)
    }

    /// The values a query gives the select names, by name index, and where each one's item
    /// starts in the query. The first is held inline, and only an escaped value is made a
    /// `String`, so a group that selects on one name (most do) allocates nothing.
    private struct FoundValues {
        private var first: (value: GivenValue, item: Int) = (.absent, 0)
        private var others: [(value: GivenValue, item: Int)]
        private var decoded: [String] = []

        init(count: Int) {
            others = count > 1 ? Array(repeating: (.absent, 0), count: count - 1) : []
        }

        var indices: Range<Int> { 0..<(others.count + 1) }

        private subscript(index: Int) -> GivenValue {
            index == 0 ? first.value : others[index - 1].value
        }

        /// Whether the query gave the name at `index`, with a value or without.
        func isGiven(_ index: Int) -> Bool {
            if case .absent = self[index] { return false }
            return true
        }

        /// Calls `body` with the decoded bytes of the value of the name at `index`, or gives
        /// `nil` when the query gave the name no value.
        func withValue<Result>(
            _ index: Int,
            in query: UnsafeBufferPointer<UInt8>,
            _ body: (UnsafeBufferPointer<UInt8>) -> Result
        ) -> Result? {
            switch self[index] {
            case .absent, .withoutValue: return nil
            case .raw(let start, let end): return body(UnsafeBufferPointer(rebasing: query[start..<end]))
            case .decoded(let position):
                var text = decoded[position]
                return text.withUTF8(body)
            }
        }

        /// The offset in the query of the item that gave the name at `index`.
        func item(_ index: Int) -> Int { index == 0 ? first.item : others[index - 1].item }

        /// Records the value of the name at `index`, from the item at offset `item` of the query.
        mutating func set(_ index: Int, value: GivenValue, item: Int) {
            if index == 0 { first = (value, item) } else { others[index - 1] = (value, item) }
        }

        /// Records the decoded value of the name at `index`, from the item at offset `item`.
        mutating func set(_ index: Int, decoded value: String, item: Int) {
            decoded.append(value)
            set(index, value: .decoded(decoded.count - 1), item: item)
        }
    }

    /// The action a query selects at a route.
    struct Choice: Equatable {
        /// The action's index.
        let actionIndex: Int
        /// The offset in the query of the item that holds the action's select pair, when it has
        /// one: decoding the query passes over it by its place, without reading its name again.
        let selectItem: Int?
    }

    /// A set of ASCII bytes, one bit each.
    private struct ByteSet: Sendable {
        private var low: UInt64 = 0
        private var high: UInt64 = 0

        mutating func insert(_ byte: UInt8) {
            guard byte < 0x80 else { return }
            if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
        }

        func contains(_ byte: UInt8) -> Bool {
            byte < 64 ? low & (1 << UInt64(byte)) != 0 : byte < 0x80 && high & (1 << UInt64(byte - 64)) != 0
        }
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

extension RouteSelection {
    /// A route's selection once the routes are compiled, read by reference: a decision reads
    /// its fields in place, never a copy of its tables.
    final class Compiled: Sendable {
        private let candidates: [Int]
        /// Each candidate's pairs, their values as bytes.
        private let pairs: [[(name: Int, value: [UInt8])]]
        private let names: [String]
        private let nameIndex: [String: Int]
        /// ``names`` for a query item's raw name: the names of the query's other items are never
        /// decoded.
        private let rawNames: RawNames
        private let byFirstPair: FirstPairTable
        private let descriptions: [String]
        /// The bytes a query item's name may start with to be (or decode to) a select name: their
        /// first bytes, `%`, and `+` in a form query.
        private let openers: ByteSet
        private let queryEncoding: QueryEncoding
        private let decoding: PercentDecoding.Options
        /// Whether reading may stop once every select name is found: each candidate decodes the
        /// query as pairs afterwards, passing over its select pairs and declaring none of the
        /// group's select names, and that decoding refuses a select pair given twice.
        private let stopsWhenAllFound: Bool
        /// Whether the group selects on one name, every candidate has one pair, and reading may
        /// stop once the name is found (the `?action=…` of most routes that actions share): the
        /// first item that gives it decides, by one lookup (``lookUpByOneName(_:steps:)``).
        private let selectsByOneName: Bool

        /// Compiles a selection among `actions`.
        init(_ selection: RouteSelection, of actions: [Action]) {
            candidates = selection.candidates
            pairs = selection.pairs.map { $0.map { ($0.name, Array($0.value.utf8)) } }
            names = selection.names
            nameIndex = selection.nameIndex
            rawNames = RawNames(selection.names)
            byFirstPair = FirstPairTable(selection.byFirstPair.map { ($0.key.name, $0.key.value, $0.value) })
            descriptions = selection.descriptions
            var openers = ByteSet()
            openers.insert(0x25)
            if selection.queryEncoding == .form { openers.insert(0x2B) }
            // An empty name matches no item (the loader refuses it); a first byte past ASCII
            // never opens an item, whose bytes are printable ASCII.
            for name in selection.names { if let first = name.utf8.first { openers.insert(first) } }
            self.openers = openers
            queryEncoding = selection.queryEncoding
            decoding = selection.decoding
            // The selection reads all of the query when a candidate's decoding would not refuse a
            // repeated select name: an action built in code that pairs `select` with
            // `query-value` (never decoded as pairs), or any candidate that declares one of the
            // group's select names as a parameter (a `repeated` list takes it twice). The loader
            // refuses a candidate's own select name as a parameter, but not another candidate's.
            // Each candidate's parameters are looked up among the names (by hashing, and a prefix
            // parameter by a binary search of the sorted names), not each name among each
            // candidate's parameters: a route shared by thousands of actions with as many names.
            let nameSet = Set(selection.names)
            let sortedNames = selection.names.map { Array($0.utf8) }.sorted { $0.lexicographicallyPrecedes($1) }
            stopsWhenAllFound = selection.candidates.allSatisfy { candidate in
                actions[candidate].queryValue == nil
                    && !actions[candidate].parameters.contains { parameter in
                        nameSet.contains(parameter.name) || (parameter.isPrefix && Self.extends(parameter, sortedNames))
                    }
            }
            selectsByOneName = stopsWhenAllFound && selection.names.count == 1 && selection.pairs.allSatisfy { $0.count == 1 }
        }

        /// Whether a name of `sortedNames` (sorted by their bytes) is one the prefix parameter
        /// stands for: the names that start with its prefix come one after another there.
        private static func extends(_ parameter: ParameterSpec, _ sortedNames: [[UInt8]]) -> Bool {
            let prefix = Array(parameter.namePrefix.utf8)
            var (low, high) = (0, sortedNames.count)
            while low < high {
                let middle = (low + high) / 2
                if sortedNames[middle].lexicographicallyPrecedes(prefix) { low = middle + 1 } else { high = middle }
            }
            // The prefix itself, if it is a name, comes first; the next one is longer.
            return sortedNames[low...].prefix(2).contains { parameter.matchesPrefix(String(decoding: $0, as: UTF8.self)) }
        }

        /// The candidate the query selects, or `nil` when none is.
        ///
        /// One pass over the query finds the value of each select name (decoded as the route's
        /// actions read it), and stops once every select name is found (see
        /// ``stopsWhenAllFound``); each value found then leads, through ``byFirstPair``, to the
        /// only candidates it could select (those whose first pair it is), and only their pairs
        /// are compared. So a route shared by thousands of actions (`rides://?action=…`) costs
        /// what a route shared by two does.
        ///
        /// - Parameter steps: Counts the query items read and the pairs compared, for tests of the bound.
        /// - Throws: ``RoundtripError`` `duplicate-parameter` for a select name the query repeats
        ///   where it is read (a repeat past where reading stopped is refused by the chosen
        ///   action's decoding of the query); the decoding errors of a query item's name or of a
        ///   select name's value.
        /// - Complexity: O(query length + the pairs of the candidates whose first pair the query
        ///   carries), whatever the number of candidates.
        func choose(_ query: UnsafeBufferPointer<UInt8>?, steps: inout Int) throws(RoundtripError) -> Choice? {
            guard let query else { return nil }
            var start = 0
            if selectsByOneName {
                switch lookUpByOneName(query, steps: &steps) {
                case .chosen(let choice): return choice
                case .read(let item): start = item
                }
            }
            var found = FoundValues(count: names.count)
            var stepCount = 0
            let end = try readPairs(query, from: start, into: &found, stopWhenAllFound: stopsWhenAllFound, steps: &stepCount)
            let best = bestCandidate(found, in: query, steps: &stepCount)
            // Nothing selected: a select name given twice in the rest is refused as before,
            // rather than reported as a query that selects nothing.
            if best == nil, end < query.count { _ = try readPairs(query, from: end, into: &found, stopWhenAllFound: false, steps: &stepCount) }
            steps += stepCount
            guard let best else { return nil }
            let onlyPair = pairs[best].count == 1 ? pairs[best][0].name : nil
            return Choice(actionIndex: candidates[best], selectItem: onlyPair.map { found.item($0) })
        }

        /// What the first look at a query whose one select name decides found.
        private enum OneNameLookUp {
            /// The item that gives the name, written as it decodes, chose a candidate.
            case chosen(Choice)
            /// The reading is ``readPairs(_:from:into:stopWhenAllFound:steps:)``'s from this
            /// offset, where the items that may give the name start (or the query's end): an
            /// item that must be decoded to tell, or whose value no candidate has.
            case read(from: Int)
        }

        /// The first look at a query when the group selects on one name and every candidate has
        /// one pair: the first item whose raw name is the select name, as it stands, and its
        /// value, looked up in ``byFirstPair`` as it stands. Items before it are the ones
        /// ``readPairs(_:from:into:stopWhenAllFound:steps:)`` would pass over, so what it cannot
        /// decide alone is read from that item on, never twice.
        private func lookUpByOneName(_ query: UnsafeBufferPointer<UInt8>, steps: inout Int) -> OneNameLookUp {
            var start = 0
            while start < query.count {
                let separator = URLSplit.firstIndex(of: 0x26, in: query, from: start)
                defer { start = separator + 1 }
                guard separator > start else { continue }
                let raw = UnsafeBufferPointer(rebasing: query[start..<separator])
                guard openers.contains(raw[0]) else {
                    steps += 1
                    continue
                }
                let equals = QueryCodec.nameEnd(raw)
                switch rawPosition(of: UnsafeBufferPointer(rebasing: raw[0..<equals])) {
                case .some(nil):
                    steps += 1
                    continue
                case .some(.some) where equals < raw.count:
                    guard case .raw(let valueStart, let valueEnd)? = verbatimValue(of: raw, nameEnd: equals, at: start) else {
                        return .read(from: start)
                    }
                    let offsets = byFirstPair.places(name: 0, value: UnsafeBufferPointer(rebasing: query[valueStart..<valueEnd]))
                    guard let first = offsets.first else { return .read(from: start) }
                    // The item read and the one pair compared.
                    steps += 2
                    return .chosen(Choice(actionIndex: candidates[byFirstPair.place(at: first)], selectItem: start))
                default:
                    return .read(from: start)
                }
            }
            return .read(from: query.count)
        }

        /// Reads the select pairs' values from `start`, and gives the offset where it stopped:
        /// the end of the query, or just past the item that gave the last select name missing
        /// when `stopWhenAllFound` (a query's select pairs come first in the URLs a builder
        /// writes, so most queries are read no further).
        private func readPairs(
            _ query: UnsafeBufferPointer<UInt8>,
            from start: Int,
            into found: inout FoundValues,
            stopWhenAllFound: Bool,
            steps: inout Int
        ) throws(RoundtripError) -> Int {
            var missing = found.indices.count { !found.isGiven($0) }
            // The items are split here, as ``QueryCodec/forEachItem(in:_:)`` splits them (stray `&`s
            // passed over).
            var start = start
            while start < query.count {
                let separator = URLSplit.firstIndex(of: 0x26, in: query, from: start)
                defer { start = separator + 1 }
                guard separator > start else { continue }
                let raw = UnsafeBufferPointer(rebasing: query[start..<separator])
                steps += 1
                // An item whose first byte can start no select name (written or escaped) is passed
                // over unread: most of a query's items are the action's parameters.
                guard openers.contains(raw[0]) else { continue }
                let equals = QueryCodec.nameEnd(raw)
                let rawName = UnsafeBufferPointer(rebasing: raw[0..<equals])
                let index: Int
                let name: String
                if let known = rawPosition(of: rawName) {
                    guard let known = known else { continue }
                    index = known
                    name = names[known]
                } else {
                    name = try QueryCodec.decodeName(raw, end: equals, options: decoding)
                    guard let known = position(of: name) else { continue }
                    index = known
                }
                if found.isGiven(index) {
                    throw RoundtripError(.duplicateParameter, "the parameter '\(name)' appears more than once", parameter: name)
                }
                if equals == raw.count {
                    found.set(index, value: .withoutValue, item: start)
                } else if let verbatim = verbatimValue(of: raw, nameEnd: equals, at: start) {
                    found.set(index, value: verbatim, item: start)
                } else {
                    found.set(index, decoded: try QueryCodec.decodeValue(raw, nameEnd: equals, name: name, options: decoding) ?? "", item: start)
                }
                missing -= 1
                if stopWhenAllFound, missing == 0 { return min(separator + 1, query.count) }
            }
            return query.count
        }

        /// The place in the query of the value of a raw item whose name ends at `equals` (the
        /// item at offset `item`), when its bytes decode to themselves: printable ASCII without
        /// `%`, nor `+` in a form query. No `String` is made of such a value.
        private func verbatimValue(of raw: UnsafeBufferPointer<UInt8>, nameEnd equals: Int, at item: Int) -> GivenValue? {
            let bytes = UnsafeBufferPointer(rebasing: raw[(equals + 1)...])
            guard PercentDecoding.isVerbatim(bytes), queryEncoding != .form || !bytes.contains(0x2B) else { return nil }
            return .raw(start: item + equals + 1, end: item + raw.count)
        }

        /// The place of the candidate the values found select: most pairs first, then spec order,
        /// among the candidates whose first pair was found.
        private func bestCandidate(_ found: FoundValues, in query: UnsafeBufferPointer<UInt8>, steps: inout Int) -> Int? {
            var best: Int?
            for index in found.indices {
                let offsets = found.withValue(index, in: query) { byFirstPair.places(name: index, value: $0) } ?? 0..<0
                for offset in offsets {
                    let place = byFirstPair.place(at: offset)
                    if let best, pairs[best].count > pairs[place].count || (pairs[best].count == pairs[place].count && best < place) {
                        continue
                    }
                    // The table matched the first pair; the others are compared.
                    steps += 1
                    let selected =
                        pairs[place].count == 1
                        || pairs[place].dropFirst().allSatisfy { pair in
                            steps += 1
                            return found.withValue(pair.name, in: query) { $0.elementsEqual(pair.value) } ?? false
                        }
                    if selected { best = place }
                }
            }
            return best
        }

        /// The first candidate added (for messages that name one action of the route).
        var firstCandidate: Int { candidates[0] }

        /// The pairs the candidates expect, in words (`'set-pickup' needs action=setPickup`), the
        /// first few of them.
        var expectedPairs: String {
            let shown = descriptions.prefix(RouteSelection.describedLimit).joined(separator: "; ")
            let more = descriptions.count - RouteSelection.describedLimit
            return more > 0 ? shown + "; and \(more) more" : shown
        }

        private func position(of name: String) -> Int? {
            RouteSelection.position(of: name, names: names, nameIndex: nameIndex)
        }

        /// Where a raw query name is among ``names`` when that can be told from its bytes: `.some(nil)`
        /// for a name that decodes to itself and is none of them, `nil` when it must be decoded first
        /// (it holds `%`, a `+` read as a space, or there are too many names for a scan).
        private func rawPosition(of rawName: UnsafeBufferPointer<UInt8>) -> Int?? {
            guard names.count <= RouteSelection.scanLimit else { return nil }
            return rawNames.index(ofRaw: rawName, queryEncoding: queryEncoding)
        }
    }
}
