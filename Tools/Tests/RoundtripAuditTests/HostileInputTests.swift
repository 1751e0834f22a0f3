import Foundation
import RoundtripSimulator
import Testing
import ZIPFoundation

@testable import RoundtripAudit

@Suite("Hostile input never crashes")
struct HostileInputTests {

    @Test("a valid .ipa with corrupted bytes loads or fails with an AuditError", arguments: 0..<4)
    func corruptedArchives(seed: UInt64) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let builder = try BundleBuilder(
            info: Plist.info(schemes: ["com-example-app"]),
            entitlements: Plist.entitlements(domains: ["applinks:example.com"]),
            extensions: ["Share": Plist.appex(bundleID: "com.example.app.share", point: "com.apple.share-services")]
        )
        let original = try Data(contentsOf: URL(fileURLWithPath: builder.writeIPA(named: "Example", in: folder)))
        var generator = SeededRandomNumberGenerator(seed: seed)
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
        var generator = SeededRandomNumberGenerator(seed: seed &+ 100)
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

@Suite("Deflate streams that never end")
struct UnendingStreamTests {
    /// A final stored block that promises 65,535 bytes and delivers 3: the stream cannot end.
    @Test("an entry whose deflate stream outlasts its data is corrupt-archive, not a hang")
    func unendingStream() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let stream = Data([0x01, 0xFF, 0xFF, 0x00, 0x00, 0x41, 0x42, 0x43])
        let zip = HandmadeZip.archive(name: "Payload/X.app/Info.plist", deflated: stream, crc32: 0, uncompressedSize: 3)
        let path = try folder.write(zip, to: "Unending.ipa")
        do {
            _ = try AuditTarget.load(path: path)
            Issue.record("loaded")
        } catch {
            #expect(error.code == .corruptArchive, "\(error)")
        }
    }

    @Test("a handmade archive with a valid stream reads")
    func validStream() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let plist = try Plist.data(Plist.info(schemes: ["com-example-app"]))
        // A final stored block: 1, LEN, ~LEN, then the bytes.
        let count = UInt16(plist.count)
        let stream = Data([0x01, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8(~count >> 8)]) + plist
        let zip = HandmadeZip.archive(
            name: "Payload/X.app/Info.plist",
            deflated: stream,
            crc32: plist.crc32(checksum: 0),
            uncompressedSize: UInt32(plist.count)
        )
        let target = try AuditTarget.load(path: try folder.write(zip, to: "Valid.ipa"))
        #expect(target.app.bundleIdentifier == "com.example.app")
    }
}
