/// What iOS knows about an installed app: its Info.plist and entitlements, as far as URLs go.
public struct AppManifest: Sendable, Hashable {
    /// The display name.
    public var name: String
    /// `CFBundleIdentifier`.
    public var bundleID: String
    /// The 10-character team identifier.
    public var teamID: String
    /// `CFBundleURLTypes` → `CFBundleURLSchemes`.
    public var urlSchemes: [String]
    /// `LSApplicationQueriesSchemes`: the schemes `canOpenURL` may ask about.
    public var queriedSchemes: [String]
    /// `com.apple.developer.associated-domains` `applinks:` hosts (without the prefix).
    public var associatedDomains: [String]

    /// Creates a manifest.
    public init(
        name: String,
        bundleID: String,
        teamID: String,
        urlSchemes: [String] = [],
        queriedSchemes: [String] = [],
        associatedDomains: [String] = []
    ) {
        self.name = name
        self.bundleID = bundleID
        self.teamID = teamID
        self.urlSchemes = urlSchemes
        self.queriedSchemes = queriedSchemes
        self.associatedDomains = associatedDomains
    }

    /// `TEAMID.bundle-id`, the app ID an AASA names.
    public var appID: String { "\(teamID).\(bundleID)" }
}
