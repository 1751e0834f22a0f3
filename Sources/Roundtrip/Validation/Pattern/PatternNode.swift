/// A parsed pattern: what ``PatternParser`` reads and ``PatternProgram`` compiles.
///
/// Captures, laziness and the anchors a whole-value match makes meaningless are gone by now: a
/// whole-value match asks only whether some path through the pattern spells the value, and
/// every one of those forms has the same paths as its plain counterpart.
///
/// The example writer of `RoundtripGeneration` walks it too, so `pattern:` has one grammar.
package indirect enum PatternNode: Sendable, Equatable {
    /// Matches only the empty text.
    case empty
    /// One scalar, by value.
    case scalar(UInt32)
    /// One scalar of a class (`[…]`, `\d`, `.`).
    case set(PatternClass)
    /// Each part in turn; at least two parts, none empty.
    case concatenation([PatternNode])
    /// Any one of the alternatives; at least two.
    case alternation([PatternNode])
    /// The node `minimum` to `maximum` times (`nil`: no limit); never of an empty node.
    case repetition(PatternNode, minimum: Int, maximum: Int?)

    /// The parts in sequence, without empty parts: an empty node repeated any number of times
    /// is still one empty node, so no repetition of nothing reaches the compiler.
    static func sequence(_ parts: [PatternNode]) -> PatternNode {
        var flattened: [PatternNode] = []
        for part in parts {
            switch part {
            case .empty: continue
            case .concatenation(let inner): flattened += inner
            default: flattened.append(part)
            }
        }
        switch flattened.count {
        case 0: return .empty
        case 1: return flattened[0]
        default: return .concatenation(flattened)
        }
    }

    /// `node` repeated, simplified where that changes nothing: a repetition of nothing, or of
    /// at most zero times, is empty; once is the node itself.
    static func repeating(_ node: PatternNode, minimum: Int, maximum: Int?) -> PatternNode {
        if node == .empty || maximum == 0 { return .empty }
        if minimum == 1, maximum == 1 { return node }
        return .repetition(node, minimum: minimum, maximum: maximum)
    }

    /// Whether the node matches the empty text.
    var matchesEmpty: Bool {
        switch self {
        case .empty: return true
        case .scalar, .set: return false
        case .concatenation(let parts): return parts.allSatisfy(\.matchesEmpty)
        case .alternation(let alternatives): return alternatives.contains(where: \.matchesEmpty)
        case .repetition(let node, let minimum, _): return minimum == 0 || node.matchesEmpty
        }
    }

    /// The number of instructions the node compiles to, saturating at `Int.max`.
    var instructionCount: Int {
        switch self {
        case .empty: return 0
        case .scalar, .set: return 1
        case .concatenation(let parts):
            return parts.reduce(0) { Self.add($0, $1.instructionCount) }
        case .alternation(let alternatives):
            // Each alternative but the last is preceded by a split and followed by a jump.
            let body = alternatives.reduce(0) { Self.add($0, $1.instructionCount) }
            return Self.add(body, 2 * (alternatives.count - 1))
        case .repetition(let node, let minimum, let maximum):
            let size = node.instructionCount
            guard let maximum else {
                // x{n,} is n - 1 copies then a loop: the copy and a split back (n ≥ 1), or a
                // split, the copy and a jump back (n = 0).
                return minimum == 0 ? Self.add(size, 2) : Self.add(Self.multiply(size, minimum), 1)
            }
            // n copies, then each optional copy behind a split.
            return Self.add(Self.multiply(size, minimum), Self.multiply(Self.add(size, 1), maximum - minimum))
        }
    }

    private static func add(_ left: Int, _ right: Int) -> Int {
        let (sum, overflow) = left.addingReportingOverflow(right)
        return overflow ? .max : sum
    }

    private static func multiply(_ left: Int, _ right: Int) -> Int {
        let (product, overflow) = left.multipliedReportingOverflow(by: right)
        return overflow ? .max : product
    }
}
