/// Finds the action for an incoming URL, in time independent of the number of actions.
///
/// Routes are compiled once into a hash table keyed by scheme and host (case-insensitive, with no
/// allocation per lookup) and a trie of path segments below each host. Literal segments win over
/// placeholders; when a literal branch dead-ends, the placeholder branch is tried.
///
/// - Complexity: A lookup costs O(length of the URL's path) hash probes, whatever the number of
///   routes.
public struct Router: Sendable {
    /// A successful lookup.
    public struct Match: Sendable, Equatable {
        /// The index of the action in the array the router was built from.
        public let actionIndex: Int
        /// The placeholders' raw (still percent-encoded) values, in route order.
        public let placeholders: [(name: String, rawValue: Substring)]

        public static func == (lhs: Match, rhs: Match) -> Bool {
            lhs.actionIndex == rhs.actionIndex
                && lhs.placeholders.map(\.name) == rhs.placeholders.map(\.name)
                && lhs.placeholders.map(\.rawValue) == rhs.placeholders.map(\.rawValue)
        }
    }

    private struct Node: Sendable {
        var literals: [PathSegmentKey: Int] = [:]
        var placeholder: (name: String, next: Int)?
        var actionIndex: Int?
    }

    private var roots: [HostKey: Int] = [:]
    private var nodes: [Node] = []

    /// Compiles the routes of `actions`.
    ///
    /// - Throws: ``RoundtripError`` `malformed-url` when two actions claim the same route, or two
    ///   routes differ only in a placeholder's name.
    /// - Complexity: O(total route length).
    public init(actions: [Action]) throws(RoundtripError) {
        for (actionIndex, action) in actions.enumerated() {
            for route in action.routes {
                try insert(route, actionIndex: actionIndex, actions: actions)
            }
        }
    }

    private mutating func insert(_ route: RoutePattern, actionIndex: Int, actions: [Action]) throws(RoundtripError) {
        let key = HostKey(scheme: Substring(route.scheme), host: Substring(route.host), hasAuthority: route.hasAuthority)
        var node: Int
        if let root = roots[key] {
            node = root
        } else {
            node = nodes.count
            nodes.append(Node())
            roots[key] = node
        }
        for segment in route.segments {
            switch segment {
            case .literal(let text):
                if let next = nodes[node].literals[PathSegmentKey(Substring(text))] {
                    node = next
                } else {
                    nodes.append(Node())
                    nodes[node].literals[PathSegmentKey(Substring(text))] = nodes.count - 1
                    node = nodes.count - 1
                }
            case .placeholder(let name):
                if let existing = nodes[node].placeholder {
                    guard existing.name == name else {
                        throw RoundtripError(.malformedURL, "the route '\(route)' has placeholder ':\(name)' where another route has ':\(existing.name)'; use one name")
                    }
                    node = existing.next
                } else {
                    nodes.append(Node())
                    nodes[node].placeholder = (name, nodes.count - 1)
                    node = nodes.count - 1
                }
            }
        }
        if let existing = nodes[node].actionIndex, existing != actionIndex {
            throw RoundtripError(.malformedURL, "the route '\(route)' of action '\(actions[actionIndex].name)' is already the route of action '\(actions[existing].name)'")
        }
        nodes[node].actionIndex = actionIndex
    }

    /// Finds the action for a split URL.
    ///
    /// - Returns: The match, or `nil` when no route fits.
    public func route(_ url: URLSplit) -> Match? {
        guard let root = roots[HostKey(scheme: url.scheme, host: url.host, hasAuthority: url.hasAuthority)] else { return nil }
        var captured: [(name: String, rawValue: Substring)] = []
        guard let actionIndex = walk(node: root, path: url.path, isEmpty: url.path.isEmpty, captured: &captured) else { return nil }
        return Match(actionIndex: actionIndex, placeholders: captured)
    }

    /// Whether any route is registered for the URL's scheme and host (for error messages).
    public func knowsHost(of url: URLSplit) -> Bool {
        roots[HostKey(scheme: url.scheme, host: url.host, hasAuthority: url.hasAuthority)] != nil
    }

    /// Walks the trie over the remaining path. `isEmpty` distinguishes "no segments left" from
    /// "one empty segment left" (`/a` versus `/a/`).
    private func walk(node: Int, path: Substring, isEmpty: Bool, captured: inout [(name: String, rawValue: Substring)]) -> Int? {
        if isEmpty { return nodes[node].actionIndex }
        let slash = path.utf8.firstIndex(of: UInt8(ascii: "/"))
        let segment = slash.map { path[path.startIndex..<$0] } ?? path
        let rest = slash.map { path[path.utf8.index(after: $0)...] } ?? path[path.endIndex...]
        let restIsEmpty = slash == nil
        if let next = nodes[node].literals[PathSegmentKey(segment)],
           let found = walk(node: next, path: rest, isEmpty: restIsEmpty, captured: &captured) {
            return found
        }
        if let placeholder = nodes[node].placeholder, !segment.isEmpty {
            captured.append((placeholder.name, segment))
            if let found = walk(node: placeholder.next, path: rest, isEmpty: restIsEmpty, captured: &captured) {
                return found
            }
            captured.removeLast()
        }
        return nil
    }
}

/// Scheme and host, hashed and compared ignoring ASCII case without lowercasing a copy.
struct HostKey: Hashable, Sendable {
    let scheme: Substring
    let host: Substring
    let hasAuthority: Bool

    static func == (lhs: HostKey, rhs: HostKey) -> Bool {
        lhs.hasAuthority == rhs.hasAuthority && lhs.scheme.equalsIgnoringASCIICase(rhs.scheme)
            && lhs.host.equalsIgnoringASCIICase(rhs.host)
    }

    /// Hashes the lowercased bytes of `scheme:host` in one `combine(bytes:)` call: feeding the
    /// hasher byte by byte cost more than the rest of a route lookup.
    func hash(into hasher: inout Hasher) {
        var scheme = scheme, host = host
        scheme.withUTF8 { scheme in
            host.withUTF8 { host in
                let count = scheme.count + 1 + host.count
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { buffer in
                    for (offset, byte) in scheme.enumerated() { buffer[offset] = URLSplit.lowercased(byte) }
                    buffer[scheme.count] = 0x3A
                    for (offset, byte) in host.enumerated() { buffer[scheme.count + 1 + offset] = URLSplit.lowercased(byte) }
                    hasher.combine(bytes: UnsafeRawBufferPointer(buffer))
                }
            }
        }
        hasher.combine(hasAuthority)
    }
}

/// A literal path segment as a dictionary key, compared and hashed by its bytes: paths match
/// exactly, byte for byte (they are ASCII after ``URLSplit``), and byte hashing skips the
/// Unicode-aware hashing and comparison `Substring` keys go through on every lookup.
struct PathSegmentKey: Hashable, Sendable {
    let text: Substring

    init(_ text: Substring) {
        self.text = text
    }

    static func == (lhs: PathSegmentKey, rhs: PathSegmentKey) -> Bool {
        lhs.text.utf8.elementsEqual(rhs.text.utf8)
    }

    func hash(into hasher: inout Hasher) {
        var text = text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
