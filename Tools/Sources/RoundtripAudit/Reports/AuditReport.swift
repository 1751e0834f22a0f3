/// The outcome of auditing one app: what it exposes and what is wrong with it.
///
/// Encodes as the JSON contract of `roundtrip audit --format json`:
/// `{"surface": {"schemes", "domains", "extensions", …}, "findings": [{"rule", "severity", "message", "location", "fix"}]}`.
public struct AuditReport: Sendable, Hashable, Encodable {
    /// The audited path.
    public var path: String
    /// The kind of input.
    public var kind: AuditTarget.Kind
    /// The attack surface.
    public var surface: AttackSurface
    /// The findings, errors first.
    public var findings: [Finding]

    /// Creates a report.
    public init(path: String, kind: AuditTarget.Kind, surface: AttackSurface, findings: [Finding]) {
        self.path = path
        self.kind = kind
        self.surface = surface
        self.findings = findings
    }

    /// Whether any finding has severity error (the command then exits 1).
    public var hasErrors: Bool { findings.contains { $0.severity == .error } }

    /// How many findings have a severity.
    public func count(_ severity: Severity) -> Int { findings.filter { $0.severity == severity }.count }
}
