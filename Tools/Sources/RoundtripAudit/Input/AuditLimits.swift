/// How much the audit reads before it refuses an input as too large, or stops reading part of it,
/// so that a hostile archive (a zip bomb, millions of entries, names thousands of folders deep)
/// cannot exhaust memory or time. A part left unread is reported as an `audit-limit-reached`
/// note, never skipped silently.
package struct AuditLimits: Sendable, Hashable {
    /// The largest plist or AASA file read, in bytes (default 8 MiB; real Info.plists are a few KiB).
    package var maximumFileBytes: Int
    /// The most entries an archive may list (default 200,000).
    package var maximumArchiveEntries: Int
    /// The most app extensions read from `PlugIns/` (default 256); the rest are named in a note.
    package var maximumExtensions: Int
    /// The largest executable searched for its code signature's entitlements, in bytes (default
    /// 256 MiB); a larger one is skipped, not refused.
    package var maximumExecutableBytes: Int
    /// The longest archive entry name read, in bytes (default 1,024, `PATH_MAX` on Apple
    /// platforms); a longer entry is left unread and noted.
    package var maximumEntryNameBytes: Int
    /// The most `/`-separated components an archive entry name may have (default 64); a deeper
    /// entry is left unread and noted.
    package var maximumEntryNameComponents: Int

    /// Creates limits.
    package init(
        maximumFileBytes: Int = 8 << 20,
        maximumArchiveEntries: Int = 200_000,
        maximumExtensions: Int = 256,
        maximumExecutableBytes: Int = 256 << 20,
        maximumEntryNameBytes: Int = 1024,
        maximumEntryNameComponents: Int = 64
    ) {
        self.maximumFileBytes = maximumFileBytes
        self.maximumArchiveEntries = maximumArchiveEntries
        self.maximumExtensions = maximumExtensions
        self.maximumExecutableBytes = maximumExecutableBytes
        self.maximumEntryNameBytes = maximumEntryNameBytes
        self.maximumEntryNameComponents = maximumEntryNameComponents
    }
}
