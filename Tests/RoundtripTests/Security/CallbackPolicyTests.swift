import Testing

@testable import Roundtrip

/// The callback policy's rejects for schemes that reopen a web page, Apple's `x-apple` schemes
/// in every form, and https hosts a URL parser cannot name; each with its exact message.
@Suite("Callback policy: browser and x-apple schemes, https hosts")
struct CallbackPolicyTests {
    static let policy = CallbackPolicy(allowList: nil, ownSchemes: ["notes"])

    /// The message for a reject, or `nil` when the URL is allowed.
    static func message(_ url: String, policy: CallbackPolicy = policy, requireHTTPS: Bool = false) -> String? {
        do {
            try policy.check(url, parameter: "x-success", requireHTTPS: requireHTTPS)
            return nil
        } catch {
            #expect(error.code == .forbiddenCallback)
            #expect(error.parameter == "x-success")
            return error.message
        }
    }

    static let browserSchemes = [
        "x-safari-http", "x-safari-https", "googlechrome", "googlechromes", "firefox",
        "microsoft-edge-http", "microsoft-edge-https", "opera-http", "opera-https", "brave",
    ]

    @Test("Every browser scheme, in any case, is refused: it reopens a web page", arguments: browserSchemes)
    func browserSchemesAreRefused(scheme: String) {
        for written in [scheme, scheme.uppercased(), mixedCase(scheme)] {
            #expect(
                Self.message("\(written)://evil.example/phish?a=1")
                    == "the callback 'x-success' uses the forbidden scheme '\(scheme):', which reopens a web page in a browser (getting round the ban on 'http:')"
            )
            #expect(Self.message("\(written):evil.example") != nil)
        }
        #expect(CallbackPolicy.forbiddenSchemes.contains(scheme))
        #expect(CallbackPolicy.isForbidden(scheme: scheme.uppercased()))
    }

    @Test(
        "Any scheme beginning x-apple is refused, not only x-apple-",
        arguments: [
            ("x-apple.systempreferences:com.apple.preference.security", "x-apple.systempreferences", true),
            ("X-Apple.SystemPreferences:", "x-apple.systempreferences", true),
            ("x-apple+x://a", "x-apple+x", true),
            ("x-applenews://a", "x-applenews", true),
            ("x-apple://a", "x-apple", true),
            ("x-apple-health://", "x-apple-health", false),
            ("X-APPLE-REMINDERKIT://", "x-apple-reminderkit", false),
        ]
    )
    func appleSchemesAreRefused(url: String, scheme: String, isNewForm: Bool) {
        let reason = isNewForm ? ", which is one of Apple's system schemes (any scheme beginning 'x-apple')" : ""
        #expect(Self.message(url) == "the callback 'x-success' uses the forbidden scheme '\(scheme):'\(reason)")
        #expect(CallbackPolicy.isForbidden(scheme: scheme))
    }

    @Test(
        "The schemes added to the list, with why",
        arguments: [
            ("facetime-prompt://1", "facetime-prompt", ", which places a call"),
            ("ITMS-APPS://itunes.apple.com/app/id1", "itms-apps", ", which opens the App Store"),
            ("itms-appss://apps.apple.com/app/id1", "itms-appss", ", which opens the App Store"),
            ("itms://x", "itms", ", which opens the App Store"),
            ("macappstore://apps.apple.com/app/id1", "macappstore", ", which opens the App Store"),
            ("x-man-page://ls", "x-man-page", ", which on macOS opens Terminal"),
            ("Workflow://run-workflow?name=x", "workflow", ", which runs a shortcut"),
            // Forbidden from the start: the message is unchanged, in any case.
            ("JavaScript:alert(1)", "javascript", ""),
            ("HTTP://evil.example/", "http", ""),
            ("Shortcuts://run-shortcut?name=x", "shortcuts", ""),
            ("App-Prefs:root=General", "app-prefs", ""),
        ]
    )
    func listedSchemesAreRefused(url: String, scheme: String, reason: String) {
        #expect(Self.message(url) == "the callback 'x-success' uses the forbidden scheme '\(scheme):'\(reason)")
    }

    @Test(
        "Ordinary schemes and look-alikes of forbidden ones stay allowed",
        arguments: [
            "pos-app://charge-result", "braveapp://x", "x-safari://x", "firefoxx://x", "x-appl://x", "xapple://x",
            "https://a.example/", "HTTPS://A.EXAMPLE/x", "itmsx://x", "opera://x",
        ]
    )
    func lookAlikesAreAllowed(url: String) {
        #expect(Self.message(url) == nil)
    }

    @Test("The app's own schemes still loop, in any case")
    func ownSchemes() {
        #expect(Self.message("NoTeS://x") == "the callback 'x-success' uses this app's own scheme 'notes:', which would loop back into it")
    }

    @Test(
        "An https host a URL parser cannot name is refused",
        arguments: [
            ("https://%FF/", "is https with the host '%FF', which is not valid UTF-8 once percent-decoded, so a URL parser finds no host"),
            (
                "https://a%C0%80.example/",
                "is https with the host 'a%C0%80.example', which is not valid UTF-8 once percent-decoded, so a URL parser finds no host"
            ),
            (
                "https://%ED%A0%80/",
                "is https with the host '%ED%A0%80', which is not valid UTF-8 once percent-decoded, so a URL parser finds no host"
            ),
            ("HTTPS://a.%E2%82/x", "is https with the host 'a.%E2%82', which is not valid UTF-8 once percent-decoded, so a URL parser finds no host"),
            ("https://[]/", "is https with the empty IP literal '[]' as its host, so a URL parser finds no host"),
            ("https://[]:443/x", "is https with the empty IP literal '[]' as its host, so a URL parser finds no host"),
            ("https://xn--/", "is https with the host label 'xn--', which is not valid punycode (RFC 3492): it decodes to nothing"),
            ("https://a.xn--/", "is https with the host label 'xn--', which is not valid punycode (RFC 3492): it decodes to nothing"),
            ("https://xn--zz-/", "is https with the host label 'xn--zz-', which is not valid punycode (RFC 3492): it decodes to ASCII only"),
            (
                "https://XN--abc-.example/",
                "is https with the host label 'XN--abc-', which is not valid punycode (RFC 3492): it decodes to ASCII only"
            ),
            (
                "https://xn--9/",
                "is https with the host label 'xn--9', which is not valid punycode (RFC 3492): it ends in the middle of an encoded number"
            ),
            (
                "https://xn--a.example/",
                "is https with the host label 'xn--a', which is not valid punycode (RFC 3492): it decodes to the control character U+0080"
            ),
            (
                "https://xn--ib9b/",
                "is https with the host label 'xn--ib9b', which is not valid punycode (RFC 3492): it decodes to a value that is not a Unicode scalar"
            ),
            (
                "https://xn--bcher-kva_.example/",
                "is https with the host label 'xn--bcher-kva_', which is not valid punycode (RFC 3492): it has '_', which is not a punycode digit"
            ),
            (
                "https://xn---abc/",
                "is https with the host label 'xn---abc', which is not valid punycode (RFC 3492): it has '-', which is not a punycode digit"
            ),
            (
                "https://xn--99999999999999/",
                "is https with the host label 'xn--99999999999999', which is not valid punycode (RFC 3492): an encoded number overflows"
            ),
            (
                "https://xn--55555/",
                "is https with the host label 'xn--55555', which is not valid punycode (RFC 3492): it ends in the middle of an encoded number"
            ),
            (
                "https://xn%2D%2Dzz-.example/",
                "is https with the host label 'xn--zz-', which is not valid punycode (RFC 3492): it decodes to ASCII only"
            ),
        ]
    )
    func unnamableHostsAreRefused(url: String, why: String) {
        #expect(Self.message(url) == "the callback 'x-success' \(why)")
        // Also for universal-link callbacks and with an allow-list: no parser names the host.
        #expect(Self.message(url, requireHTTPS: true) == "the callback 'x-success' \(why)")
    }

    @Test(
        "Named https hosts are allowed: valid punycode, UTF-8 escapes, IP literals",
        arguments: [
            "https://xn--bcher-kva.example/", "https://XN--BCHER-KVA.example/", "https://xn--9ca.example/",
            "https://xn--d1acpjx3f.xn--p1ai/", "https://xn--ls8h.la/", "https://b%C3%BCcher.example/",
            "https://[::1]:8443/x", "https://127.0.0.1/", "https://xn.example/", "https://axn--zz-.example/",
        ]
    )
    func namedHostsAreAllowed(url: String) {
        #expect(Self.message(url) == nil)
        #expect(Self.message(url, requireHTTPS: true) == nil)
    }

    @Test("Host checks apply to https only: a custom scheme's host is the app's business")
    func customSchemeHostsAreNotChecked() {
        #expect(Self.message("pos-app://xn--zz-/") == nil)
        #expect(Self.message("pos-app://[]/") == nil)
    }

    @Test("With an allow-list, an unnamable https host is refused before the list is consulted")
    func allowListStillChecksHost() throws {
        let policy = CallbackPolicy(allowList: [try CallbackBase("https://xn--zz-/cb")], ownSchemes: ["notes"])
        #expect(
            Self.message("https://xn--zz-/cb", policy: policy)
                == "the callback 'x-success' is https with the host label 'xn--zz-', which is not valid punycode (RFC 3492): it decodes to ASCII only"
        )
        // The allow-list decides schemes: a listed browser scheme is the spec's explicit choice.
        let listed = CallbackPolicy(allowList: [try CallbackBase("firefox://open-url")], ownSchemes: [])
        #expect(Self.message("firefox://open-url?url=x", policy: listed) == nil)
    }

    @Test(
        "Punycode validation matches RFC 3492's sample strings",
        arguments: [
            ("egbpdaj6bu4bxfgehfvwxn", true),  // (A) Arabic (Egyptian)
            ("ihqwcrb4cv8a8dqg056pqjye", true),  // (B) Chinese (simplified)
            ("Proprostnemluvesky-uyb24dma41a", true),  // (E) Czech
            ("PorqunopuedensimplementehablarenEspaol-fmd56a", true),  // (L) Spanish
            ("-> $1.00 <--", false),  // (S) all ASCII, not an A-label body
            ("", false),
            ("a-", false),
        ]
    )
    func punycodeSamples(body: String, valid: Bool) {
        var body = body
        let failure = body.withUTF8 { Punycode.validate($0) }
        #expect((failure == nil) == valid, "\(String(describing: failure))")
    }

    private func mixedCase(_ text: String) -> String {
        String(text.enumerated().map { $0.offset.isMultiple(of: 2) ? Character($0.element.uppercased()) : $0.element })
    }
}
