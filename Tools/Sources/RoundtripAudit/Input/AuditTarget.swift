/// What one audit looks at: the app's main bundle and its extensions, read from an Info.plist, an
/// entitlements plist, an `.app` folder or an `.ipa`.
///
/// Load one with ``load(path:entitlementsPath:limits:)``; the loader detects the kind of input.
package struct AuditTarget: Sendable, Hashable {
    /// The kind of input the target was read from.
    package enum Kind: String, Sendable, Hashable, CaseIterable, Encodable {
        /// A loose Info.plist (XML or binary).
        case infoPlist = "info-plist"
        /// A loose entitlements plist.
        case entitlements
        /// An `.app` folder.
        case appBundle = "app"
        /// An `.ipa` archive (`Payload/*.app`).
        case archive = "ipa"
    }

    /// The path given to the audit.
    package var path: String
    /// The kind of input.
    package var kind: Kind
    /// The app's main bundle.
    package var app: BundleContents
    /// The app extensions under `PlugIns/*.appex`, sorted by path.
    package var extensions: [BundleContents]
    /// Archive entries the loader refused to read because their names escape the archive
    /// (absolute paths, `..` components, backslashes): a zip-slip attempt for any tool that extracts.
    package var unsafeEntries: [String]
    /// Archive entries the loader refused to read because their local file header disagrees with
    /// the central directory, or their bytes overlap another entry's (a zip bomb).
    package var refusedEntries: [RefusedArchiveEntry]
    /// The symbolic links met where the bundle was read (never followed).
    package var links: [BundleLink]
    /// The limits the input reached: what was left unread.
    package var reachedLimits: [ReachedLimit]

    /// Creates a target.
    package init(
        path: String,
        kind: Kind,
        app: BundleContents,
        extensions: [BundleContents] = [],
        unsafeEntries: [String] = [],
        refusedEntries: [RefusedArchiveEntry] = [],
        links: [BundleLink] = [],
        reachedLimits: [ReachedLimit] = []
    ) {
        self.path = path
        self.kind = kind
        self.app = app
        self.extensions = extensions
        self.unsafeEntries = unsafeEntries
        self.refusedEntries = refusedEntries
        self.links = links
        self.reachedLimits = reachedLimits
    }

    /// A target read from a bundle.
    init(
        path: String,
        kind: Kind,
        reading: BundleReading,
        unsafeEntries: [String] = [],
        refusedEntries: [RefusedArchiveEntry] = [],
        reachedLimits: [ReachedLimit] = []
    ) {
        self.init(
            path: path,
            kind: kind,
            app: reading.app,
            extensions: reading.extensions,
            unsafeEntries: unsafeEntries,
            refusedEntries: refusedEntries,
            links: reading.links,
            reachedLimits: reachedLimits + reading.reachedLimits
        )
    }

    /// The main bundle followed by every extension.
    package var bundles: [BundleContents] { [app] + extensions }
}

/// An archive entry the audit refused to read, and why.
package struct RefusedArchiveEntry: Sendable, Hashable {
    /// The entry's name in the central directory.
    package var name: String
    /// Why it was refused, as the end of a sentence about it.
    package var reason: String

    /// Creates a refused entry.
    package init(name: String, reason: String) {
        self.name = name
        self.reason = reason
    }
}
