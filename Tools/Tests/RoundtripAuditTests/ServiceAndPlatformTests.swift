import Foundation
import RoundtripAudit
import Testing

/// Every associated-domain service checked against the spec and the AASA, and the platform's
/// recent rules (browsers, MDM-managed domains, the scene life cycle).
@Suite("Audit: services, browsers, managed domains, scenes")
struct ServiceAndPlatformTests {
    static func spec(_ services: String) -> String {
        """
        roundtrip: 1
        app: {name: Example, app-id: ABCDE12345.com.example.app, domains: [app.example.com]\(services)}
        signatures: required
        keys: {k1: {algorithm: hmac-sha256, secret-env: EXAMPLE_SECRET}}
        actions:
          logout: {url: "https://app.example.com/logout", convention: ulc}
        """
    }

    static func findings(domains: [String], services: String = "", aasa: String? = nil, extra: [String: Any] = [:]) throws -> [Finding] {
        var entitlements = Plist.entitlements(domains: domains)
        entitlements.merge(extra) { $1 }
        return try AuditHelpers.audit(info: Plist.info(), entitlements: entitlements, spec: Self.spec(services), aasa: aasa).findings
    }

    static let clip = ", app-clip: ABCDE12345.com.example.app.Clip"

    @Test(
        "each service the spec declares needs its entitlement, and each service entitlement its declaration",
        arguments: [
            ([String](), "", [String]()),
            (["webcredentials:app.example.com"], ", webcredentials: true", []),
            (["appclips:app.example.com"], clip, []),
            (["webcredentials:app.example.com", "appclips:app.example.com"], ", webcredentials: true" + clip, []),
            ([], ", webcredentials: true", ["spec-service-missing"]),
            ([], clip, ["spec-service-missing"]),
            (["webcredentials:app.example.com"], "", ["bundle-service-undeclared"]),
            (["appclips:app.example.com"], "", ["bundle-service-undeclared"]),
            (["webcredentials:other.example.com"], ", webcredentials: true", ["spec-service-missing", "bundle-service-undeclared"]),
        ] as [([String], String, [String])]
    )
    func serviceBySevice(services: [String], spec: String, expected: [String]) throws {
        let findings = try Self.findings(domains: ["applinks:app.example.com"] + services, services: spec)
        #expect(findings.map(\.rule) == expected, "\(findings)")
    }

