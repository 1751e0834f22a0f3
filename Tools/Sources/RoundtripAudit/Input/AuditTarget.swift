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
        links: [BundleLink] = [],
        reachedLimits: [ReachedLimit] = []
    ) {
        self.path = path
        self.kind = kind
        self.app = app
        self.extensions = extensions
        self.unsafeEntries = unsafeEntries
        self.links = links
        self.reachedLimits = reachedLimits
    }

    /// A target read from a bundle.
    init(path: String, kind: Kind, reading: BundleReading, unsafeEntries: [String] = [], reachedLimits: [ReachedLimit] = []) {
        self.init(
            path: path,
            kind: kind,
            app: reading.app,
            extensions: reading.extensions,
            unsafeEntries: unsafeEntries,
            links: reading.links,
            reachedLimits: reachedLimits + reading.reachedLimits
        )
    }

    /// The main bundle followed by every extension.
    package var bundles: [BundleContents] { [app] + extensions }
}
