/// How much the audit reads before it refuses an input as too large, so that a hostile archive
/// (a zip bomb, millions of entries) cannot exhaust memory or time.
public struct AuditLimits: Sendable, Hashable {
    /// The largest plist or AASA file read, in bytes (default 8 MiB; real Info.plists are a few KiB).
    public var maximumFileBytes: Int
    /// The most entries an archive may list (default 200,000).
    public var maximumArchiveEntries: Int
    /// The most app extensions read from `PlugIns/` (default 256).
    public var maximumExtensions: Int
    /// The largest executable searched for its code signature's entitlements, in bytes (default
    /// 256 MiB); a larger one is skipped, not refused.
    public var maximumExecutableBytes: Int

    /// Creates limits.
    public init(
        maximumFileBytes: Int = 8 << 20,
        maximumArchiveEntries: Int = 200_000,
        maximumExtensions: Int = 256,
        maximumExecutableBytes: Int = 256 << 20
    ) {
        self.maximumFileBytes = maximumFileBytes
        self.maximumArchiveEntries = maximumArchiveEntries
        self.maximumExtensions = maximumExtensions
        self.maximumExecutableBytes = maximumExecutableBytes
    }
}
