/// The platform's recent rules: a default-browser app may not claim universal links, and the
/// system ignores its claims (Apple's "Preparing your app to be the default web browser"), MDM-managed associated domains, and the
/// scene life cycle UIKit requires of apps built with the iOS 26 SDK (Apple's TN3187).
struct PlatformCheck: AuditCheck {
    static let webBrowserKey = "com.apple.developer.web-browser"
    static let mdmManagedKey = "com.apple.developer.associated-domains.mdm-managed"
    static let sceneManifestKey = "UIApplicationSceneManifest"

    func findings(in context: AuditContext) -> [Finding] {
        var findings: [Finding] = []
        let app = context.target.app
        if app.entitlements[Self.webBrowserKey]?.boolValue == true,
            let claim = context.surface.domains.first(where: { $0.isAppLink && $0.bundleID == app.bundleIdentifier })
        {
            let count = context.surface.domains.filter { $0.isAppLink && $0.bundleID == app.bundleIdentifier }.count
            findings.append(
                Finding(
                    .browserClaimsAppLinks,
                    "the app holds \(Self.webBrowserKey) and claims \(count) applinks domain(s) ('\(claim.entry)'…); a browser may not claim universal links, and iOS ignores those claims",
                    at: claim.location
                )
            )
        }
        for bundle in context.target.bundles where bundle.entitlements[Self.mdmManagedKey]?.boolValue == true {
            findings.append(
                Finding(
                    .mdmManagedDomains,
                    "\(bundle.bundleIdentifier ?? "the bundle") sets \(Self.mdmManagedKey): a management profile may add associated domains this audit cannot see",
                    at: bundle.entitlementsLocation(Self.mdmManagedKey)
                )
            )
        }
        if !app.info.isEmpty, app.info[Self.sceneManifestKey] == nil {
            findings.append(
                Finding(
                    .noSceneManifest,
                    "the Info.plist has no \(Self.sceneManifestKey); built with the iOS 26 SDK, UIKit requires the scene life cycle",
                    at: app.infoLocation(Self.sceneManifestKey)
                )
            )
        }
        return findings
    }
}
