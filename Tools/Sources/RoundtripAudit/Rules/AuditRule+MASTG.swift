/// The OWASP MASTG tests behind the deep-link rules, by id, for code-scanning dashboards that
/// group findings by test (SARIF `properties.tags`).
///
/// MASTG v1: MASTG-TEST-0075 "Testing Custom URL Schemes", MASTG-TEST-0070 "Testing Universal
/// Links". MASTG v2 (weakness MASWE-0058 "Insecure Deep Links" and its neighbours, iOS,
/// MASVS-PLATFORM): MASTG-TEST-0370 "Missing Input Validation in Custom URL Scheme Handlers",
/// MASTG-TEST-0371 "Missing Source Validation in Custom URL Scheme Handlers" and MASTG-TEST-0395
/// "Missing Input Validation in Universal Link Handlers". The v2 tests look at the handler's code;
/// these rules find the entry points those tests start from.
extension AuditRule {
    /// The custom-scheme tests: v1 0075, v2 0370 and 0371.
    static let customSchemeTests = ["MASTG-TEST-0075", "MASTG-TEST-0370", "MASTG-TEST-0371"]
    /// The universal-link tests: v1 0070, v2 0395.
    static let universalLinkTests = ["MASTG-TEST-0070", "MASTG-TEST-0395"]

    /// The rules of each family of deep-link tests.
    private static let testsByRule: [String: [String]] = {
        let schemeRules = [
            invalidScheme, reservedScheme, defaultAppScheme, foreignAppScheme, vendorSDKScheme, secretBearingScheme, guessableScheme,
            schemeNotReverseDNS, duplicateScheme, unexpandedScheme, tooManyQueriedSchemes, specSchemeMissing, bundleSchemeUndeclared,
        ]
        let linkRules = [
            malformedAssociatedDomain, wildcardAssociatedDomain, developerModeDomain, specDomainMissing, bundleDomainUndeclared,
            specAppIDMismatch, aasaMissingAppID, browserClaimsAppLinks, mdmManagedDomains,
        ]
        var tests: [String: [String]] = [:]
        for rule in schemeRules { tests[rule.id] = customSchemeTests }
        for rule in linkRules { tests[rule.id] = universalLinkTests }
        // A custom scheme where a universal link fits belongs to both families.
        for rule in [universalLinkFits, customSchemeOnly] { tests[rule.id] = customSchemeTests + universalLinkTests }
        return tests
    }()

    /// The OWASP MASTG test ids (v1 and v2) the rule's findings bear on; empty for rules that
    /// are not about deep links.
    package var mastgTests: [String] { Self.testsByRule[id] ?? [] }
}
