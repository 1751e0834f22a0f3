/// A rule of the audit: a stable id, a default severity, a one-line summary, the usual fix and the
/// OWASP MASTG test or Apple page it comes from.
///
/// The ids are a contract: scripts and code-scanning dashboards key on them.
public struct AuditRule: Sendable, Hashable, Identifiable {
    /// The stable kebab-case id.
    public let id: String
    /// The default severity.
    public let severity: Severity
    /// What the rule looks for, in one line.
    public let summary: String
    /// The usual fix.
    public let fix: String
    /// Where the rule comes from (an OWASP MASTG test or an Apple page).
    public let reference: String

    /// Every rule, in report order.
    public static let all: [AuditRule] = [
        .invalidScheme, .reservedScheme, .foreignAppScheme, .vendorSDKScheme, .guessableScheme,
        .schemeNotReverseDNS, .duplicateScheme, .unexpandedScheme, .tooManyQueriedSchemes,
        .malformedAssociatedDomain, .developerModeDomain, .universalLinkFits, .customSchemeOnly,
        .activationTruePredicate, .keyboardExtension, .keyboardOpenAccess, .broadDocumentType,
        .specSchemeMissing, .bundleSchemeUndeclared, .specDomainMissing, .bundleDomainUndeclared,
        .specAppIDMismatch, .aasaMissingAppID, .appIDUnknown, .unsafeArchiveEntry,
    ]

    /// The rule with this id.
    public static func named(_ id: String) -> AuditRule? { all.first { $0.id == id } }

    // The checklist is OWASP MASTG's, cited by test id (no prose copied):
    // MASTG-TEST-0075 Testing Custom URL Schemes  https://mas.owasp.org/MASTG/tests/ios/MASVS-PLATFORM/MASTG-TEST-0075/
    // MASTG-TEST-0070 Testing Universal Links     https://mas.owasp.org/MASTG/tests/ios/MASVS-PLATFORM/MASTG-TEST-0070/
    // MASTG-TEST-0072 Testing App Extensions      https://mas.owasp.org/MASTG/tests/ios/MASVS-PLATFORM/MASTG-TEST-0072/
    // MASTG-TEST-0371 Source validation in custom URL scheme handlers
    //                                             https://mas.owasp.org/MASTG/tests/ios/MASVS-PLATFORM/MASTG-TEST-0371/
    static let customSchemeTest = "https://mas.owasp.org/MASTG/tests/ios/MASVS-PLATFORM/MASTG-TEST-0075/"
    static let universalLinkTest = "https://mas.owasp.org/MASTG/tests/ios/MASVS-PLATFORM/MASTG-TEST-0070/"
    static let extensionTest = "https://mas.owasp.org/MASTG/tests/ios/MASVS-PLATFORM/MASTG-TEST-0072/"
    static let associatedDomainsEntitlement = "https://developer.apple.com/documentation/bundleresources/entitlements/com.apple.developer.associated-domains"

