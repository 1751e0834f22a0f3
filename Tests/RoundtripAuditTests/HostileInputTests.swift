import Foundation
import Testing
@testable import RoundtripAudit

@Suite("Hostile input never crashes")
struct HostileInputTests {
    /// A small deterministic generator (SplitMix64), so failures reproduce.
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    @Test("a valid .ipa with corrupted bytes loads or fails with an AuditError", arguments: 0..<4)
    func corruptedArchives(seed: UInt64) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let builder = try BundleBuilder(
            info: Plist.info(schemes: ["com-example-app"]),
            entitlements: Plist.entitlements(domains: ["applinks:example.com"]),
            extensions: ["Share": Plist.appex(bundleID: "com.example.app.share", point: "com.apple.share-services")])
        let original = try Data(contentsOf: URL(fileURLWithPath: builder.writeIPA(named: "Example", in: folder)))
        var generator = Generator(state: seed)
        for round in 0..<60 {
            var bytes = [UInt8](original)
            for _ in 0..<(1 + Int(generator.next() % 8)) {
                // Half the rounds aim at the central directory at the end, where the sizes live.
                let span = round % 2 == 0 ? bytes.count : min(bytes.count, 400)
                let index = bytes.count - 1 - Int(generator.next() % UInt64(span))
                bytes[index] = UInt8(truncatingIfNeeded: generator.next())
            }
            if round % 5 == 0 { bytes = Array(bytes.prefix(Int(generator.next() % UInt64(bytes.count)))) }
            let path = try folder.write(Data(bytes), to: "mutant-\(round).ipa")
            do {
                let target = try AuditTarget.load(path: path)
                _ = try Auditor().audit(target)
            } catch {
                #expect(!error.message.isEmpty)
            }
        }
    }

    @Test("random bytes as a plist or an archive fail with an AuditError", arguments: 0..<4)
    func randomBytes(seed: UInt64) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var generator = Generator(state: seed &+ 100)
        for round in 0..<25 {
            let count = Int(generator.next() % 600)
            var bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            switch round % 3 {
            case 0: bytes = Array("bplist00".utf8) + bytes
            case 1: bytes = [0x50, 0x4B, 0x03, 0x04] + bytes
            default: bytes = Array("<?xml version=\"1.0\"?><plist><dict><key>".utf8) + bytes
            }
            let path = try folder.write(Data(bytes), to: "random-\(round).\(round % 3 == 1 ? "ipa" : "plist")")
            #expect(throws: AuditError.self) { try AuditTarget.load(path: path) }
        }
    }
}
