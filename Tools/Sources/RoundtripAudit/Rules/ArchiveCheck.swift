/// Archive entries refused while reading an `.ipa`: names that escape the archive (zip-slip),
/// and entries whose local header disagrees with the central directory or whose bytes overlap
/// another entry's.
struct ArchiveCheck: AuditCheck {
    func findings(in context: AuditContext) -> [Finding] {
        let unsafe = context.target.unsafeEntries.map { name in
            Finding(
                .unsafeArchiveEntry,
                "the archive holds the entry '\(name)', whose name escapes the archive; it was not read",
                at: context.target.path
            )
        }
        let refused = context.target.refusedEntries.map { entry in
            Finding(
                .inconsistentArchiveEntry,
                "the archive holds the entry \(ReachedLimit.shown(entry.name)), which was not read: \(entry.reason)",
                at: context.target.path
            )
        }
        return unsafe + refused
    }
}
