/// The rules comparing the bundle with a spec and an AASA file, and the archive rule.
extension AuditRule {
    /// The spec declares a scheme the bundle lacks.
    package static let specSchemeMissing = AuditRule(
        id: "spec-scheme-missing",
        severity: .error,
        summary: "The spec declares a URL scheme (or routes an action at one) that the bundle does not register.",
        fix: "Register the scheme in CFBundleURLTypes, or remove it from the spec.",
        reference: customSchemeTest
    )
    /// The bundle registers a scheme the spec does not declare.
    package static let bundleSchemeUndeclared = AuditRule(
        id: "bundle-scheme-undeclared",
        severity: .warning,
        summary: "The bundle registers a URL scheme the spec does not declare: an entry point nobody reviewed.",
        fix: "Declare the scheme and its actions in the spec, or stop registering it.",
        reference: customSchemeTest
    )
    /// The spec declares a domain the bundle lacks.
    package static let specDomainMissing = AuditRule(
        id: "spec-domain-missing",
        severity: .error,
        summary: "The spec declares an associated domain (or a universal-link route) that the entitlements do not claim with applinks:.",
        fix: "Add applinks:<domain> to com.apple.developer.associated-domains, or remove the domain from the spec.",
        reference: universalLinkTest
    )
    /// The bundle claims a domain the spec does not declare.
    package static let bundleDomainUndeclared = AuditRule(
        id: "bundle-domain-undeclared",
        severity: .warning,
        summary: "The entitlements claim an applinks domain that the spec does not declare.",
        fix: "Declare the domain in the spec's app.domains, or drop the claim.",
        reference: universalLinkTest
    )
    /// Spec app ID differs.
    package static let specAppIDMismatch = AuditRule(
        id: "spec-app-id-mismatch",
        severity: .error,
        summary: "The spec's app-id differs from the bundle's app ID or bundle ID.",
        fix: "Set app.app-id in the spec to TEAMID.bundle-id as signed.",
        reference: universalLinkTest
    )
    /// AASA does not name the app.
    package static let aasaMissingAppID = AuditRule(
        id: "aasa-missing-app-id",
        severity: .error,
        summary: "The apple-app-site-association file does not name the bundle's app ID in applinks.details, so iOS opens its links in Safari.",
        fix: "Add the app ID (TEAMID.bundle-id) to the AASA's applinks.details appIDs.",
        reference: universalLinkTest
    )
    /// The app ID cannot be worked out.
    package static let appIDUnknown = AuditRule(
        id: "app-id-unknown",
        severity: .note,
        summary: "The app ID cannot be worked out (no team ID in the entitlements, or no bundle ID), so it was not compared.",
        fix: "Audit the signed .app or .ipa, or pass the entitlements with --entitlements.",
        reference: universalLinkTest
    )
    /// Zip-slip entry names.
    package static let unsafeArchiveEntry = AuditRule(
        id: "unsafe-archive-entry",
        severity: .warning,
        summary: "An archive entry whose name escapes the archive (absolute, '..', backslash): a zip-slip attack on tools that extract it.",
        fix: "Rebuild the archive from a clean export; never extract this one with a tool that trusts entry names.",
        reference: "https://security.snyk.io/research/zip-slip-vulnerability"
    )
    /// Entries whose local header disagrees with the central directory, or whose bytes overlap.
    package static let inconsistentArchiveEntry = AuditRule(
        id: "inconsistent-archive-entry",
        severity: .warning,
        summary: "An archive entry whose local file header names another file or marks its name's encoding otherwise than the central "
            + "directory, or whose bytes overlap another entry's: tools that extract the archive disagree on its files, and overlapping "
            + "entries inflate one deflate stream once each (a zip bomb).",
        fix: "Rebuild the archive from a clean export; never extract this one. The entry was not audited.",
        reference: "https://www.bamsoftware.com/hacks/zipbomb/"
    )
}
