/// The rules on associated-domain services besides universal links, and on the platform's recent
/// requirements (browsers, managed domains, the scene life cycle).
extension AuditRule {
    /// The spec declares a service the entitlements lack.
    package static let specServiceMissing = AuditRule(
        id: "spec-service-missing",
        severity: .error,
        summary:
            "The spec declares webcredentials or an app-clip, but the entitlements do not claim webcredentials:<domain> or appclips:<domain> for its domains.",
        fix: "Add webcredentials:<domain> (or appclips:<domain>) to com.apple.developer.associated-domains, or remove the key from the spec.",
        reference: associatedDomainsEntitlement
    )
    /// The bundle claims a service the spec does not declare.
    package static let bundleServiceUndeclared = AuditRule(
        id: "bundle-service-undeclared",
        severity: .warning,
        summary: "The entitlements claim webcredentials:<domain> or appclips:<domain> where the spec does not declare that service on that domain.",
        fix:
            "Declare the service in the spec (app.webcredentials: true, app.app-clip: TEAMID.bundle.id.Clip) with the domain in app.domains, or drop the claim.",
        reference: associatedDomainsEntitlement
    )
    /// The AASA does not offer a claimed service to the app.
    package static let aasaMissingService = AuditRule(
        id: "aasa-missing-service",
        severity: .error,
        summary:
            "The entitlements claim webcredentials: or appclips:, but the apple-app-site-association file's section does not name the bundle's app ID.",
        fix: "Add the app ID to the AASA's webcredentials.apps (or the App Clip's to appclips.apps).",
        reference: associatedDomainsEntitlement
    )
    /// A default-browser app claiming universal links.
    package static let browserClaimsAppLinks = AuditRule(
        id: "browser-claims-applinks",
        severity: .warning,
        summary:
            "An app holding com.apple.developer.web-browser that also claims applinks: domains: a browser may not claim universal links, and iOS ignores those claims.",
        fix: "Drop the applinks: entries from the browser app, or ship universal links in a separate app without the web-browser entitlement.",
        reference: "https://developer.apple.com/documentation/xcode/preparing-your-app-to-be-the-default-browser"
    )
    /// Domains managed by MDM.
    package static let mdmManagedDomains = AuditRule(
        id: "mdm-managed-domains",
        severity: .note,
        summary:
            "com.apple.developer.associated-domains.mdm-managed is set: a device-management profile can add associated domains the bundle does not list, so this audit does not see them all.",
        fix: "Audit the domains of the managed configuration too, and keep the entitlement out of builds that are not distributed through MDM.",
        reference: "https://developer.apple.com/documentation/bundleresources/entitlements/com.apple.developer.associated-domains.mdm-managed"
    )
    /// No scene manifest.
    package static let noSceneManifest = AuditRule(
        id: "no-scene-manifest",
        severity: .note,
        summary:
            "The app has no UIApplicationSceneManifest: UIKit requires the scene life cycle for apps built with the iOS 26 SDK (Apple's TN3187), and URLs then arrive through the scene delegate.",
        fix:
            "Adopt UIScene (UIApplicationSceneManifest, scene(_:openURLContexts:) and scene(_:continue:)) and move URL handling out of the app delegate.",
        reference: "https://developer.apple.com/documentation/technotes/tn3187-migrating-to-the-uikit-scene-based-life-cycle"
    )
}
