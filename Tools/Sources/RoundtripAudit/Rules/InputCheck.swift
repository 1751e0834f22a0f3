/// Symbolic links met in the bundle and limits the input reached: what the audit did not read,
/// said in the report instead of skipped silently.
struct InputCheck: AuditCheck {
    func findings(in context: AuditContext) -> [Finding] {
        let links = context.target.links.map { link in
            link.escapesBundle
                ? Finding(
                    .symlinkEscapesBundle,
                    "the bundle holds the symbolic link '\(link.path)' \(link.shownTarget), outside the bundle"
                        + (link.reason.map { " " + $0 } ?? "") + "; it was not followed",
                    at: link.path
                )
                : Finding(
                    .symlinkNotFollowed,
                    "the bundle holds the symbolic link '\(link.path)' \(link.shownTarget); it was not followed, so its target was not audited",
                    at: link.path
                )
        }
        let limits = context.target.reachedLimits.map { reached in
            Finding(.auditLimitReached, reached.message + " (limit: \(reached.limit))", at: reached.location)
        }
        return links + limits
    }
}