    @Test func serviceFindingsSayWhatAndWhere() throws {
        let missingFindings = try Self.findings(domains: ["applinks:app.example.com"], services: Self.clip)
        let missing = try #require(missingFindings.first)
        #expect(missing.message == "the spec declares app-clip but the entitlements do not claim appclips:app.example.com")
        #expect(missing.location == "spec.yaml:app.app-clip")
        #expect(missing.severity == .error)
        let extraFindings = try Self.findings(domains: ["applinks:app.example.com", "webcredentials:app.example.com"])
        let extra = try #require(extraFindings.first)
        #expect(
            extra.message == "the entitlements claim 'webcredentials:app.example.com', which the spec spec.yaml does not declare (app.webcredentials)"
        )
        #expect(extra.severity == .warning)
    }

    static let links = #""applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/*"}]}]}"#

    @Test(
        "with an AASA, each claimed service's section must name the app",
        arguments: [
            (#"{\#(links), "webcredentials": {"apps": ["ABCDE12345.com.example.app"]}}"#, [String]()),
            (#"{\#(links)}"#, ["aasa-missing-service"]),
            (#"{\#(links), "webcredentials": {"apps": ["ZZZZZ99999.com.example.app"]}}"#, ["aasa-missing-service"]),
        ]
    )
    func aasaServices(aasa: String, expected: [String]) throws {
        let findings = try Self.findings(
            domains: ["applinks:app.example.com", "webcredentials:app.example.com"],
            services: ", webcredentials: true",
            aasa: aasa
        )
        #expect(findings.map(\.rule) == expected)
        #expect(findings.first.map { $0.message.contains("webcredentials.apps does not name 'ABCDE12345.com.example.app'") } ?? true)
    }

    @Test func theAppClipIsLookedUpInAppclips() throws {
        let good = #"{\#(Self.links), "appclips": {"apps": ["ABCDE12345.com.example.app.Clip"]}}"#
        let domains = ["applinks:app.example.com", "appclips:app.example.com"]
        #expect(try Self.findings(domains: domains, services: Self.clip, aasa: good).isEmpty)
        let wrong = #"{\#(Self.links), "appclips": {"apps": ["ABCDE12345.com.example.app"]}}"#
        let wrongFindings = try Self.findings(domains: domains, services: Self.clip, aasa: wrong)
        let finding = try #require(wrongFindings.first)
        #expect(finding.rule == "aasa-missing-service")
        #expect(finding.message == "the entitlements claim appclips: but the AASA's appclips.apps does not name 'ABCDE12345.com.example.app.Clip'")
    }

    @Test("a default-browser app may not claim universal links")
    func browser() throws {
        let browser = ["com.apple.developer.web-browser": true]
        let findings = try Self.findings(domains: ["applinks:app.example.com"], extra: browser)
        let finding = try #require(findings.first)
        #expect(finding.rule == "browser-claims-applinks")
        #expect(finding.severity == .warning)
        #expect(
            finding.message
                == "the app holds com.apple.developer.web-browser and claims 1 applinks domain(s) ('applinks:app.example.com'…); a browser may not claim universal links, and iOS ignores those claims"
        )
        let report = try AuditHelpers.audit(info: Plist.info(), entitlements: Plist.entitlements().merging(browser) { $1 })
        #expect(AuditHelpers.rules(report).isEmpty)
    }

    @Test func mdmManagedDomainsAreNoted() throws {
        let findings = try Self.findings(domains: ["applinks:app.example.com"], extra: ["com.apple.developer.associated-domains.mdm-managed": true])
        let finding = try #require(findings.first)
        #expect(finding.rule == "mdm-managed-domains")
        #expect(finding.severity == .note)
        #expect(finding.location == "Example.app/archived-expanded-entitlements.xcent:com.apple.developer.associated-domains.mdm-managed")
    }

    @Test("TN3187: an app without a scene manifest is noted")
    func sceneManifest() throws {
        let report = try AuditHelpers.audit(info: Plist.info(scenes: false), entitlements: Plist.entitlements())
        let finding = try #require(report.findings.first)
        #expect(report.findings.map(\.rule) == ["no-scene-manifest"])
        #expect(finding.message == "the Info.plist has no UIApplicationSceneManifest; built with the iOS 26 SDK, UIKit requires the scene life cycle")
        #expect(finding.location == "Example.app/Info.plist:UIApplicationSceneManifest")
        // Without an Info.plist there is nothing to say.
        #expect(try AuditHelpers.audit(entitlements: Plist.entitlements()).findings.isEmpty)
    }

    @Test("TN3155: the wildcard note names the apex's file")
    func wildcardNote() throws {
        let report = try AuditHelpers.audit(info: Plist.info(), entitlements: Plist.entitlements(domains: ["applinks:*.example.com"]))
        let note = try #require(report.findings.first { $0.rule == "wildcard-associated-domain" })
        #expect(
            note.message.hasPrefix(
                "'applinks:*.example.com' is a wildcard: iOS verifies it with the file at https://example.com/.well-known/apple-app-site-association (Apple's TN3155)"
            )
        )
    }

    @Test("SARIF rules carry the MASTG deep-link tests, v1 and v2")
    func sarifTags() throws {
        let report = try AuditHelpers.audit(info: Plist.info(), entitlements: Plist.entitlements())
        let object = try JSONSerialization.jsonObject(with: SARIFReport.render([report]))
        let json = try #require(object as? [String: Any])
        let runs = try #require(json["runs"] as? [[String: Any]])
        let driver = try #require((runs.first?["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let rules = try #require(driver["rules"] as? [[String: Any]])
        func tags(_ id: String) -> [String]? {
            (rules.first { $0["id"] as? String == id }?["properties"] as? [String: Any])?["tags"] as? [String]
        }
        #expect(tags("guessable-scheme") == ["security", "MASTG-TEST-0075", "MASTG-TEST-0370", "MASTG-TEST-0371"])
        #expect(tags("wildcard-associated-domain") == ["security", "MASTG-TEST-0070", "MASTG-TEST-0395"])
        #expect(tags("keyboard-extension") == nil)
    }
}
