/// A substitution variable's values as a trie of tokens, for ``AlternationMatcher``: values that
/// start alike are advanced through their common start once, so `$(v)` costs one set operation
/// per distinct start of a value (at most the values' total length, far less when they share
/// starts), whatever the order the values are written in.
///
/// Node 0 is the root (the empty start). Every node's children come after it, so one backward
/// pass over the nodes sees each child before its parent.
struct ValueTrie: Sendable {
    /// An edge: the token read, and the node it leads to.
    struct Edge: Sendable {
        let token: PatternToken
        let node: Int
    }

    /// The children of node `n` are `edges[firstEdge[n]..<firstEdge[n + 1]]`, the one with the
    /// most values below it last: a depth-first walk that reuses the parent's set for the last
    /// child keeps at most log₂(values) + 1 sets. (One flat array, not one per node.)
    let edges: [Edge]
    let firstEdge: [Int]
    /// Per node, whether a value ends there.
    let isValue: [Bool]
    /// Per node, the fewest characters (tokens other than `*`) still needed to end a value.
    let needs: [Int]
    /// The literal edges by node and character, so a node reached at a few positions looks up
    /// the child for each position's character instead of trying every child.
    private let literalChildren: [UInt64: Int]
    /// The other edges (`?`, `*`) of node `n`: `wildcardEdges[firstWildcard[n]..<firstWildcard[n + 1]]`.
    private let wildcardEdges: [Edge]
    private let firstWildcard: [Int]

    /// - Parameter values: The distinct values' tokens.
    /// - Complexity: O(*v*) hash operations for values of *v* tokens in all, plus sorting each
    ///   node's children.
    init(_ values: [[PatternToken]]) {
        struct Key: Hashable {
            let node: Int
            let token: PatternToken
        }
        var lookup: [Key: Int] = [:]
        // Node `n > 0` is reached from `parents[n]` by `tokens[n]`.
        var parents = [0]
        var tokens: [PatternToken] = [.star]
        var isValue = [false]
        for value in values {
            var node = 0
            for token in value {
                let key = Key(node: node, token: token)
                if let child = lookup[key] {
                    node = child
                    continue
                }
                let child = parents.count
                lookup[key] = child
                parents.append(node)
                tokens.append(token)
                isValue.append(false)
                node = child
            }
            isValue[node] = true
        }
        let count = parents.count
        var weights = isValue.map { $0 ? 1 : 0 }
        var needs = isValue.map { $0 ? 0 : Int.max }
        var firstEdge = [Int](repeating: 0, count: count + 1)
        // Children come after their parent, so a backward pass sees every child first.
        for node in (1..<count).reversed() {
            let parent = parents[node]
            weights[parent] += weights[node]
            needs[parent] = min(needs[parent], needs[node] &+ (tokens[node] == .star ? 0 : 1))
            firstEdge[parent + 1] += 1
        }
        for node in 0..<count { firstEdge[node + 1] += firstEdge[node] }
        var next = firstEdge
        var edges = [Edge](repeating: Edge(token: .star, node: 0), count: count - 1)
        for node in 1..<count {
            edges[next[parents[node]]] = Edge(token: tokens[node], node: node)
            next[parents[node]] += 1
        }
        for node in 0..<count where firstEdge[node + 1] - firstEdge[node] > 1 {
            edges[firstEdge[node]..<firstEdge[node + 1]].sort { weights[$0.node] < weights[$1.node] }
        }
        var literalChildren: [UInt64: Int] = [:]
        var wildcardEdges: [Edge] = []
        var firstWildcard = [0]
        firstWildcard.reserveCapacity(count + 1)
        for node in 0..<count {
            for edge in edges[firstEdge[node]..<firstEdge[node + 1]] {
                if case .literal(let scalar) = edge.token {
                    literalChildren[ValueTrie.key(node, scalar)] = edge.node
                } else {
                    wildcardEdges.append(edge)
                }
            }
            firstWildcard.append(wildcardEdges.count)
        }
        self.edges = edges
        self.firstEdge = firstEdge
        self.isValue = isValue
        self.needs = needs
        self.literalChildren = literalChildren
        self.wildcardEdges = wildcardEdges
        self.firstWildcard = firstWildcard
    }

    private static func key(_ node: Int, _ scalar: UInt32) -> UInt64 {
        UInt64(truncatingIfNeeded: node) << 32 | UInt64(scalar)
    }

    /// The child reached from `node` by the literal `scalar`, if any.
    func child(of node: Int, literal scalar: UInt32) -> Int? {
        literalChildren[ValueTrie.key(node, scalar)]
    }

    /// The edges from `node` that are not literals.
    func wildcardChildren(of node: Int) -> ArraySlice<Edge> {
        wildcardEdges[firstWildcard[node]..<firstWildcard[node + 1]]
    }

    /// The edges to a node's children.
    func children(of node: Int) -> ArraySlice<Edge> {
        edges[firstEdge[node]..<firstEdge[node + 1]]
    }
}
