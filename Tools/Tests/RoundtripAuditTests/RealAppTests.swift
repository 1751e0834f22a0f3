import Foundation
import RoundtripAudit
import Testing

/// The audit on open-source apps' own Info.plists and entitlements (Tests/Fixtures/audit/apps,
/// whose README names each file's repository, path and licence): what a security reviewer
/// expects it to say.
@Suite("Real apps' plists")
struct RealAppTests {
    static func app(_ name: String) -> String { CLI.fixture("audit/apps/" + name) }

    static func audit(_ info: String, entitlements: String? = nil) throws -> AuditReport {
        try Auditor().audit(AuditTarget.load(path: app(info), entitlementsPath: entitlements.map(app)))
    }

    static func findings(_ report: AuditReport, _ rule: String) -> [Finding] {
        report.findings.filter { $0.rule == rule }
    }

    @Test("Signal's own sgnl scheme is not another vendor's: no error")
    func signalOwnsSgnl() throws {
        let report = try Self.audit("Signal-Info.plist", entitlements: "Signal-AppStore.entitlements")
        #expect(Self.findings(report, "foreign-app-scheme").isEmpty)
        #expect(!report.hasErrors)
        // Short all the same: another app can register it too.
        #expect(Self.findings(report, "guessable-scheme").map(\.message).first?.contains("'sgnl'") == true)
    }

    @Test("sgnl in an app that is not Signal's is an error naming Signal")
    func sgnlElsewhere() throws {
        let report = try AuditHelpers.audit(info: Plist.info(schemes: ["sgnl"]), entitlements: Plist.entitlements())
        let finding = try #require(Self.findings(report, "foreign-app-scheme").first)
        #expect(finding.severity == .error)
        #expect(finding.message.contains("Signal's app scheme and this bundle is not Signal's app"))
    }

    @Test(
        "what tells a vendor's own app",
        arguments: [
            (["CFBundleIdentifier": "org.whispersystems.signal"], [:], true),
            (["CFBundleIdentifier": "org.whispersystems.signal.beta"], [:], true),
            (["CFBundleIdentifier": "org.whispersystems.signalx"], [:], false),
            (["CFBundleIdentifier": "com.example.app"], ["com.apple.security.application-groups": ["group.org.whispersystems.signal.group"]], true),
            (["CFBundleIdentifier": "com.example.app"], ["keychain-access-groups": ["ABCDE12345.org.whispersystems.signal"]], true),
            (["CFBundleIdentifier": "com.example.app"], ["com.apple.developer.associated-domains": ["applinks:signal.group"]], true),
            (["CFBundleIdentifier": "com.example.app"], ["com.apple.developer.associated-domains": ["applinks:notsignal.group"]], false),
            (["CFBundleIdentifier": "$(PRODUCT_BUNDLE_IDENTIFIER)"], [:], false),
        ] as [([String: String], [String: [String]], Bool)]
    )
    func ownership(info: [String: String], entitlements: [String: [String]], owned: Bool) throws {
        var plist = Plist.info(bundleID: info["CFBundleIdentifier"] ?? "", schemes: ["sgnl"])
        plist["CFBundleURLTypes"] = [["CFBundleURLSchemes": ["sgnl"]]]
        let report = try AuditHelpers.audit(info: plist, entitlements: entitlements)
        #expect(Self.findings(report, "foreign-app-scheme").isEmpty == owned, "\(info) \(entitlements)")
    }

    @Test("http and https in Firefox, which holds the web-browser entitlement, are notes")
    func browserSchemes() throws {
        let report = try Self.audit("Firefox-Info.plist", entitlements: "Firefox.entitlements")
        let notes = Self.findings(report, "default-app-scheme")
        #expect(notes.map(\.severity) == [.note, .note])
        #expect(notes.first?.message == "'http' is listed as Apple requires of an app holding com.apple.developer.web-browser")
        #expect(Self.findings(report, "reserved-scheme").isEmpty)
        #expect(!report.hasErrors)
        // Without the entitlement the same plist is an error.
        let bare = try Self.audit("Firefox-Info.plist")
        #expect(Self.findings(bare, "reserved-scheme").count == 2)
        #expect(bare.hasErrors)
    }

