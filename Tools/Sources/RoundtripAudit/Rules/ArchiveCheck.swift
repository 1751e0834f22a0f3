/// Archive entries refused as unsafe while reading an `.ipa` (zip-slip).
struct ArchiveCheck: AuditCheck {
    func findings(in context: AuditContext) -> [Finding] {
        context.target.unsafeEntries.map { name in
            Finding(
                .unsafeArchiveEntry,
                "the archive holds the entry '\(name)', whose name escapes the archive; it was not read",
                at: context.target.path
            )
        }
    }
}
