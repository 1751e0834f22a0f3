import Roundtrip

extension AppLinks {
    /// One entry of `details`: apps and the URLs they open.
    ///
    /// Modern files use ``appIDs`` and ``components`` (iOS 13 and later); legacy files use
    /// ``appID`` and ``paths``. When both ``components`` and ``paths`` are present, iOS 13 and later
    /// read only ``components``.
    ///
    /// Apple: https://developer.apple.com/documentation/bundleresources/applinks/details-swift.dictionary
    public struct Detail: Sendable, Hashable {
        /// The legacy single app identifier (`appID`).
        public var appID: String?
        /// The app identifiers (`appIDs`).
        public var appIDs: [String]?
        /// The URL patterns, in order; `nil` when the key is absent.
        public var components: [Component]?
        /// The legacy path patterns (`paths`), where `NOT ` excludes; `nil` when the key is absent.
        public var paths: [String]?
        /// App-level matching defaults (`defaults`).
        public var defaults: MatchingDefaults?
        /// Where the detail starts in its file, when it was decoded from one (not part of equality).
        public var position: SourcePosition?

        /// Creates a detail.
        public init(
            appID: String? = nil,
            appIDs: [String]? = nil,
            components: [Component]? = nil,
            paths: [String]? = nil,
            defaults: MatchingDefaults? = nil,
            position: SourcePosition? = nil
        ) {
            self.appID = appID
            self.appIDs = appIDs
            self.components = components
            self.paths = paths
            self.defaults = defaults
            self.position = position
        }

        /// The apps the detail is for: ``appIDs`` when present (iOS 13 and later read it first),
        /// otherwise ``appID``.
        public var apps: [String] {
            appIDs ?? appID.map { [$0] } ?? []
        }

        /// Whether the detail is matched with its legacy ``paths`` (it has no ``components``).
        public var usesLegacyPaths: Bool { components == nil && paths != nil }

        /// Equality of content; ``position`` is ignored.
        public static func == (lhs: Detail, rhs: Detail) -> Bool {
            lhs.appID == rhs.appID && lhs.appIDs == rhs.appIDs && lhs.components == rhs.components
                && lhs.paths == rhs.paths && lhs.defaults == rhs.defaults
        }

        /// Hashes the content; ``position`` is ignored.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(appID)
            hasher.combine(appIDs)
            hasher.combine(components)
            hasher.combine(paths)
            hasher.combine(defaults)
        }
    }
}
