/// What a scenario showed: its trace and the checks it made.
public struct ScenarioReport: Sendable {
    /// One expectation of the scenario and whether it held.
    public struct Check: Sendable, Hashable {
        /// What was expected, in a sentence.
        public let expectation: String
        /// Whether it held.
        public let isPassed: Bool
    }

    /// The scenario's title.
    public let title: String
    /// The public document it comes from.
    public let source: String
    /// The device's trace.
    public let trace: Trace
    /// The checks, in order.
    public let checks: [Check]

    /// Whether every check held.
    public var isPassed: Bool { checks.allSatisfy(\.isPassed) }

    /// Title, trace and checks as text.
    public func rendered() -> String {
        var lines = ["== \(title)", "   (\(source))", trace.rendered(), ""]
        for check in checks {
            lines.append("  \(check.isPassed ? "✓" : "✗") \(check.expectation)")
        }
        return lines.joined(separator: "\n")
    }
}

/// Collects a scenario's checks.
struct CheckList {
    private(set) var checks: [ScenarioReport.Check] = []

    mutating func expect(_ condition: Bool, _ expectation: String) {
        checks.append(ScenarioReport.Check(expectation: expectation, isPassed: condition))
    }
}
