/// One bundle of the audited app, the app itself or one of its extensions: its Info.plist and
/// entitlements as read, and where each came from.
package struct BundleContents: Sendable, Hashable {
    /// Where the bundle is, as shown in findings (`Payload/Foo.app`, `Foo.app/PlugIns/Share.appex`);
    /// empty when only loose plists were given.
    package var path: String
    /// Where the Info.plist came from, when there is one.
    package var infoPath: String?
    /// The Info.plist's entries (empty when none was given).
    package var info: [String: PropertyListValue]
    /// Where the entitlements came from, when there are any.
    package var entitlementsPath: String?
    /// The entitlements' entries (empty when none were found).
    package var entitlements: [String: PropertyListValue]
    /// Whether this bundle is an app extension (`.appex`).
    package var isExtension: Bool

    /// Creates bundle contents.
    package init(
        path: String,
        infoPath: String? = nil,
        info: [String: PropertyListValue] = [:],
        entitlementsPath: String? = nil,
        entitlements: [String: PropertyListValue] = [:],
        isExtension: Bool = false
    ) {
        self.path = path
        self.infoPath = infoPath
        self.info = info
        self.entitlementsPath = entitlementsPath
        self.entitlements = entitlements
        self.isExtension = isExtension
    }

    /// `CFBundleIdentifier`.
    package var bundleIdentifier: String? { info["CFBundleIdentifier"]?.stringValue }

    /// `CFBundleDisplayName`, else `CFBundleName`, else the bundle ID.
    package var displayName: String? {
        info["CFBundleDisplayName"]?.stringValue ?? info["CFBundleName"]?.stringValue ?? bundleIdentifier
    }

    /// The team ID: `com.apple.developer.team-identifier`, else the prefix of `application-identifier`.
    package var teamIdentifier: String? {
        if let team = entitlements["com.apple.developer.team-identifier"]?.stringValue, !team.isEmpty {
            return team
        }
        if let applicationID = entitlements["application-identifier"]?.stringValue,
            let dot = applicationID.firstIndex(of: "."), dot != applicationID.startIndex
        {
            return String(applicationID[..<dot])
        }
        return nil
    }

    /// The app ID as an AASA names it, `TEAMID.bundle-id`: the entitlements' `application-identifier`
    /// when present, else the team ID joined to `CFBundleIdentifier`.
    package var appIdentifier: String? {
        if let applicationID = entitlements["application-identifier"]?.stringValue, applicationID.contains(".") {
            return applicationID
        }
        guard let team = teamIdentifier, let bundle = bundleIdentifier else { return nil }
        return team + "." + bundle
    }

    /// Whether the entitlements tell which associated domains the app claims: they were read from
    /// an entitlements file or the code signature, not only the team from a provisioning profile.
    package var knowsAssociatedDomains: Bool {
        !entitlements.isEmpty && entitlementsPath?.hasSuffix("embedded.mobileprovision") != true
    }

    /// Where a finding about an Info.plist key sits: `file:key.path`.
    func infoLocation(_ keyPath: String) -> String {
        Self.location(infoPath ?? path, keyPath)
    }

    /// Where a finding about an entitlement sits: `file:key.path`.
    func entitlementsLocation(_ keyPath: String) -> String {
        Self.location(entitlementsPath ?? path, keyPath)
    }

    private static func location(_ file: String, _ keyPath: String) -> String {
        keyPath.isEmpty ? file : file + ":" + keyPath
    }
}