    /// Not RFC 3986 scheme syntax: iOS will not route URLs to it.
    public static let invalidScheme = AuditRule(
        id: "invalid-scheme", severity: .error,
        summary: "A URL scheme that is not valid RFC 3986 scheme syntax.",
        fix: "Use letters, digits, '+', '-' and '.', starting with a letter, and no '://'.",
        reference: "https://www.rfc-editor.org/rfc/rfc3986#section-3.1")
    /// A scheme Apple's own apps own.
    public static let reservedScheme = AuditRule(
        id: "reserved-scheme", severity: .error,
        summary: "A URL scheme reserved by Apple's apps (http, mailto, tel, itms-services…).",
        fix: "Remove it: iOS never routes Apple's schemes to third-party apps. Use your own reverse-DNS scheme or a universal link.",
        reference: "https://developer.apple.com/library/archive/featuredarticles/iPhoneURLScheme_Reference/Introduction/Introduction.html")
    /// Another company's app scheme.
    public static let foreignAppScheme = AuditRule(
        id: "foreign-app-scheme", severity: .error,
        summary: "A URL scheme that another vendor's app registers, which this app would intercept.",
        fix: "Remove it; to open that app, list the scheme in LSApplicationQueriesSchemes instead.",
        reference: customSchemeTest)
    /// A third-party SDK's callback scheme.
    public static let vendorSDKScheme = AuditRule(
        id: "vendor-sdk-scheme", severity: .warning,
        summary: "A third-party SDK's callback scheme (fb<app-id>, com.googleusercontent.apps.…): any app can register it too.",
        fix: "Keep it only while you use that SDK; prefer its universal-link or ASWebAuthenticationSession flow with PKCE so a hijacked redirect yields nothing.",
        reference: customSchemeTest)
    /// Short or common-word schemes.
    public static let guessableScheme = AuditRule(
        id: "guessable-scheme", severity: .warning,
        summary: "A short or common-word URL scheme that other apps are likely to register too.",
        fix: "Use a long reverse-DNS scheme such as com-example-myapp, and move sensitive actions to universal links.",
        reference: customSchemeTest)
    /// Not reverse-DNS.
    public static let schemeNotReverseDNS = AuditRule(
        id: "scheme-not-reverse-dns", severity: .note,
        summary: "A URL scheme not in reverse-DNS form (com.example.app or com-example-app).",
        fix: "Name schemes after a domain you own, in reverse-DNS form, to make collisions unlikely.",
        reference: "https://developer.apple.com/documentation/xcode/defining-a-custom-url-scheme-for-your-app")
    /// The same scheme twice.
    public static let duplicateScheme = AuditRule(
        id: "duplicate-scheme", severity: .warning,
        summary: "The same URL scheme registered more than once in the app or its extensions.",
        fix: "Register each scheme once, in the main app; which bundle receives a duplicated scheme is undefined.",
        reference: customSchemeTest)
    /// `$(…)` left in a scheme.
    public static let unexpandedScheme = AuditRule(
        id: "unexpanded-scheme", severity: .note,
        summary: "A URL scheme that still holds a build setting such as $(PRODUCT_BUNDLE_IDENTIFIER).",
        fix: "Audit the built Info.plist (.app or .ipa) to check the scheme Xcode writes.",
        reference: customSchemeTest)
    /// More than 50 queried schemes.
    public static let tooManyQueriedSchemes = AuditRule(
        id: "too-many-queried-schemes", severity: .warning,
        summary: "More than 50 LSApplicationQueriesSchemes: iOS honours only the first 50, and long lists fingerprint installed apps.",
        fix: "Keep the schemes you really test with canOpenURL(_:), at most 50.",
        reference: "https://developer.apple.com/documentation/uikit/uiapplication/canopenurl(_:)")
    /// Malformed associated-domain entries.
    public static let malformedAssociatedDomain = AuditRule(
        id: "malformed-associated-domain", severity: .error,
        summary: "An associated-domains entry iOS will not accept (no service prefix, a scheme, a port, a path, spaces, a misplaced wildcard).",
        fix: "Write service:host, such as applinks:example.com or applinks:*.example.com, optionally with ?mode=developer.",
        reference: associatedDomainsEntitlement)
    /// `?mode=developer` shipped.
    public static let developerModeDomain = AuditRule(
        id: "developer-mode-domain", severity: .note,
        summary: "An associated domain with ?mode=developer, which bypasses Apple's CDN and only works on developer-mode devices.",
        fix: "Remove the mode for release builds.",
        reference: associatedDomainsEntitlement)
    /// A custom scheme where a universal link fits.
    public static let universalLinkFits = AuditRule(
        id: "universal-link-fits", severity: .warning,
        summary: "A spec action on a custom scheme with signatures off: any app that registers the scheme receives it.",
        fix: "Serve the action at an https universal link of a domain you own (applinks), or set signatures: required for it.",
        reference: universalLinkTest)
    /// Custom schemes and no universal links at all.
    public static let customSchemeOnly = AuditRule(
        id: "custom-scheme-only", severity: .note,
        summary: "The app registers custom URL schemes but claims no applinks domain: every entry point can be hijacked.",
        fix: "Add universal links (applinks:your-domain) for anything that carries data or triggers actions.",
        reference: universalLinkTest)
    /// `TRUEPREDICATE`.
    public static let activationTruePredicate = AuditRule(
        id: "activation-truepredicate", severity: .error,
        summary: "A share or action extension activated by TRUEPREDICATE: it is offered for any data, and App Review rejects it.",
        fix: "Replace it with the NSExtensionActivationSupports… dictionary or a SUBQUERY predicate for the types you handle.",
        reference: extensionTest)
    /// A keyboard extension.
    public static let keyboardExtension = AuditRule(
        id: "keyboard-extension", severity: .note,
        summary: "A custom keyboard extension: it sees what users type in other apps.",
        fix: "Keep keystrokes on the device and out of logs; users' sensitive apps may refuse third-party keyboards.",
        reference: extensionTest)
    /// A keyboard with full access.
    public static let keyboardOpenAccess = AuditRule(
        id: "keyboard-open-access", severity: .warning,
        summary: "A keyboard extension that requests open access (RequestsOpenAccess): it may send what users type over the network.",
        fix: "Drop RequestsOpenAccess unless a feature needs it, and say in the app what full access is used for.",
        reference: extensionTest)
    /// A document type of `public.data` and the like.
    public static let broadDocumentType = AuditRule(
        id: "broad-document-type", severity: .note,
        summary: "A document type so broad (public.data, public.item, *) that every shared file reaches the app.",
        fix: "List the specific content types the app really opens, and validate every file it is handed.",
        reference: "https://developer.apple.com/documentation/bundleresources/information-property-list/cfbundledocumenttypes")
    /// The spec declares a scheme the bundle lacks.
    public static let specSchemeMissing = AuditRule(
        id: "spec-scheme-missing", severity: .error,
        summary: "The spec declares a URL scheme (or routes an action at one) that the bundle does not register.",
        fix: "Register the scheme in CFBundleURLTypes, or remove it from the spec.",
        reference: customSchemeTest)
    /// The bundle registers a scheme the spec does not declare.
    public static let bundleSchemeUndeclared = AuditRule(
        id: "bundle-scheme-undeclared", severity: .warning,
        summary: "The bundle registers a URL scheme the spec does not declare: an entry point nobody reviewed.",
        fix: "Declare the scheme and its actions in the spec, or stop registering it.",
        reference: customSchemeTest)
    /// The spec declares a domain the bundle lacks.
    public static let specDomainMissing = AuditRule(
        id: "spec-domain-missing", severity: .error,
        summary: "The spec declares an associated domain (or a universal-link route) that the entitlements do not claim with applinks:.",
        fix: "Add applinks:<domain> to com.apple.developer.associated-domains, or remove the domain from the spec.",
        reference: universalLinkTest)
    /// The bundle claims a domain the spec does not declare.
    public static let bundleDomainUndeclared = AuditRule(
        id: "bundle-domain-undeclared", severity: .warning,
        summary: "The entitlements claim an applinks domain that the spec does not declare.",
        fix: "Declare the domain in the spec's app.domains, or drop the claim.",
        reference: universalLinkTest)
    /// Spec app ID differs.
    public static let specAppIDMismatch = AuditRule(
        id: "spec-app-id-mismatch", severity: .error,
        summary: "The spec's app-id differs from the bundle's app ID or bundle ID.",
        fix: "Set app.app-id in the spec to TEAMID.bundle-id as signed.",
        reference: universalLinkTest)
    /// AASA does not name the app.
    public static let aasaMissingAppID = AuditRule(
        id: "aasa-missing-app-id", severity: .error,
        summary: "The apple-app-site-association file does not name the bundle's app ID in applinks.details, so iOS opens its links in Safari.",
        fix: "Add the app ID (TEAMID.bundle-id) to the AASA's applinks.details appIDs.",
        reference: universalLinkTest)
    /// The app ID cannot be worked out.
    public static let appIDUnknown = AuditRule(
        id: "app-id-unknown", severity: .note,
        summary: "The app ID cannot be worked out (no team ID in the entitlements, or no bundle ID), so it was not compared.",
        fix: "Audit the signed .app or .ipa, or pass the entitlements with --entitlements.",
        reference: universalLinkTest)
    /// Zip-slip entry names.
    public static let unsafeArchiveEntry = AuditRule(
        id: "unsafe-archive-entry", severity: .warning,
        summary: "An archive entry whose name escapes the archive (absolute, '..', backslash): a zip-slip attack on tools that extract it.",
        fix: "Rebuild the archive from a clean export; never extract this one with a tool that trusts entry names.",
        reference: "https://security.snyk.io/research/zip-slip-vulnerability")
}
