import Roundtrip
import Testing

@testable import RoundtripAudit

@Suite("Custom URL scheme rules (MASTG-TEST-0075)")
struct SchemeRuleTests {
    /// Each scheme alone in an Info.plist, and the one scheme rule it must trigger (nil: none).
    static let cases: [(scheme: String, rule: String?)] = [
        ("com-example-terminal", nil),
        ("com.example.terminal", nil),
        ("uk.co.example.app", nil),
        ("http", "reserved-scheme"),
        ("HTTPS", "reserved-scheme"),
        ("mailto", "reserved-scheme"),
        ("tel", "reserved-scheme"),
        ("sms", "reserved-scheme"),
        ("facetime", "reserved-scheme"),
        ("maps", "reserved-scheme"),
        ("itms-services", "reserved-scheme"),
        ("itms-apps", "reserved-scheme"),
        ("x-apple-reminderkit", "reserved-scheme"),
        ("fb123456789", "vendor-sdk-scheme"),
        ("fb123456789lite", "vendor-sdk-scheme"),
        ("com.googleusercontent.apps.123-abc", "vendor-sdk-scheme"),
        ("twitterkit-dwLf79lNQfsJ", "vendor-sdk-scheme"),
        ("db-abc123", "vendor-sdk-scheme"),
        ("fb", "foreign-app-scheme"),
        ("whatsapp", "foreign-app-scheme"),
        ("googlechrome", "foreign-app-scheme"),
        ("myapp", "guessable-scheme"),
        ("pay", "guessable-scheme"),
        ("banking", "guessable-scheme"),
        ("wallet", "reserved-scheme"),
        ("todolist", "guessable-scheme"),
        ("terminalpro", "scheme-not-reverse-dns"),
        ("example-terminal", "scheme-not-reverse-dns"),
        ("fbsomething", "scheme-not-reverse-dns"),
        ("my_app", "invalid-scheme"),
        ("https://example.com", "invalid-scheme"),
        ("1password-x", "invalid-scheme"),
        ("$(PRODUCT_BUNDLE_IDENTIFIER)", "unexpanded-scheme"),
    ]

    @Test("one scheme, one rule", arguments: cases)
    func scheme(_ scheme: String, rule: String?) throws {
        let report = try AuditHelpers.audit(info: Plist.info(schemes: [scheme]))
        let schemeRules = Set(AuditRule.all.prefix(10).map(\.id))
        let found = AuditHelpers.rules(report).filter(schemeRules.contains)
        #expect(found == (rule.map { [$0] } ?? []), "scheme \(scheme)")
        if let rule {
            let finding = try #require(report.findings.first { $0.rule == rule })
            #expect(finding.severity == AuditRule.named(rule)?.severity)
            #expect(finding.location == "Example.app/Info.plist:CFBundleURLTypes[0].CFBundleURLSchemes[0]")
            #expect(!finding.fix.isEmpty)
            #expect(finding.message.contains(scheme))
        }
    }

    /// The callback policy's platform schemes that Apple's apps handle on iOS are reserved here
    /// too; the others belong to other vendors' browsers (`foreign-app-scheme`) or are the Mac's
    /// network and Terminal schemes, which an iOS app may register (an SSH client registers `ssh`).
    @Test("the callback policy's Apple schemes are reserved")
    func callbackPolicysAppleSchemesAreReserved() {
        let notApplesOnIOS: Set<String> = [
            "googlechrome", "googlechromes", "firefox", "microsoft-edge-http", "microsoft-edge-https", "opera-http", "opera-https", "brave",
            "smb", "cifs", "afp", "nfs", "vnc", "ssh", "telnet", "x-man-page",
        ]
        #expect(notApplesOnIOS.isSubset(of: CallbackPolicy.platformSchemes))
        for scheme in CallbackPolicy.platformSchemes.subtracting(notApplesOnIOS).sorted() {
            #expect(ReservedSchemes.contains(scheme), "\(scheme) is a callback policy platform scheme but not reserved")
        }
    }

    /// The reserved list starts from the callback policy's iOS system schemes, so a scheme the
    /// policy learns reaches the audit; the list itself is the one the audit has always used.
    @Test("the reserved list is the callback policy's iOS schemes and the audit's own")
    func reservedListDerivesFromTheCallbackPolicy() {
        #expect(CallbackPolicy.iOSSystemSchemes.isSubset(of: ReservedSchemes.exact))
        #expect(ReservedSchemes.iOSOnly.isDisjoint(with: CallbackPolicy.iOSSystemSchemes.subtracting(["ftp"])))
        let expected: Set<String> = [
            "http", "https", "mailto", "tel", "telprompt", "sms", "facetime", "facetime-audio",
            "facetime-group", "maps", "itms", "itmss", "itms-apps", "itms-appss", "itms-services",
            "itms-books", "itms-bookss", "itms-itunesu", "music", "audio-player-event", "videos",
            "ibooks", "prefs", "app-prefs", "app-settings", "shortcuts", "message", "calshow",
            "webcal", "photos-redirect", "file", "data", "javascript", "about", "blob", "ftp",
            "vbscript", "ws", "wss", "applenews", "applenewss", "workflow", "wallet", "shoebox",
            "facetime-prompt", "macappstore", "macappstores", "x-safari-http", "x-safari-https",
        ]
        #expect(ReservedSchemes.exact == expected)
    }

    @Test("a scheme registered twice is reported once, at the second place")
    func duplicate() throws {
        let report = try AuditHelpers.audit(
            info: Plist.info(schemes: ["com-example-app"]),
            extensions: [Plist.info(bundleID: "com.example.app.widget", schemes: ["COM-EXAMPLE-APP"])]
        )
        let duplicates = report.findings.filter { $0.rule == "duplicate-scheme" }
        #expect(duplicates.count == 1)
        #expect(duplicates.first?.location == "Example.app/PlugIns/E0.appex/Info.plist:CFBundleURLTypes[0].CFBundleURLSchemes[0]")
        let distinct = try AuditHelpers.audit(info: Plist.info(schemes: ["com-example-app", "com-example-other"]))
        #expect(!AuditHelpers.rules(distinct).contains("duplicate-scheme"))
    }

    @Test("LSApplicationQueriesSchemes: 50 are fine, 51 are too many")
    func queriedSchemes() throws {
        for (count, expected) in [(50, false), (51, true), (0, false)] {
            let schemes = (0..<count).map { "scheme\($0)" }
            let report = try AuditHelpers.audit(info: Plist.info(extra: ["LSApplicationQueriesSchemes": schemes]))
            #expect(AuditHelpers.rules(report).contains("too-many-queried-schemes") == expected, "\(count) schemes")
            #expect(report.surface.queriedSchemes.count == count)
        }
    }
}
