import Foundation
import Testing
import ZIPFoundation

@testable import RoundtripAudit

@Suite("Bundles: entry names bounded, links never followed, every limit reported")
struct BundleBoundsTests {
    /// An `.ipa` with the app of `builder` plus entries given as (name, symbolic-link target or file bytes).
    static func archive(
        _ builder: BundleBuilder,
        in folder: TemporaryFolder,
        links: [String: String] = [:],
        files: [String: Data] = [:]
    ) throws
        -> String
    {
        let path = try builder.writeIPA(named: "Example", in: folder, extraEntries: files)
        let archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .update)
        for (name, target) in links.sorted(by: { $0.key < $1.key }) {
            let data = Data(target.utf8)
            try archive.addEntry(with: name, type: .symlink, uncompressedSize: Int64(data.count)) { position, size in
                data.subdata(in: Int(position)..<Int(position) + size)
            }
        }
        return path
    }

    static func findings(_ report: AuditReport, _ rule: String) -> [Finding] { report.findings.filter { $0.rule == rule } }

    @Test("an entry name 20,000 folders deep is noted and skipped after reading its length alone")
    func deepEntryName() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let deep = "Payload/Example.app/" + String(repeating: "a/", count: 20_000) + "Info.plist"
        let path = try Self.archive(try BundleBuilder(info: Plist.info(schemes: ["com-example-app"])), in: folder, files: [deep: Data("x".utf8)])
        let files = try ArchiveFiles(path: path, limits: AuditLimits())
        let readable = ["Payload/Example.app/Info.plist", "Payload/Example.app/Example"]
        // Each readable name is stepped over once, byte by byte and component by component.
        #expect(files.steps == readable.reduce(0) { $0 + $1.utf8.count + $1.split(separator: "/").count })
        #expect(files.reachedLimits.map(\.limit) == ["maximumEntryNameBytes"])

        let report = try Auditor().audit(try AuditTarget.load(path: path))
        let note = try #require(Self.findings(report, "audit-limit-reached").first)
        #expect(note.severity == .note)
        #expect(note.message.contains("the archive holds 1 entry whose name is longer than 1024 bytes, left unread (the first: 'Payload/"))
        #expect(note.message.contains("(40030 bytes)"))
        #expect(note.message.count < 300, "the name is shown cut")
        #expect(report.surface.schemes.map(\.scheme) == ["com-example-app"])
    }

    @Test("names are indexed in steps linear in their length; deeper than 64 components is noted")
    func linearNames() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let names = (0..<40).map { index in "Payload/Example.app/Deep\(index)/" + String(repeating: "d/", count: 60) + "file" }
        let tooDeep = "Payload/Example.app/" + String(repeating: "e/", count: 70) + "file"
        var entries = Dictionary(uniqueKeysWithValues: names.map { ($0, Data("x".utf8)) })
        entries[tooDeep] = Data("x".utf8)
        let path = try Self.archive(try BundleBuilder(info: Plist.info()), in: folder, files: entries)
        let files = try ArchiveFiles(path: path, limits: AuditLimits())
        let readable = names + ["Payload/Example.app/Info.plist", "Payload/Example.app/Example"]
        let tooDeepCost = tooDeep.utf8.count  // its length is read, then it is split once and refused
        #expect(files.steps == readable.reduce(0) { $0 + $1.utf8.count + $1.split(separator: "/").count } + tooDeepCost)
        #expect(files.reachedLimits.map(\.limit) == ["maximumEntryNameComponents"])
        #expect(files.reachedLimits.first?.message.contains("the archive holds 1 entry more than 64 folders deep, left unread") == true)
        #expect(files.items(in: "Payload/Example.app/Deep3").map(\.name) == ["d"])
    }

    @Test("a .appex folder that links outside the .app is a finding and is never read")
    func linkedExtensionFolder() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let app = try BundleBuilder(info: Plist.info(schemes: ["com-example-app"])).writeApp(named: "Example", in: folder)
        let outside = try folder.write(
            Plist.data(Plist.appex(bundleID: "com.attacker.outside", point: "com.apple.keyboard-service", attributes: ["RequestsOpenAccess": true])),
            to: "Outside/Evil.appex/Info.plist"
        )
        try FileManager.default.createDirectory(atPath: app + "/PlugIns", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: app + "/PlugIns/Evil.appex",
            withDestinationPath: URL(fileURLWithPath: outside).deletingLastPathComponent().path
        )
        let target = try AuditTarget.load(path: app)
        #expect(target.extensions.isEmpty)
        let report = try Auditor().audit(target)
        let finding = try #require(Self.findings(report, "symlink-escapes-bundle").first)
        #expect(finding.severity == .warning)
        #expect(finding.location == app + "/PlugIns/Evil.appex")
        #expect(finding.message.contains("outside the bundle; it was not followed"))
        #expect(!report.findings.contains { $0.message.contains("com.attacker.outside") })
        #expect(report.surface.extensions.isEmpty)
    }

    @Test("links inside the bundle are notes; an Info.plist that is a link is named in the error")
    func linksInsideBundle() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var builder = try BundleBuilder(
            info: Plist.info(),
            extensions: ["Share": Plist.appex(bundleID: "com.example.app.share", point: "com.apple.share-services")]
        )
        builder.files["Real.plist"] = builder.files["PlugIns/Share.appex/Info.plist"]
        builder.files["PlugIns/Share.appex/Info.plist"] = nil
        let app = try builder.writeApp(named: "Example", in: folder)
        try FileManager.default.createDirectory(atPath: app + "/PlugIns/Share.appex", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: app + "/PlugIns/Share.appex/Info.plist", withDestinationPath: "../../Real.plist")
        let report = try Auditor().audit(try AuditTarget.load(path: app))
        let note = try #require(Self.findings(report, "symlink-not-followed").first)
        #expect(note.location == app + "/PlugIns/Share.appex/Info.plist")
        #expect(note.message.contains("to '../../Real.plist'"))
        #expect(report.surface.extensions.isEmpty)

        try FileManager.default.removeItem(atPath: app + "/Info.plist")
        try FileManager.default.createSymbolicLink(atPath: app + "/Info.plist", withDestinationPath: "Real.plist")
        do {
            _ = try AuditTarget.load(path: app)
            Issue.record("loaded")
        } catch {
            #expect(error.code == .missingInfoPlist)
            #expect(error.message == "the bundle's Info.plist is a symbolic link (to 'Real.plist'), which the audit does not follow")
        }
    }

    @Test("an .ipa whose PlugIns entry is a link: the link is a finding, entries through it are never read")
    func linkedArchiveFolder() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let evil = try Plist.data(Plist.appex(bundleID: "com.attacker.evil", point: "com.apple.share-services"))
        let path = try Self.archive(
            try BundleBuilder(info: Plist.info()),
            in: folder,
            links: ["Payload/Example.app/PlugIns": "/tmp", "Payload/Example.app/Frameworks": "Support/Frameworks"],
            files: ["Payload/Example.app/PlugIns/Evil.appex/Info.plist": evil]
        )
        let target = try AuditTarget.load(path: path)
        #expect(target.extensions.isEmpty)
        #expect(
            target.links == [
                BundleLink(path: "Payload/Example.app/Frameworks", target: "Support/Frameworks", escapesBundle: false),
                BundleLink(path: "Payload/Example.app/PlugIns", target: "/tmp", escapesBundle: true),
            ]
        )
        let report = try Auditor().audit(target)
        #expect(Self.findings(report, "symlink-escapes-bundle").map(\.location) == ["Payload/Example.app/PlugIns"])
        #expect(Self.findings(report, "symlink-not-followed").map(\.location) == ["Payload/Example.app/Frameworks"])
    }

    @Test(
        "a link target leaves the bundle when it is absolute or climbs above the root",
        arguments: [
            ("../Real.plist", "PlugIns", false), ("../../x", "PlugIns", true), ("/etc/passwd", "", true), ("a/../../b", "PlugIns/A.appex", false),
            ("./././..", "", true), ("Frameworks//x", "", false), ("", "PlugIns", true),
        ] as [(String, String, Bool)]
    )
    func escapes(_ target: String, folder: String, escapes: Bool) {
        #expect(BundleLink.escapes(target, from: folder) == escapes)
    }

    /// Links whose targets read as inside the bundle but pass through another link.
    static let chainedLinks: [String: String] = [
        "Resources/Up": "../..",  // not where the audit looks for links, but on the way of the next
        "PlugIns": "Resources/Up/Outside",  // inside as text, outside through Resources/Up
        "Loop": "Loop/x",  // a cycle: itself, on and on
        "Support": "Real",
        "Frameworks": "Support/Frameworks",  // through Support, still inside
    ]

    static func checkChainedLinks(_ links: [BundleLink], prefix: String) {
        let byPath = Dictionary(uniqueKeysWithValues: links.map { ($0.path, $0) })
        #expect(byPath[prefix + "PlugIns"]?.escapesBundle == true)
        #expect(byPath[prefix + "PlugIns"]?.reason == "through the link 'Resources/Up' (to '../..')")
        #expect(byPath[prefix + "Loop"]?.escapesBundle == true)
        #expect(byPath[prefix + "Loop"]?.reason == "past 32 links followed in a row (a cycle)")
        #expect(byPath[prefix + "Frameworks"]?.escapesBundle == false)
        #expect(byPath[prefix + "Support"]?.escapesBundle == false)
    }

    @Test("an .app link that passes through another link out of the bundle is a finding; a cycle too")
    func chainedLinksInFolder() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let app = try BundleBuilder(info: Plist.info()).writeApp(named: "Example", in: folder)
        try FileManager.default.createDirectory(atPath: app + "/Resources", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: app + "/Real/Frameworks", withIntermediateDirectories: true)
        for (path, target) in Self.chainedLinks {
            try FileManager.default.createSymbolicLink(atPath: app + "/" + path, withDestinationPath: target)
        }
        let target = try AuditTarget.load(path: app)
        Self.checkChainedLinks(target.links, prefix: app + "/")
        let report = try Auditor().audit(target)
        let finding = try #require(Self.findings(report, "symlink-escapes-bundle").first { $0.location == app + "/PlugIns" })
        #expect(
            finding.message
                == "the bundle holds the symbolic link '\(app)/PlugIns' to 'Resources/Up/Outside', outside the bundle through the link "
                + "'Resources/Up' (to '../..'); it was not followed"
        )
    }

    @Test("an .ipa link that passes through another link out of the bundle is a finding; a cycle too")
    func chainedLinksInArchive() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var links: [String: String] = [:]
        for (path, target) in Self.chainedLinks { links["Payload/Example.app/" + path] = target }
        let path = try Self.archive(
            try BundleBuilder(info: Plist.info()),
            in: folder,
            links: links,
            files: ["Payload/Example.app/Real/Frameworks/A": Data("a".utf8)]
        )
        let target = try AuditTarget.load(path: path)
        Self.checkChainedLinks(target.links, prefix: "Payload/Example.app/")
        #expect(
            Self.findings(try Auditor().audit(target), "symlink-escapes-bundle").map(\.location).sorted() == [
                "Payload/Example.app/Loop", "Payload/Example.app/PlugIns",
            ]
        )
    }

    @Test("past 256 extensions the rest are named in a note, in text, JSON and SARIF")
    func extensionLimit() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var extensions: [String: [String: Any]] = [:]
        for index in 0..<300 {
            extensions[String(format: "E%03d", index)] = Plist.appex(bundleID: "com.example.app.e\(index)", point: "com.apple.share-services")
        }
        let app = try BundleBuilder(info: Plist.info(), extensions: extensions).writeApp(named: "Example", in: folder)
        let target = try AuditTarget.load(path: app)
        #expect(target.extensions.count == 256)
        #expect(target.extensions.last?.path == app + "/PlugIns/E255.appex")
        let report = try Auditor().audit(target)
        let note = try #require(Self.findings(report, "audit-limit-reached").first)
        let expected =
            "the app has 300 extensions under PlugIns; the audit read the first 256 in name order and skipped 44, "
            + "from 'E256.appex' on (limit: maximumExtensions)"
        #expect(note.message == expected)
        #expect(note.location == app + "/PlugIns")

        #expect(TextReport.render(report).contains("note: \(expected) [audit-limit-reached]"))
        let json = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(report)) as? [String: Any])
        let findings = try #require(json["findings"] as? [[String: Any]])
        #expect(findings.contains { $0["rule"] as? String == "audit-limit-reached" && $0["message"] as? String == expected })
        let sarif = try #require(try JSONSerialization.jsonObject(with: SARIFReport.render([report])) as? [String: Any])
        let results = try #require((sarif["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        let result = try #require(results.first { $0["ruleId"] as? String == "audit-limit-reached" })
        #expect(result["level"] as? String == "note")
        #expect((result["message"] as? [String: Any])?["text"] as? String == expected + ". Fix: " + AuditRule.auditLimitReached.fix)
    }
}
