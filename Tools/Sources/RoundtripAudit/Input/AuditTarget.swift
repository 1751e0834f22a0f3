/// What one audit looks at: the app's main bundle and its extensions, read from an Info.plist, an
/// entitlements plist, an `.app` folder or an `.ipa`.
///
/// Load one with ``load(path:entitlementsPath:limits:)``; the loader detects the kind of input.
public struct AuditTarget: Sendable, Hashable {
    /// The kind of input the target was read from.
    public enum Kind: String, Sendable, Hashable, CaseIterable, Encodable {
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
    public var path: String
    /// The kind of input.
    public var kind: Kind
    /// The app's main bundle.
    public var app: BundleContents
    /// The app extensions under `PlugIns/*.appex`, sorted by path.
    public var extensions: [BundleContents]
    /// Archive entries the loader refused to read because their names escape the archive
    /// (absolute paths, `..` components, backslashes): a zip-slip attempt for any tool that extracts.
    public var unsafeEntries: [String]

    /// Creates a target.
    public init(path: String, kind: Kind, app: BundleContents, extensions: [BundleContents] = [], unsafeEntries: [String] = []) {
        self.path = path
        self.kind = kind
        self.app = app
        self.extensions = extensions
        self.unsafeEntries = unsafeEntries
    }

    /// The main bundle followed by every extension.
    public var bundles: [BundleContents] { [app] + extensions }
}
