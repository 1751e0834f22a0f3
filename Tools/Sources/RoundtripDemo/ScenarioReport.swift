import RoundtripSimulator

/// What a scenario showed: its trace and the checks it made.
package struct ScenarioReport: Sendable {
    /// One expectation of the scenario and whether it held.
    package struct Check: Sendable, Hashable {
        /// What was expected, in a sentence.
        package let expectation: String
        /// Whether it held.
        package let isPassed: Bool
    }

    /// The scenario's title.
    package let title: String
    /// The public document it comes from.
    package let source: String
    /// The device's trace.
    package let trace: Trace
    /// The checks, in order.
    package let checks: [Check]

    /// Whether every check held.
    package var isPassed: Bool { checks.allSatisfy(\.isPassed) }

    /// Title, trace and checks as text.
    package func rendered() -> String {
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
