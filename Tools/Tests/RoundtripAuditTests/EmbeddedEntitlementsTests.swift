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

@Suite("The search of an executable holds one chunk, whatever its size")
struct EntitlementsScannerTests {
    /// Offsets of the blob around the first chunk boundary: the magic, its length or the plist's
    /// start cut by it, and either side.
    static let offsets = [0, 1] + Array((64 << 10) - 16...(64 << 10) + 2) + [(128 << 10) - 7, (200 << 10)]

    @Test("a blob across a chunk boundary is found; no more than a chunk and the plist are held", arguments: offsets)
    func acrossBoundaries(_ offset: Int) throws {
        let plist = try Plist.data(Plist.entitlements(domains: ["applinks:example.com"]))
        let blob = EmbeddedEntitlements.blobMagic + withUnsafeBytes(of: UInt32(plist.count + 8).bigEndian) { Data($0) } + plist
        // Decoys before it: a magic with a length past the end, and one that is not a plist.
        var executable = Data(repeating: 0xFA, count: offset)
        executable += blob + Data(repeating: 0xAB, count: 300 << 10)
        executable.replaceSubrange(
            0..<min(offset, 12),
            with: (EmbeddedEntitlements.blobMagic + Data([0x7F, 0, 0, 0]) + Data(count: 4)).prefix(min(offset, 12))
        )
        var scanner = EmbeddedEntitlements.Scanner(totalBytes: executable.count, maximumPlistBytes: 1 << 20)
        var start = 0
        var chunks = 0
        while start < executable.count, scanner.feed(executable[start..<min(executable.count, start + (64 << 10))]) {
            start += 64 << 10
            chunks += 1
        }
        #expect(scanner.finish() == plist)
        #expect(scanner.peakHeldBytes <= (64 << 10) + EmbeddedEntitlements.Scanner.decisionBytes + plist.count)
        // The search stops at the blob's end: the 300 KiB after it are not read.
        #expect(start < offset + blob.count + (64 << 10))
        #expect(EmbeddedEntitlements.fromExecutable(executable) == plist)
    }

    @Test("decoys are passed over: a length past the end, a blob that is not a plist, a plist over the limit")
    func decoys() throws {
        let plist = Data("<plist>x</plist>".utf8)
        func blob(_ length: Int, _ body: Data) -> Data {
            EmbeddedEntitlements.blobMagic + withUnsafeBytes(of: UInt32(length).bigEndian) { Data($0) } + body
        }
        let tooLong = blob(1 << 30, plist)
        let notPlist = blob(8 + 5, Data("hello".utf8))
        let tooShort = blob(8, Data())
        #expect(EmbeddedEntitlements.fromExecutable(tooLong + notPlist + tooShort + blob(plist.count + 8, plist)) == plist)
        #expect(EmbeddedEntitlements.fromExecutable(blob(plist.count + 8, plist), maximumPlistBytes: plist.count - 1) == nil)
        #expect(EmbeddedEntitlements.fromExecutable(blob(plist.count + 8, plist).dropLast()) == nil)
    }
}
