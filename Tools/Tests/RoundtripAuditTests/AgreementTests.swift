import Foundation
import Testing

@testable import RoundtripAudit

@Suite("Spec and AASA agreement, universal links")
struct AgreementTests {
    static let spec = """
        roundtrip: 1
        app:
          name: Example
          app-id: ABCDE12345.com.example.app
          schemes: [com-example-app]
          domains: [app.example.com]
        signatures: SIGNATURES
        actions:
          charge:
            url: com-example-app://charge
            convention: none
          logout:
            url: https://app.example.com/logout
            convention: ulc
        """

    static func spec(signatures: String = "off", appID: String = "ABCDE12345.com.example.app") -> String {
        let keys = signatures == "off" ? "" : "\nkeys:\n  k1: {algorithm: hmac-sha256, secret-env: EXAMPLE_SECRET}"
        return spec.replacingOccurrences(of: "SIGNATURES", with: signatures + keys)
            .replacingOccurrences(of: "ABCDE12345.com.example.app", with: appID)
    }

    static func audit(
        schemes: [String] = ["com-example-app"],
        domains: [String] = ["applinks:app.example.com"],
        team: String? = "ABCDE12345",
        spec: String = AgreementTests.spec(),
        aasa: String? = nil
    ) throws -> [String] {
        AuditHelpers.rules(
            try AuditHelpers.audit(
                info: Plist.info(schemes: schemes),
                entitlements: Plist.entitlements(team: team, domains: domains),
                spec: spec,
                aasa: aasa
            )
        )
    }

    @Test("a bundle that matches its spec has only the universal-link advice")
    func agreeing() throws {
        #expect(try Self.audit() == ["universal-link-fits"])
        #expect(try Self.audit(spec: Self.spec(signatures: "required")) == [])
    }

    @Test(
        "schemes and domains missing on either side",
        arguments: [
            (["com-example-app", "com-example-extra"], ["applinks:app.example.com"], ["bundle-scheme-undeclared"]),
            ([], ["applinks:app.example.com"], ["spec-scheme-missing"]),
            (["com-example-app"], [], ["spec-domain-missing"]),
            (["com-example-app"], ["applinks:app.example.com", "applinks:other.example.com"], ["bundle-domain-undeclared"]),
            (["com-example-app"], ["applinks:*.example.com"], ["wildcard-associated-domain"]),
            (["com-example-app", "fb1234567"], ["applinks:app.example.com"], ["vendor-sdk-scheme"]),
        ]
    )
    func disagreeing(schemes: [String], domains: [String], expected: [String]) throws {
        let rules = try Self.audit(schemes: schemes, domains: domains, spec: Self.spec(signatures: "required"))
        #expect(rules.filter { $0 != "custom-scheme-only" } == expected)
    }

    @Test("the spec's app-id must be the bundle's")
    func appID() throws {
        #expect(try Self.audit(spec: Self.spec(signatures: "required", appID: "ZZZZZ99999.com.example.app")) == ["spec-app-id-mismatch"])
        #expect(try Self.audit(team: nil, spec: Self.spec(signatures: "required", appID: "ZZZZZ99999.com.example.other")) == ["spec-app-id-mismatch"])
        #expect(try Self.audit(team: nil, spec: Self.spec(signatures: "required", appID: "ZZZZZ99999.com.example.app")) == [])
    }

    static let modernAASA = #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/*"}]}]}}"#
    static let singleAASA = #"{"applinks": {"details": [{"appID": "ABCDE12345.com.example.app", "paths": ["*"]}]}}"#
    static let legacyAASA = #"{"applinks": {"apps": [], "details": {"ABCDE12345.com.example.app": {"paths": ["*"]}}}}"#
    static let otherAASA = #"{"applinks": {"details": [{"appIDs": ["FFFFF00000.com.example.app"]}]}}"#
    static let emptyAASA = #"{"applinks": {"details": []}}"#

    @Test(
        "the AASA must name the app ID",
        arguments: [
            (modernAASA, "ABCDE12345", [String]()),
            (singleAASA, "ABCDE12345", []),
            (legacyAASA, "ABCDE12345", []),
            (otherAASA, "ABCDE12345", ["aasa-missing-app-id"]),
            (emptyAASA, "ABCDE12345", ["aasa-missing-app-id"]),
            (modernAASA, nil, ["app-id-unknown"]),
        ] as [(String, String?, [String])]
    )
    func aasa(_ aasa: String, team: String?, expected: [String]) throws {
        let report = try AuditHelpers.audit(info: Plist.info(), entitlements: Plist.entitlements(team: team), aasa: aasa)
        #expect(AuditHelpers.rules(report) == expected)
    }

    @Test("AASA app IDs are read from both forms")
    func aasaForms() throws {
        let modern = try AASAAppIDs(
            data: Data(#"{"applinks": {"details": [{"appIDs": ["A.x", "B.y"]}, {"appID": "C.z"}, {"appIDs": ["A.x"]}]}}"#.utf8),
            path: "f"
        )
        #expect(modern.appIDs == ["A.x", "B.y", "C.z"])
        let legacy = try AASAAppIDs(data: Data(Self.legacyAASA.utf8), path: "f")
        #expect(legacy.appIDs == ["ABCDE12345.com.example.app"])
    }

    @Test("an unusable AASA is an input error", arguments: ["not json", "[]", #"{"webcredentials": {}}"#, #"{"applinks": {"details": 3}}"#])
    func badAASA(_ text: String) {
        #expect(throws: AuditError.self) { try AASAAppIDs(data: Data(text.utf8), path: "f") }
        do {
            _ = try AASAAppIDs(data: Data(text.utf8), path: "f")
        } catch {
            #expect(error.code == .invalidAASA)
            #expect(error.path == "f")
        }
    }

    @Test("custom schemes without any applinks domain")
    func customSchemeOnly() throws {
        let only = try AuditHelpers.audit(info: Plist.info(schemes: ["com-example-app"]), entitlements: Plist.entitlements())
        #expect(AuditHelpers.rules(only) == ["custom-scheme-only"])
        let both = try AuditHelpers.audit(
            info: Plist.info(schemes: ["com-example-app"]),
            entitlements: Plist.entitlements(domains: ["applinks:example.com"])
        )
        #expect(AuditHelpers.rules(both) == [])
        let sdkOnly = try AuditHelpers.audit(info: Plist.info(schemes: ["fb1234567"]), entitlements: Plist.entitlements())
        #expect(AuditHelpers.rules(sdkOnly) == ["vendor-sdk-scheme"])
    }
}