    @Test("mailto in a mail app holding the mail-client entitlement is a note; elsewhere an error")
    func mailClient() throws {
        let mail = try AuditHelpers.audit(
            info: Plist.info(schemes: ["mailto"]),
            entitlements: ["com.apple.developer.mail-client": true]
        )
        #expect(AuditHelpers.rules(mail).contains("default-app-scheme"))
        let other = try AuditHelpers.audit(
            info: Plist.info(schemes: ["mailto"]),
            entitlements: ["com.apple.developer.web-browser": true]
        )
        #expect(AuditHelpers.rules(other).contains("reserved-scheme"))
    }

    @Test("Bitwarden's otpauth says what a hijacker receives")
    func otpauth() throws {
        let report = try Self.audit("Bitwarden-Info.plist")
        let finding = try #require(Self.findings(report, "secret-bearing-scheme").first)
        #expect(finding.severity == .warning)
        #expect(finding.message.contains("one-time-password seed"))
        #expect(finding.message.contains("can generate the user's codes"))
        #expect(finding.location.hasSuffix("CFBundleURLTypes[1].CFBundleURLSchemes[0]"))
        // bitwarden is Bitwarden's own scheme in Bitwarden's plist.
        #expect(Self.findings(report, "foreign-app-scheme").isEmpty)
        #expect(!report.hasErrors)
    }

    @Test("secret-bearing schemes, one finding each", arguments: ["otpauth", "OTPAUTH", "otpauth-migration", "wc"])
    func secretSchemes(_ scheme: String) throws {
        let report = try AuditHelpers.audit(info: Plist.info(schemes: [scheme]))
        #expect(AuditHelpers.rules(report).filter { $0.hasSuffix("scheme") || $0.hasSuffix("dns") } == ["secret-bearing-scheme"])
    }

    @Test(
        "Wikipedia's and Home Assistant's wildcard applinks get a note each",
        arguments: [
            ("Wikipedia-Info.plist", "Wikipedia.entitlements", "wikipedia.org"),
            ("HomeAssistant-Info.plist", "HomeAssistant-App-ios.entitlements", "home-assistant.io"),
        ]
    )
    func wildcards(info: String, entitlements: String, apex: String) throws {
        let report = try Self.audit(info, entitlements: entitlements)
        let notes = Self.findings(report, "wildcard-associated-domain")
        #expect(notes.count == 1)
        let note = try #require(notes.first)
        #expect(note.severity == .note)
        #expect(note.message.contains("does not cover \(apex) itself, which is claimed on its own"))
        #expect(note.message.contains("every subdomain of \(apex)"))
        #expect(!report.hasErrors)
    }

    @Test("a wildcard without its apex says links to the apex open in Safari")
    func wildcardWithoutApex() throws {
        let report = try AuditHelpers.audit(info: Plist.info(), entitlements: Plist.entitlements(domains: ["applinks:*.example.com"]))
        let note = try #require(Self.findings(report, "wildcard-associated-domain").first)
        #expect(note.message.contains("links to example.com open in Safari unless applinks:example.com is listed too"))
    }

    @Test("a preprocessed Info.plist names the #ifndef line")
    func preprocessed() throws {
        do {
            _ = try AuditTarget.load(path: Self.app("Preprocessed-Info.plist"))
            Issue.record("a plist with #ifndef lines loaded")
        } catch {
            #expect(error.code == .invalidPropertyList)
            #expect(error.message.contains("line 15 holds the C preprocessor directive '#ifndef NDEBUG'"))
            #expect(error.message.contains("not valid XML"))
            #expect(error.message.contains("INFOPLIST_PREPROCESS"))
        }
    }

    @Test("other XML mistakes give the parser's reason and line")
    func xmlReason() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let text = "<?xml version=\"1.0\"?>\n<plist version=\"1.0\">\n<dict>\n<key>A</key>\n<string>x</strin>\n</dict>\n</plist>\n"
        let path = try folder.write(Data(text.utf8), to: "Info.plist")
        #expect(throws: AuditError.self) { try AuditTarget.load(path: path) }
        do {
            _ = try AuditTarget.load(path: path)
        } catch {
            #expect(error.message.contains("not valid XML"))
            #expect(error.message.contains("line 5"))
        }
    }
}
