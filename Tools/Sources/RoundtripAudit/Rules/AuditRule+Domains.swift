/// The associated-domain and universal-link rules (MASTG-TEST-0070).
extension AuditRule {
    /// A `*.` associated domain.
    package static let wildcardAssociatedDomain = AuditRule(
        id: "wildcard-associated-domain",
        severity: .note,
        summary:
            "A wildcard associated domain (applinks:*.example.com): iOS verifies it with the apex's AASA file (Apple's TN3155), it does not cover example.com itself, and links to every subdomain, third-party hosted ones included, open the app.",
        fix:
            "Serve the file at https://example.com/.well-known/apple-app-site-association, list the apex on its own if it serves links, and prefer the exact subdomains you control.",
        reference: "https://developer.apple.com/documentation/xcode/supporting-associated-domains"
    )
    /// Malformed associated-domain entries.
    package static let malformedAssociatedDomain = AuditRule(
        id: "malformed-associated-domain",
        severity: .error,
        summary: "An associated-domains entry iOS will not accept (no service prefix, a scheme, a port, a path, spaces, a misplaced wildcard).",
        fix: "Write service:host, such as applinks:example.com or applinks:*.example.com, optionally with ?mode=developer.",
        reference: associatedDomainsEntitlement
    )
    /// `?mode=developer` shipped.
    package static let developerModeDomain = AuditRule(
        id: "developer-mode-domain",
        severity: .note,
        summary: "An associated domain with ?mode=developer, which bypasses Apple's CDN and only works on developer-mode devices.",
        fix: "Remove the mode for release builds.",
        reference: associatedDomainsEntitlement
    )
    /// A custom scheme where a universal link fits.
    package static let universalLinkFits = AuditRule(
        id: "universal-link-fits",
        severity: .warning,
        summary: "A spec action on a custom scheme with signatures off: any app that registers the scheme receives it.",
        fix: "Serve the action at an https universal link of a domain you own (applinks), or set signatures: required for it.",
        reference: universalLinkTest
    )
    /// Custom schemes and no universal links at all.
    package static let customSchemeOnly = AuditRule(
        id: "custom-scheme-only",
        severity: .note,
        summary: "The app registers custom URL schemes but claims no applinks domain: every entry point can be hijacked.",
        fix: "Add universal links (applinks:your-domain) for anything that carries data or triggers actions.",
        reference: universalLinkTest
    )
}
