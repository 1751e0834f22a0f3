/// The outcome of auditing one app: what it exposes and what is wrong with it.
///
/// Encodes as the JSON contract of `roundtrip audit --format json`:
/// `{"surface": {"schemes", "domains", "extensions", …}, "findings": [{"rule", "severity", "message", "location", "fix"}]}`.
package struct AuditReport: Sendable, Hashable, Encodable {
    /// The audited path.
    package var path: String
    /// The kind of input.
    package var kind: AuditTarget.Kind
    /// The attack surface.
    package var surface: AttackSurface
    /// The findings, errors first.
    package var findings: [Finding]

    /// Creates a report.
    package init(path: String, kind: AuditTarget.Kind, surface: AttackSurface, findings: [Finding]) {
        self.path = path
        self.kind = kind
        self.surface = surface
        self.findings = findings
    }

    /// Whether any finding has severity error (the command then exits 1).
    package var hasErrors: Bool { findings.contains { $0.severity == .error } }

    /// How many findings have a severity.
    package func count(_ severity: Severity) -> Int { findings.filter { $0.severity == severity }.count }
}
