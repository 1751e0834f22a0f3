/// Finds the action for an incoming URL, in time independent of the number of actions.
///
/// Routes are compiled once into a trie: a root per scheme and host (case-insensitive) and a node
/// per path segment below it, with every literal edge in one hash table probed with the
/// URL's own bytes, so a lookup allocates nothing. Literal segments win over placeholders, and
/// both over a rest placeholder (`:name*`); when a literal branch dead-ends, the placeholder
/// branch is tried, then the rest. A literal host wins over a host placeholder (`scheme://:name`)
/// of the same scheme, which is tried when the literal host has no route for the path.
///
/// - Complexity: A lookup costs O(length of the URL's path) hash probes, whatever the number of
///   routes: each trie node is visited at most once (a node stands at one depth, reached only
///   from its parent), and whether the rest of the path can be a rest placeholder's value is
///   read from one scan of the path, made the first time a rest edge is reached.
package struct Router: Sendable {
    /// A successful lookup.
    package struct Match: Sendable, Equatable {
        /// The index of the action in the array the router was built from.
        package let actionIndex: Int
        /// The placeholders' raw (still percent-encoded) values, in route order: a host
        /// placeholder's raw host first, a rest placeholder's raw rest of the path (`a/b%20c`) last.
        package let placeholders: [(name: String, rawValue: Substring)]

        package static func == (lhs: Match, rhs: Match) -> Bool {
            lhs.actionIndex == rhs.actionIndex
                && lhs.placeholders.map(\.name) == rhs.placeholders.map(\.name)
                && lhs.placeholders.map(\.rawValue) == rhs.placeholders.map(\.rawValue)
        }
    }

    /// A match on the raw bytes of a URL, for the incoming-URL hot path: placeholders as byte
    /// ranges, so no `Substring` is made unless a route has placeholders and they are read.
    struct ByteMatch {
        /// The route's action without `select` (its only action, or the fallback of those with
        /// `select`), if any.
        let actionIndex: Int?
        /// The route's actions with `select`, as an index for ``select(_:fallback:query:)``, if any.
        let selection: Int?
        let placeholders: [(name: String, range: Range<Int>)]
        /// The host placeholder's name, when the route's host is one; its value is the URL's host.
        var hostName: String?
        /// The rest placeholder's name and the raw rest of the path it took, when the route has one.
        var rest: (name: String, range: Range<Int>)?
    }

    private struct Node: Sendable {
        var placeholder: (name: String, next: Int)?
        /// `:name*`: the rest of the path leads to `next`, the route's node (a rest placeholder is last).
        var rest: (name: String, next: Int)?
        /// On a host placeholder's root: the placeholder's name.
        var hostName: String?
        /// The action without `select` at this route.
        var actionIndex: Int?
        /// The actions with `select` at this route, in ``selections``.
        var selection: Int?

        var isRoute: Bool { actionIndex != nil || selection != nil }
    }

    /// What one walk over a URL's path carries: the captures so far, the work done (for tests
    /// that bound it), and where the last empty segment starts, found once, on the first rest edge.
    private struct Walk {
        var captured: [(name: String, range: Range<Int>)] = []
        var rest: (name: String, range: Range<Int>)?
        var steps = 0
        /// Where the URL's path starts.
        let pathStart: Int
        /// The start of the path's last empty segment (`Int.min` for none), once scanned.
        var lastEmptySegment: Int?
    }

    /// The actions with `select` of each route that has some, while the routes are compiled.
    private var selections: [RouteSelection] = []
    /// The same, once the routes are compiled: read by reference on every decision.
    private var compiledSelections: [RouteSelection.Compiled] = []
    /// The work of checking the actions with `select` of each route against one another while
    /// the routes were compiled (see ``SelectionOverlaps``), for tests of the bound.
    package private(set) var selectionSteps = 0

    /// Root edges (lowercased `scheme:` or `scheme://` and host) and literal segment edges.
    private var edges = SegmentTable()
    private var nodes: [Node] = []
    /// Whether any route has a host placeholder: only then does a URL whose literal host has no
    /// route look for one.
    private var hasHostPlaceholders = false

    /// Two routes that cannot both be compiled, and the later one's place: the spec reader
    /// reports the conflict at that action's `url`.
    struct Conflict: Error {
        /// The action whose route conflicts with an earlier one.
        let actionIndex: Int
        /// The route's index among that action's routes.
        let routeIndex: Int
        /// The error ``Router/init(actions:)`` throws for it.
        let error: RoundtripError
    }

    /// Compiles the routes of `actions`.
    ///
    /// - Throws: ``RoundtripError`` `malformed-url` when two actions without `select` claim the
    ///   same route, one URL could select two actions of a route equally, actions of one route
    ///   read its query differently, or two routes differ only in a placeholder's name.
    /// - Complexity: O(total route length).
    package init(actions: [Action]) throws(RoundtripError) {
        do {
            try self.init(locating: actions)
        } catch {
            throw error.error
        }
    }

    /// ``init(actions:)``, saying which route conflicts.
    init(locating actions: [Action]) throws(Conflict) {
        // Sized once for every edge, so building the table at launch never rehashes it.
        // Actions are read in place, by index, never copied out of the array.
        var edgeCount = 0
        for index in actions.indices {
            for route in actions[index].routes { edgeCount += route.segments.count + 1 }
        }
        edges.reserve(edgeCount)
        nodes.reserveCapacity(edgeCount + 1)
        // Routes of one app mostly share their scheme and host: the previous root node is reused.
        var previousRoot: (scheme: String, host: String, hasAuthority: Bool, node: Int)?
        for actionIndex in actions.indices {
            for (routeIndex, route) in actions[actionIndex].routes.enumerated() {
                do {
                    let root: Int
                    if let previousRoot, previousRoot.scheme == route.scheme, previousRoot.host == route.host,
                        previousRoot.hasAuthority == route.hasAuthority
                    {
                        root = previousRoot.node
                    } else {
                        root = try rootNode(of: route).get()
                        previousRoot = (route.scheme, route.host, route.hasAuthority, root)
                    }
                    if let name = route.hostPlaceholder { try claimHostPlaceholder(name, root: root, route: route) }
                    try insert(route, root: root, actionIndex: actionIndex, actions: actions)
                } catch {
                    throw Conflict(actionIndex: actionIndex, routeIndex: routeIndex, error: error)
                }
            }
        }
        compiledSelections = selections.map { RouteSelection.Compiled($0, of: actions) }
        selectionSteps = selections.reduce(0) { $0 + $1.steps }
        selections = []
    }

    /// The root node of a route's scheme and host, made when there is none yet. Its key is the
    /// scheme, `:` or `://`, and the host, both already lowercased by ``RoutePattern``, so they
    /// match the lowercased key of an incoming URL. A host placeholder's key is `scheme://:`,
    /// whatever its name: no URL's host starts with `:` (that would be an empty host and a port).
    private mutating func rootNode(of route: RoutePattern) -> Result<Int, RoundtripError> {
        var host = route.hostPlaceholder == nil ? route.host : ":"
        // A literal host in the normal form incoming hosts are looked up in (RoutePattern has
        // refused one that is no host).
        if route.hostPlaceholder == nil, route.host.containsByte(0x25),
            case .success(let normalized) = host.withUTF8({ HostValue.normalized($0) })
        {
            host = normalized
        }
        let length = route.scheme.utf8.count + (route.hasAuthority ? 3 : 1) + host.utf8.count
        var scheme = route.scheme
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: length) { key in
            // Copied from each string's contiguous bytes: `initialize(fromContentsOf:)` on a
            // `String.UTF8View` steps through its indices, at each route whose scheme, host or
            // authority differs from the route before it (every route, where each action has its
            // host).
            var position = scheme.withUTF8 { key.initialize(fromContentsOf: $0) }
            position = key[position...].initialize(fromContentsOf: route.hasAuthority ? "://".utf8 : ":".utf8)
            _ = host.withUTF8 { key[position...].initialize(fromContentsOf: $0) }
            return edge(from: SegmentTable.rootParent, key: UnsafeBufferPointer(key))
        }
    }

    /// Names the host placeholder of a scheme's placeholder root; every route there must use that name.
    private mutating func claimHostPlaceholder(_ name: String, root: Int, route: RoutePattern) throws(RoundtripError) {
        if let existing = nodes[root].hostName, existing != name {
            throw RoundtripError(
                .malformedURL,
                "the route '\(route)' has the host placeholder ':\(name)' where another route of the scheme '\(route.scheme)' has ':\(existing)'; use one name"
            )
        }
        nodes[root].hostName = name
        hasHostPlaceholders = true
    }

    private mutating func insert(_ route: RoutePattern, root: Int, actionIndex: Int, actions: [Action]) throws(RoundtripError) {
        var node = root
        for segment in route.segments {
            switch segment {
            case .rest(let name):
                // Always the last segment (RoutePattern refuses it elsewhere): it leads to the route's node.
                if let existing = nodes[node].rest {
                    guard existing.name == name else {
                        throw RoundtripError(
                            .malformedURL,
                            "the route '\(route)' has rest placeholder ':\(name)*' where another route has ':\(existing.name)*'; use one name"
                        )
                    }
                    node = existing.next
                } else {
                    nodes.append(Node())
                    nodes[node].rest = (name, nodes.count - 1)
                    node = nodes.count - 1
                }
            case .literal(let text):
                // The segment's own bytes (a short one's copied to the stack): no array per edge.
                var text = text
                let parent = node
                node = try text.withUTF8 { bytes in edge(from: parent, key: bytes) }.get()
            case .placeholder(let name):
                if let existing = nodes[node].placeholder {
                    guard existing.name == name else {
                        throw RoundtripError(
                            .malformedURL,
                            "the route '\(route)' has placeholder ':\(name)' where another route has ':\(existing.name)'; use one name"
                        )
                    }
                    node = existing.next
                } else {
                    nodes.append(Node())
                    nodes[node].placeholder = (name, nodes.count - 1)
                    node = nodes.count - 1
                }
            }
        }
        let selected = !actions[actionIndex].select.isEmpty
        if !selected, let existing = nodes[node].actionIndex, existing != actionIndex {
            throw RoundtripError(
                .malformedURL,
                "the route '\(route)' of action '\(actions[actionIndex].name)' is already the route of action '\(actions[existing].name)'; actions share a route only when 'select' pairs of the query tell them apart"
            )
        }
        // Actions on one route share how their query reads: select pairs are read before the
        // action is known.
        let encoding = actions[actionIndex].queryEncoding
        let sharedEncoding = nodes[node].selection.map { selections[$0].queryEncoding } ?? nodes[node].actionIndex.map { actions[$0].queryEncoding }
        if nodes[node].selection != nil || selected, let sharedEncoding, sharedEncoding != encoding {
            throw RoundtripError(
                .malformedURL,
                "the action '\(actions[actionIndex].name)' shares the route '\(route)' with actions that read its query as \(sharedEncoding), but it reads it as \(encoding); the select pairs are read before the action is known, so give every action of the route one 'query-encoding'"
            )
        }
        guard selected else {
            nodes[node].actionIndex = actionIndex
            return
        }
        if let selection = nodes[node].selection {
            try selections[selection].add(actionIndex, of: actions, route: route)
        } else {
            nodes[node].selection = selections.count
            selections.append(try RouteSelection(actionIndex, of: actions, route: route))
        }
    }

    /// The node `key` leads to from `parent`, made when there is none yet.
    private mutating func edge(from parent: Int, key: UnsafeBufferPointer<UInt8>) -> Result<Int, RoundtripError> {
        let hash = SegmentTable.hash(parent: parent, key: key)
        if let next = edges.next(from: parent, key: key, hash: hash) { return .success(next) }
        guard edges.insert(from: parent, key: key, next: nodes.count, hash: hash) else {
            return .failure(
                RoundtripError(.malformedURL, "the spec's routes are too large to compile (over 2 GiB of route text or 2³¹ route segments)")
            )
        }
        nodes.append(Node())
        return .success(nodes.count - 1)
    }

    /// Finds the action for a split URL.
    ///
    /// - Returns: The match, or `nil` when no route fits.
    package func route(_ url: URLSplit) -> Match? {
        var steps = 0
        return route(url, steps: &steps)
    }

    /// ``route(_:)``, adding to `steps` the bytes of the URL the lookup read (each segment's bytes
    /// each time a trie node reads it, and the one scan for empty segments), so that tests can
    /// show the work is bounded. A route whose actions have `select` gives its first candidate.
    package func route(_ url: URLSplit, steps: inout Int) -> Match? {
        guard let match = url.withBytes({ bytes, offsets in route(bytes, offsets, steps: &steps) }),
            let actionIndex = match.actionIndex ?? match.selection.map({ compiledSelections[$0].firstCandidate })
        else { return nil }
        var placeholders = match.placeholders.map { ($0.name, url.slice($0.range)) }
        if let hostName = match.hostName { placeholders.insert((hostName, url.host), at: 0) }
        if let rest = match.rest { placeholders.append((rest.name, url.slice(rest.range))) }
        return Match(actionIndex: actionIndex, placeholders: placeholders)
    }

    /// The action at a route with `select` actions that the query selects: the first candidate
    /// (most pairs first) whose every pair the query carries, else the route's action without
    /// `select`.
    ///
    /// - Parameters:
    ///   - selection: The match's ``ByteMatch/selection``.
    ///   - fallback: The match's ``ByteMatch/actionIndex``.
    ///   - query: The raw query bytes, or `nil` when the URL has none.
    /// - Returns: The selected action, or `nil` when nothing is selected and there is no
    ///   fallback.
    /// - Throws: ``RoundtripError`` `duplicate-parameter` for a select name the query repeats;
    ///   `invalid-encoding` or `malformed-url` for an item that does not decode.
    /// - Complexity: O(query length + pairs of the route's candidates), one name lookup per
    ///   query item, whatever the number of actions.
    func select(_ selection: Int, fallback: Int?, query: UnsafeBufferPointer<UInt8>?) throws(RoundtripError) -> RouteSelection.Choice? {
        var steps = 0
        return try select(selection, fallback: fallback, query: query, steps: &steps)
    }

    /// ``select(_:fallback:query:)``, counting the query items read and the pairs compared.
    func select(
        _ selection: Int,
        fallback: Int?,
        query: UnsafeBufferPointer<UInt8>?,
        steps: inout Int
    ) throws(RoundtripError) -> RouteSelection.Choice? {
        try compiledSelections[selection].choose(query, steps: &steps) ?? fallback.map { RouteSelection.Choice(actionIndex: $0, selectItem: nil) }
    }

    /// The pairs each action with `select` at the route expects, in words, for `unknown-route`.
    func expectedPairs(_ selection: Int) -> String {
        compiledSelections[selection].expectedPairs
    }

    /// Whether any route is registered for the URL's scheme and host (for error messages).
    package func knowsHost(of url: URLSplit) -> Bool {
        url.withBytes { bytes, offsets in root(bytes, offsets) != nil }
    }

    /// Finds the action for the URL whose bytes `parse` split into `offsets`.
    ///
    /// A URL with user-info or a port never matches: no route has either (``RoutePattern``
    /// refuses them), and matching without them would let `https://u:p@host/x` or
    /// `https://host:8443/x` pass as `https://host/x`. The split already found both.
    func route(_ bytes: UnsafeBufferPointer<UInt8>, _ offsets: URLSplit.Offsets) -> ByteMatch? {
        var steps = 0
        return route(bytes, offsets, steps: &steps)
    }

    /// ``route(_:_:)``, counting its work into `steps`.
    func route(_ bytes: UnsafeBufferPointer<UInt8>, _ offsets: URLSplit.Offsets, steps: inout Int) -> ByteMatch? {
        guard offsets.userInfo == nil, offsets.port == nil else { return nil }
        let path = offsets.path
        var state = Walk(pathStart: path.lowerBound)
        defer { steps += state.steps }
        if let root = root(bytes, offsets),
            let node = walk(bytes, node: root, from: path.lowerBound, end: path.upperBound, isEmpty: path.isEmpty, &state)
        {
            return ByteMatch(actionIndex: nodes[node].actionIndex, selection: nodes[node].selection, placeholders: state.captured, rest: state.rest)
        }
        // A host placeholder takes any non-empty host whose literal root has no route for the path.
        guard hasHostPlaceholders, offsets.hasAuthority, !offsets.host.isEmpty, let root = hostPlaceholderRoot(bytes, offsets),
            let hostName = nodes[root].hostName
        else { return nil }
        state.captured.removeAll()
        state.rest = nil
        guard let node = walk(bytes, node: root, from: path.lowerBound, end: path.upperBound, isEmpty: path.isEmpty, &state)
        else { return nil }
        return ByteMatch(
            actionIndex: nodes[node].actionIndex,
            selection: nodes[node].selection,
            placeholders: state.captured,
            hostName: hostName,
            rest: state.rest
        )
    }

    /// The host placeholder's root node of the URL's scheme (key `scheme://:`).
    private func hostPlaceholderRoot(_ bytes: UnsafeBufferPointer<UInt8>, _ offsets: URLSplit.Offsets) -> Int? {
        let scheme = offsets.scheme
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: scheme.count + 4) { key in
            var position = 0
            for index in scheme {
                key[position] = URLSplit.lowercased(bytes[index])
                position += 1
            }
            for byte in "://:".utf8 {
                key[position] = byte
                position += 1
            }
            return edges.next(from: SegmentTable.rootParent, key: UnsafeBufferPointer(key))
        }
    }

    /// The root node of the URL's scheme and host: the host lowercased, and, when it has a `%`,
    /// in the normal form of ``HostValue`` that literal routes' keys have (so `%73ettings` finds
    /// the root of `settings`, not the host placeholder).
    private func root(_ bytes: UnsafeBufferPointer<UInt8>, _ offsets: URLSplit.Offsets) -> Int? {
        let scheme = offsets.scheme
        let host = offsets.host
        let length = scheme.count + (offsets.hasAuthority ? 3 : 1) + host.count
        let found: Int?? = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: length) { key in
            var position = 0
            for index in scheme {
                key[position] = URLSplit.lowercased(bytes[index])
                position += 1
            }
            key[position] = 0x3A
            position += 1
            if offsets.hasAuthority {
                key[position] = 0x2F
                key[position + 1] = 0x2F
                position += 2
            }
            var escaped = false
            for index in host {
                let byte = bytes[index]
                escaped = escaped || byte == 0x25
                key[position] = URLSplit.lowercased(byte)
                position += 1
            }
            // A host with an escape is looked up below, decoded.
            if escaped { return nil }
            return edges.next(from: SegmentTable.rootParent, key: UnsafeBufferPointer(key))
        }
        if let found { return found }
        // A host that is no host has no root: at most a host placeholder takes it, and refuses it.
        guard case .success(let decoded) = HostValue.normalized(UnsafeBufferPointer(rebasing: bytes[host])) else { return nil }
        var key = String(decoding: bytes[scheme].map(URLSplit.lowercased), as: UTF8.self) + "://" + decoded
        return key.withUTF8 { edges.next(from: SegmentTable.rootParent, key: $0) }
    }

    /// Walks the trie over the path bytes `start..<end` to the node of a route. `isEmpty`
    /// distinguishes "no segments left" from "one empty segment left" (`/a` versus `/a/`).
    private func walk(
        _ bytes: UnsafeBufferPointer<UInt8>,
        node: Int,
        from start: Int,
        end: Int,
        isEmpty: Bool,
        _ state: inout Walk
    ) -> Int? {
        if isEmpty { return nodes[node].isRoute ? node : nil }
        var slash = start
        while slash < end, bytes[slash] != 0x2F { slash += 1 }
        state.steps += slash - start + 1
        let restIsEmpty = slash == end
        let rest = restIsEmpty ? end : slash + 1
        if let next = edges.next(from: node, key: UnsafeBufferPointer(rebasing: bytes[start..<slash])),
            let found = walk(bytes, node: next, from: rest, end: end, isEmpty: restIsEmpty, &state)
        {
            return found
        }
        if let placeholder = nodes[node].placeholder, slash > start {
            state.captured.append((placeholder.name, start..<slash))
            if let found = walk(bytes, node: placeholder.next, from: rest, end: end, isEmpty: restIsEmpty, &state) {
                return found
            }
            state.captured.removeLast()
        }
        if let restEdge = nodes[node].rest, slash > start, lastEmptySegment(bytes, end: end, &state) < start {
            state.rest = (restEdge.name, start..<end)
            return restEdge.next
        }
        return nil
    }

    /// Where the path's last empty segment past its first starts (`Int.min` when none), scanned on
    /// the first call of a lookup and remembered: the rest from a non-empty segment at `start` is
    /// a rest placeholder's value (one or more non-empty segments) exactly when no empty segment
    /// starts after `start`.
    private func lastEmptySegment(_ bytes: UnsafeBufferPointer<UInt8>, end: Int, _ state: inout Walk) -> Int {
        if let known = state.lastEmptySegment { return known }
        // A trailing `/` leaves an empty last segment at `end`; otherwise `//` leaves one at the
        // second slash. The segment at `start` is known non-empty (the caller checks it).
        var found = Int.min
        if end > state.pathStart, bytes[end - 1] == 0x2F {
            found = end
        } else {
            var index = end - 1
            while index > state.pathStart {
                state.steps += 1
                if bytes[index] == 0x2F, bytes[index - 1] == 0x2F {
                    found = index
                    break
                }
                index -= 1
            }
        }
        state.lastEmptySegment = found
        return found
    }
}
