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

@Suite("Archives whose entries share bytes or disagree with their local headers")
struct InconsistentArchiveTests {
    static let app = "Payload/X.app"

    /// The Info.plists of an app whose executable is `X` and of `count` extensions whose
    /// executables are `E`, by entry name.
    static func plists(extensions count: Int) throws -> [(name: String, data: Data)] {
        try [(app + "/Info.plist", try Plist.data(Plist.info(extra: ["CFBundleExecutable": "X"])))]
            + (0..<count).map { index in
                var info = Plist.appex(bundleID: "com.example.app.e\(index)", point: "com.apple.share-services")
                info["CFBundleExecutable"] = "E"
                return (app + "/PlugIns/E\(index).appex/Info.plist", try Plist.data(info))
            }
    }

    /// An archive of those plists, stored.
    static func bundle(extensions count: Int) throws -> HandmadeZip {
        var zip = HandmadeZip()
        for plist in try plists(extensions: count) { zip.add(plist.name, stored: plist.data) }
        return zip
    }

    /// The bytes of the plists `bundle(extensions:)` adds: all an audit of it needs to read.
    static func plistBytes(extensions count: Int) throws -> Int {
        try plists(extensions: count).reduce(0) { $0 + $1.data.count }
    }

    @Test("entries chained over one deflate kernel are refused, and none of them is inflated")
    func overlappingEntries() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let count = 16
        let output = Data(count: 1 << 20)
        var zip = try Self.bundle(extensions: count)
        let names = (0..<count).map { "\(Self.app)/PlugIns/E\($0).appex/E" }
        zip.addOverlappingChain(names, kernel: try HandmadeZip.deflate(output), kernelOutput: output)
        let path = try folder.write(zip.archive, to: "Chain.ipa")
        #expect(zip.archive.count < 20_000, "a few KiB that would inflate to \(count) MiB")

        // The chain is a genuine bomb: its first entry, read alone, inflates to every header after
        // it and the kernel's MiB.
        let handle = try #require(FileHandle(forReadingAtPath: path))
        defer { try? handle.close() }
        let first = try #require(try Archive(url: URL(fileURLWithPath: path), accessMode: .read)[names[0]])
        let layout = try ArchiveEntryLayout.read(first, in: handle).get()
        let inflated = try ArchiveEntryReader(handle: handle).stream(first, layout: layout, limit: 8 << 20, shown: names[0]) { _ in true }
        #expect(inflated > 1 << 20)

        let files = try ArchiveFiles(path: path, limits: AuditLimits())
        #expect(files.refusedEntries.map(\.name) == names)
        #expect(files.refusedEntries.allSatisfy { $0.reason.contains("overlap those of the entry 'Payload/X.app/PlugIns/E") })
        let reading = try files.readApp(root: Self.app, display: "", limits: AuditLimits())
        #expect(reading.extensions.count == count)
        // Counted, not timed: the plists and nothing else.
        #expect(files.inflatedBytes == (try Self.plistBytes(extensions: count)))

        let report = try Auditor().audit(try AuditTarget.load(path: path))
        let findings = report.findings.filter { $0.rule == "inconsistent-archive-entry" }
        #expect(findings.count == count)
        #expect(findings.first?.severity == .warning)
        #expect(
            findings.first?.message.hasPrefix(
                "the archive holds the entry 'Payload/X.app/PlugIns/E0.appex/E', which was not read: its bytes ("
            ) == true
        )
    }

    /// A local header that disagrees with the central directory's record of the same entry.
    static let mismatches: [(central: String, centralFlags: UInt16, local: String, localFlags: UInt16, reason: String)] = [
        ("Payload/X.app/Evil.plist", 0, "Payload/X.app/Good.plist", 0, "its local file header names another file, 'Payload/X.app/Good.plist'"),
        ("Payload/X.app/Ünïcode.plist", 1 << 11, "Payload/X.app/Unïcode.plist", 1 << 11, "names another file, 'Payload/X.app/Unïcode.plist'"),
        ("Payload/X.app/Ünïcode.plist", 1 << 11, "Payload/X.app/Ünïcode.plist", 0, "does not mark the name as UTF-8 and the central directory does"),
        ("Payload/X.app/Plain.plist", 0, "Payload/X.app/Plain.plist", 1 << 11, "marks the name as UTF-8 and the central directory does not"),
    ]

    @Test("an entry whose local header names another file, or marks its encoding otherwise, is refused", arguments: mismatches.indices)
    func localHeaderMismatch(_ index: Int) throws {
        let mismatch = Self.mismatches[index]
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var zip = try Self.bundle(extensions: 0)
        let bytes = Data("<plist/>".utf8)
        var central = HandmadeZip.Header.stored(mismatch.central, bytes)
        central.flags = mismatch.centralFlags
        var local = HandmadeZip.Header.stored(mismatch.local, bytes)
        local.flags = mismatch.localFlags
        zip.list(central, at: zip.append(local.local + bytes))
        let files = try ArchiveFiles(path: try folder.write(zip.archive, to: "Mismatch.ipa"), limits: AuditLimits())
        let refused = try #require(files.refusedEntries.first)
        #expect(files.refusedEntries.count == 1)
        #expect(refused.name == mismatch.central)
        #expect(refused.reason.contains(mismatch.reason), "\(refused.reason)")
        #expect(try files.contents(of: mismatch.central, limit: 1 << 20) == nil)
        #expect(try files.contents(of: Self.app + "/Info.plist", limit: 1 << 20) != nil)
    }

    @Test("the executable is searched as it inflates: a blob after 6 MiB is found, each byte inflated once")
    func streamedExecutable() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let plist = try Plist.data(Plist.entitlements(domains: ["applinks:example.com"]))
        var executable = Data(count: 6 << 20)
        executable += EmbeddedEntitlements.blobMagic + withUnsafeBytes(of: UInt32(plist.count + 8).bigEndian) { Data($0) } + plist
        var zip = try Self.bundle(extensions: 0)
        let deflated = try HandmadeZip.deflate(executable)
        let header = HandmadeZip.Header(
            name: Data((Self.app + "/X").utf8),
            method: 8,
            crc32: executable.crc32(checksum: 0),
            compressedSize: UInt32(deflated.count),
            uncompressedSize: UInt32(executable.count)
        )
        zip.add(header, data: deflated)
        let path = try folder.write(zip.archive, to: "Large.ipa")
        let files = try ArchiveFiles(path: path, limits: AuditLimits())
        let reading = try files.readApp(root: Self.app, display: "", limits: AuditLimits())
        #expect(reading.app.entitlementsPath == Self.app + "/X")
        #expect(reading.app.appIdentifier == "ABCDE12345.com.example.app")
        #expect(files.inflatedBytes == executable.count + (try Self.plistBytes(extensions: 0)))
    }
}
