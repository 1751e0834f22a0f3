/// How serious a finding is. An `error` makes `roundtrip audit` exit 1.
public enum Severity: String, Sendable, Hashable, Comparable, CaseIterable, Encodable {
    /// A real weakness or a broken configuration: fix before release.
    case error
    /// A likely weakness: review it.
    case warning
    /// Advice, or a fact a reviewer should know.
    case note

    private var rank: Int {
        switch self {
        case .error: 0
        case .warning: 1
        case .note: 2
        }
    }

    /// Errors sort first.
    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}
