/// The custom URL scheme rules (MASTG-TEST-0075) and the queried-schemes limit.
extension AuditRule {
    /// Not RFC 3986 scheme syntax: iOS will not route URLs to it.
    package static let invalidScheme = AuditRule(
        id: "invalid-scheme",
        severity: .error,
        summary: "A URL scheme that is not valid RFC 3986 scheme syntax.",
        fix: "Use letters, digits, '+', '-' and '.', starting with a letter, and no '://'.",
        reference: "https://www.rfc-editor.org/rfc/rfc3986#section-3.1"
    )
    /// A scheme Apple's own apps own.
    package static let reservedScheme = AuditRule(
        id: "reserved-scheme",
        severity: .error,
        summary: "A URL scheme reserved by Apple's apps (http, mailto, tel, itms-services…).",
        fix: "Remove it: iOS never routes Apple's schemes to third-party apps. Use your own reverse-DNS scheme or a universal link.",
        reference: "https://developer.apple.com/library/archive/featuredarticles/iPhoneURLScheme_Reference/Introduction/Introduction.html"
    )
    /// Another company's app scheme.
    package static let foreignAppScheme = AuditRule(
        id: "foreign-app-scheme",
        severity: .error,
        summary: "A URL scheme that another vendor's app registers, which this app would intercept.",
        fix: "Remove it; to open that app, list the scheme in LSApplicationQueriesSchemes instead.",
        reference: customSchemeTest
    )
    /// A third-party SDK's callback scheme.
    package static let vendorSDKScheme = AuditRule(
        id: "vendor-sdk-scheme",
        severity: .warning,
        summary: "A third-party SDK's callback scheme (fb<app-id>, com.googleusercontent.apps.…): any app can register it too.",
        fix:
            "Keep it only while you use that SDK; prefer its universal-link or ASWebAuthenticationSession flow with PKCE so a hijacked redirect yields nothing.",
        reference: customSchemeTest
    )
    /// Short or common-word schemes.
    package static let guessableScheme = AuditRule(
        id: "guessable-scheme",
        severity: .warning,
        summary: "A short or common-word URL scheme that other apps are likely to register too.",
        fix: "Use a long reverse-DNS scheme such as com-example-myapp, and move sensitive actions to universal links.",
        reference: customSchemeTest
    )
    /// Not reverse-DNS.
    package static let schemeNotReverseDNS = AuditRule(
        id: "scheme-not-reverse-dns",
        severity: .note,
        summary: "A URL scheme not in reverse-DNS form (com.example.app or com-example-app).",
        fix: "Name schemes after a domain you own, in reverse-DNS form, to make collisions unlikely.",
        reference: "https://developer.apple.com/documentation/xcode/defining-a-custom-url-scheme-for-your-app"
    )
    /// The same scheme twice.
    package static let duplicateScheme = AuditRule(
        id: "duplicate-scheme",
        severity: .warning,
        summary: "The same URL scheme registered more than once in the app or its extensions.",
        fix: "Register each scheme once, in the main app; which bundle receives a duplicated scheme is undefined.",
        reference: customSchemeTest
    )
    /// `$(…)` left in a scheme.
    package static let unexpandedScheme = AuditRule(
        id: "unexpanded-scheme",
        severity: .note,
        summary: "A URL scheme that still holds a build setting such as $(PRODUCT_BUNDLE_IDENTIFIER).",
        fix: "Audit the built Info.plist (.app or .ipa) to check the scheme Xcode writes.",
        reference: customSchemeTest
    )
    /// More than 50 queried schemes.
    package static let tooManyQueriedSchemes = AuditRule(
        id: "too-many-queried-schemes",
        severity: .warning,
        summary: "More than 50 LSApplicationQueriesSchemes: iOS honours only the first 50, and long lists fingerprint installed apps.",
        fix: "Keep the schemes you really test with canOpenURL(_:), at most 50.",
        reference: "https://developer.apple.com/documentation/uikit/uiapplication/canopenurl(_:)"
    )
    /// http, https or mailto in a default browser or mail app.
    package static let defaultAppScheme = AuditRule(
        id: "default-app-scheme",
        severity: .note,
        summary:
            "http/https in a browser holding com.apple.developer.web-browser, or mailto in a mail app holding com.apple.developer.mail-client: Apple requires a default-app candidate to list them.",
        fix:
            "Nothing to change while the app is a browser or mail client; keep the entitlement and the schemes together (without the entitlement they are reserved-scheme errors).",
        reference: "https://developer.apple.com/documentation/xcode/preparing-your-app-to-be-the-default-web-browser"
    )
    /// A scheme whose URLs carry a secret by design.
    package static let secretBearingScheme = AuditRule(
        id: "secret-bearing-scheme",
        severity: .warning,
        summary:
            "A scheme whose URLs carry a secret by design (otpauth, otpauth-migration, wc) and that any app may register: a hijacker receives the secret.",
        fix:
            "Do not rely on such links reaching only this app: prefer scanning the QR code or pasting inside the app, and tell users to revoke a seed or pairing that was opened from elsewhere.",
        reference: customSchemeTest
    )
}
