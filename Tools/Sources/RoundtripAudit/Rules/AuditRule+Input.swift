/// The rules about how the input itself was read: symbolic links in the bundle, and the limits
/// that kept a hostile input from exhausting the audit.
extension AuditRule {
    /// A link whose target is outside the bundle.
    package static let symlinkEscapesBundle = AuditRule(
        id: "symlink-escapes-bundle",
        severity: .warning,
        summary: "A symbolic link in the bundle whose target is outside it (absolute, or '..' past the bundle's root, directly or "
            + "through another link, or a chain of more than 32 links): "
            + "a tool that copies, extracts or signs the bundle may read or write outside it.",
        fix: "Replace the link with the file or folder it stands for; the audit did not follow it, so what it points to was not audited.",
        reference: linkFollowing
    )
    /// A link inside the bundle, where the audit reads it.
    package static let symlinkNotFollowed = AuditRule(
        id: "symlink-not-followed",
        severity: .note,
        summary: "A symbolic link where the audit reads the bundle (its root, PlugIns or an extension): links are never followed, "
            + "so what it points to was not audited.",
        fix: "Replace the link with the file or folder itself, or audit its target by hand.",
        reference: linkFollowing
    )
    /// A limit reached.
    package static let auditLimitReached = AuditRule(
        id: "audit-limit-reached",
        severity: .note,
        summary: "The input reached one of the audit's limits, so part of it was not read and the report may be incomplete.",
        fix: "Audit the part named by hand; a genuine app rarely comes near these limits, so suspect a broken or hostile build.",
        reference: "https://cwe.mitre.org/data/definitions/400.html"
    )

    /// CWE-59, Improper Link Resolution Before File Access ('Link Following').
    static let linkFollowing = "https://cwe.mitre.org/data/definitions/59.html"
}
