/// A rule of the audit: a stable id, a default severity, a one-line summary, the usual fix and the
/// OWASP MASTG test or Apple page it comes from.
///
/// The ids are a contract: scripts and code-scanning dashboards key on them.
package struct AuditRule: Sendable, Hashable, Identifiable {
    /// The stable kebab-case id.
    package let id: String
    /// The default severity.
    package let severity: Severity
    /// What the rule looks for, in one line.
    package let summary: String
    /// The usual fix.
    package let fix: String
    /// Where the rule comes from (an OWASP MASTG test or an Apple page).
    package let reference: String

    /// Every rule, in report order.
    package static let all: [AuditRule] = [
        .invalidScheme, .reservedScheme, .defaultAppScheme, .foreignAppScheme, .vendorSDKScheme,
        .secretBearingScheme, .guessableScheme, .schemeNotReverseDNS, .duplicateScheme, .unexpandedScheme,
        .tooManyQueriedSchemes, .malformedAssociatedDomain, .wildcardAssociatedDomain, .developerModeDomain,
        .universalLinkFits, .customSchemeOnly, .browserClaimsAppLinks, .mdmManagedDomains, .noSceneManifest,
        .activationTruePredicate, .keyboardExtension, .keyboardOpenAccess, .broadDocumentType,
        .specSchemeMissing, .bundleSchemeUndeclared, .specDomainMissing, .bundleDomainUndeclared,
        .specAppIDMismatch, .specServiceMissing, .bundleServiceUndeclared, .aasaMissingAppID, .aasaMissingService, .appIDUnknown, .unsafeArchiveEntry,
        .inconsistentArchiveEntry,
        .symlinkEscapesBundle, .symlinkNotFollowed,
        .auditLimitReached,
    ]

    /// The rule with this id.
    package static func named(_ id: String) -> AuditRule? { all.first { $0.id == id } }

    // The checklist is OWASP MASTG's, cited by test id (no prose copied):
    // MASTG-TEST-0075 Testing Custom URL Schemes  https://mas.owasp.org/MASTG/tests/ios/MASVS-PLATFORM/MASTG-TEST-0075/
    // MASTG-TEST-0070 Testing Universal Links     https://mas.owasp.org/MASTG/tests/ios/MASVS-PLATFORM/MASTG-TEST-0070/
    // MASTG-TEST-0072 Testing App Extensions      https://mas.owasp.org/MASTG/tests/ios/MASVS-PLATFORM/MASTG-TEST-0072/
    // MASTG-TEST-0371 Source validation in custom URL scheme handlers
    //                                             https://mas.owasp.org/MASTG/tests/ios/MASVS-PLATFORM/MASTG-TEST-0371/
    static let customSchemeTest = "https://mas.owasp.org/MASTG/tests/ios/MASVS-PLATFORM/MASTG-TEST-0075/"
    static let universalLinkTest = "https://mas.owasp.org/MASTG/tests/ios/MASVS-PLATFORM/MASTG-TEST-0070/"
    static let extensionTest = "https://mas.owasp.org/MASTG/tests/ios/MASVS-PLATFORM/MASTG-TEST-0072/"
    static let associatedDomainsEntitlement =
        "https://developer.apple.com/documentation/bundleresources/entitlements/com.apple.developer.associated-domains"
}
