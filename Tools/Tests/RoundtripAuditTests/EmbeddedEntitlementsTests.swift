import Foundation
import Testing

@testable import RoundtripAudit

@Suite("Entitlements from a code signature or a provisioning profile")
struct EmbeddedEntitlementsTests {
    /// A fake executable: junk, a decoy magic, the entitlements blob, more junk.
    static func executable(_ entitlements: [String: Any]) throws -> Data {
        let plist = try Plist.data(entitlements)
        let length = UInt32(plist.count + 8)
        var data = Data("\u{7F}ELF junk".utf8)
        data += EmbeddedEntitlements.blobMagic + Data([0xFF, 0xFF, 0xFF, 0xFF])
        data += EmbeddedEntitlements.blobMagic + withUnsafeBytes(of: length.bigEndian) { Data($0) } + plist
        data += Data(repeating: 0, count: 64)
        return data
    }

    @Test("the entitlements blob of an executable is found, decoys skipped")
    func executable() throws {
        let data = try Self.executable(Plist.entitlements(domains: ["applinks:example.com"]))
        let plist = try #require(EmbeddedEntitlements.fromExecutable(data))
        let decoded = try PropertyListValue.decodeDictionary(plist, path: "x")
        #expect(decoded["com.apple.developer.associated-domains"] == .array([.string("applinks:example.com")]))
        #expect(EmbeddedEntitlements.fromExecutable(Data("no signature here".utf8)) == nil)
        #expect(EmbeddedEntitlements.fromExecutable(EmbeddedEntitlements.blobMagic + Data([0, 0])) == nil)
    }

    @Test("an .ipa without .xcent reads entitlements from its executable")
    func archiveExecutable() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var builder = try BundleBuilder(info: Plist.info(extra: ["CFBundleExecutable": "Example"]))
        builder.files["Example"] = try Self.executable(Plist.entitlements(domains: ["applinks:example.com"]))
        let target = try AuditTarget.load(path: builder.writeIPA(named: "Example", in: folder))
        #expect(target.app.entitlementsPath == "Payload/Example.app/Example")
        #expect(target.app.appIdentifier == "ABCDE12345.com.example.app")
        #expect(AttackSurface(target: target).domains.map(\.entry) == ["applinks:example.com"])
    }

    @Test("a provisioning profile gives the team, never its wildcard domains")
    func profile() throws {
        let profile: [String: Any] = [
            "TeamIdentifier": ["ABCDE12345"],
            "Entitlements": ["application-identifier": "ABCDE12345.com.example.app", "com.apple.developer.associated-domains": "*"],
        ]
        let data = Data([0x30, 0x82, 0x01]) + (try Plist.data(profile)) + Data([0xA0, 0x00])
        let identity = try #require(EmbeddedEntitlements.identityFromProfile(data))
        #expect(identity["com.apple.developer.team-identifier"] == .string("ABCDE12345"))
        #expect(identity["application-identifier"] == .string("ABCDE12345.com.example.app"))
        #expect(identity["com.apple.developer.associated-domains"] == nil)

        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var builder = try BundleBuilder(info: Plist.info())
        builder.files["embedded.mobileprovision"] = data
        builder.files["Info.plist"] = try Plist.data(Plist.info(schemes: ["com-example-app"]))
        let target = try AuditTarget.load(path: builder.writeApp(named: "Example", in: folder))
        #expect(target.app.appIdentifier == "ABCDE12345.com.example.app")
        #expect(!target.app.knowsAssociatedDomains)
        // The profile says nothing about domains, so neither does the audit.
        #expect(try Auditor().audit(target).findings.isEmpty)
    }
}
