/// Counts the steps of matching and linting, and stops work that passes a limit.
///
/// Matching a URL runs under a limit (``AssociationMatcher/defaultWorkLimit`` unless the caller
/// gives another) and throws `work-limit-exceeded` rather than answer once it runs out; the count
/// is also what the tests read to show that work grows linearly with the input. The linter gives
/// its superlinear analysis (`shadowed-rule` compares pairs of rules) a budget per file and
/// reports when it runs out.
struct WorkMeter: Sendable {
    /// Steps taken so far: token comparisons, set words processed, candidate rules visited.
    private(set) var steps = 0
    /// No more work is started once ``steps`` reaches this.
    let limit: Int

    /// A meter that stops work after `limit` steps; `Int.max` never stops it.
    init(limit: Int = .max) {
        self.limit = limit
    }

    /// Whether the limit has been reached.
    var isExhausted: Bool { steps >= limit }

    /// Records `count` steps; returns whether work may go on.
    @inline(__always)
    @discardableResult
    mutating func charge(_ count: Int) -> Bool {
        steps &+= count
        return steps < limit
    }
}
