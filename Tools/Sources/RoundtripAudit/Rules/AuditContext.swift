import Roundtrip

/// What the checks look at: the target, its surface, and the spec and AASA to compare it with.
struct AuditContext: Sendable {
    let target: AuditTarget
    let surface: AttackSurface
    /// The spec and the file it came from, when given.
    let spec: (spec: Spec, path: String)?
    /// The AASA's app IDs and the file they came from, when given.
    let aasa: AASAAppIDs?
}

/// One family of rules.
protocol AuditCheck: Sendable {
    /// The findings of this family, in a stable order.
    func findings(in context: AuditContext) -> [Finding]
}
