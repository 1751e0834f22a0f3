import Foundation
import Testing

@testable import RoundtripAudit

@Suite("Reading inputs: plists, .app folders, .ipa archives")
struct InputTests {
    static var info: [String: Any] {
        Plist.info(
            bundleID: "com.example.app",
            schemes: ["com-example-app", "myapp"],
            extra: [
                "LSApplicationQueriesSchemes": ["fbapi", "whatsapp"],
                "CFBundleDocumentTypes": [["CFBundleTypeName": "Doc", "LSItemContentTypes": ["com.example.doc"], "CFBundleTypeExtensions": ["exd"]]],
            ]
        )
    }
    static var entitlements: [String: Any] {
        Plist.entitlements(domains: ["applinks:example.com", "webcredentials:example.com"])
    }
    static var extensions: [String: [String: Any]] {
        [
            "Share": Plist.appex(
                bundleID: "com.example.app.share",
                point: "com.apple.share-services",
                attributes: ["NSExtensionActivationRule": "TRUEPREDICATE"]
            ),
            "Keyboard": Plist.appex(
                bundleID: "com.example.app.keyboard",
                point: "com.apple.keyboard-service",
                attributes: ["RequestsOpenAccess": true]
            ),
        ]
    }

    @Test("an Info.plist, XML or binary", arguments: [false, true])
    func infoPlist(binary: Bool) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = try folder.write(Plist.data(Self.info, binary: binary), to: "Info.plist")
        let target = try AuditTarget.load(path: path)
        #expect(target.kind == .infoPlist)
        #expect(target.app.bundleIdentifier == "com.example.app")
        let surface = AttackSurface(target: target)
        #expect(surface.schemes.map(\.scheme) == ["com-example-app", "myapp"])
        #expect(surface.queriedSchemes.map(\.scheme) == ["fbapi", "whatsapp"])
        #expect(surface.documentTypes.first?.contentTypes == ["com.example.doc", ".exd"])
        #expect(surface.schemes.first?.location == path + ":CFBundleURLTypes[0].CFBundleURLSchemes[0]")
    }

    @Test("an entitlements plist is told apart by its keys, XML or binary", arguments: [false, true])
    func entitlementsPlist(binary: Bool) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = try folder.write(Plist.data(Self.entitlements, binary: binary), to: "App.entitlements")
        let target = try AuditTarget.load(path: path)
        #expect(target.kind == .entitlements)
        #expect(target.app.teamIdentifier == "ABCDE12345")
        #expect(target.app.appIdentifier == "ABCDE12345.com.example.app")
        #expect(AttackSurface(target: target).domains.map(\.service) == ["applinks", "webcredentials"])
    }

    @Test("--entitlements joins a loose Info.plist")
    func entitlementsOverride() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let info = try folder.write(Plist.data(Self.info), to: "Info.plist")
        let entitlements = try folder.write(Plist.data(Self.entitlements), to: "App.entitlements")
        let target = try AuditTarget.load(path: info, entitlementsPath: entitlements)
        #expect(target.app.appIdentifier == "ABCDE12345.com.example.app")
        #expect(target.app.entitlementsPath == entitlements)
    }

    @Test("an .app folder with extensions under PlugIns", arguments: [false, true])
    func appFolder(binary: Bool) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let builder = try BundleBuilder(info: Self.info, entitlements: Self.entitlements, extensions: Self.extensions, binary: binary)
        let path = try builder.writeApp(named: "Example", in: folder)
        let target = try AuditTarget.load(path: path)
        #expect(target.kind == .appBundle)
        #expect(target.extensions.map(\.bundleIdentifier) == ["com.example.app.keyboard", "com.example.app.share"])
        #expect(target.extensions.allSatisfy { $0.isExtension })
        let report = try Auditor().audit(target)
        #expect(Set(AuditHelpers.rules(report)).isSuperset(of: ["activation-truepredicate", "keyboard-open-access", "guessable-scheme"]))
        #expect(report.surface.extensions.first?.path == path + "/PlugIns/Keyboard.appex")
        #expect(report.surface.app.appID == "ABCDE12345.com.example.app")
    }

    @Test("an .ipa built at run time, with extensions")
    func archive() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let builder = try BundleBuilder(info: Self.info, entitlements: Self.entitlements, extensions: Self.extensions, binary: true)
        let path = try builder.writeIPA(named: "Example", in: folder)
        let target = try AuditTarget.load(path: path)
        #expect(target.kind == .archive)
        #expect(target.app.infoPath == "Payload/Example.app/Info.plist")
        #expect(target.app.entitlementsPath == "Payload/Example.app/archived-expanded-entitlements.xcent")
        #expect(target.extensions.map(\.path) == ["Payload/Example.app/PlugIns/Keyboard.appex", "Payload/Example.app/PlugIns/Share.appex"])
        #expect(target.unsafeEntries.isEmpty)
        let surface = AttackSurface(target: target)
        #expect(surface.schemes.count == 2)
        #expect(surface.domains.count == 2)
        #expect(surface.extensions.map(\.identifier) == ["com.apple.keyboard-service", "com.apple.share-services"])
    }

    @Test("zip-slip entries are refused and reported, never read")
    func zipSlip() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let builder = try BundleBuilder(info: Self.info)
        let evil = Data("owned".utf8)
        let path = try builder.writeIPA(
            named: "Example",
            in: folder,
            extraEntries: ["../../evil.sh": evil, "/etc/evil": evil, "Payload/../../x": evil]
        )
        let target = try AuditTarget.load(path: path)
        #expect(target.unsafeEntries == ["../../evil.sh", "/etc/evil", "Payload/../../x"])
        let report = try Auditor().audit(target)
        #expect(report.findings.filter { $0.rule == "unsafe-archive-entry" }.count == 3)
        #expect(!FileManager.default.fileExists(atPath: folder.url.deletingLastPathComponent().appendingPathComponent("evil.sh").path))
    }

    @Test(
        "entry names are normalized or refused",
        arguments: [
            ("Payload/A.app/Info.plist", "Payload/A.app/Info.plist"),
            ("./Payload//A.app/./Info.plist", "Payload/A.app/Info.plist"),
            ("Payload/A.app/", "Payload/A.app"),
            ("../x", nil), ("a/../../x", nil), ("/abs", nil), ("a\\..\\x", nil), ("C:/x", nil), ("", nil),
        ] as [(String, String?)]
    )
    func entryNames(_ raw: String, expected: String?) {
        #expect(ArchiveFiles.safeName(raw) == expected)
    }

    /// Unreadable inputs: each is an error with a stable code, never a crash.
    @Test(
        "unreadable inputs are errors with a code",
        arguments: [
            ("missing", AuditError.Code.unreadable),
            ("garbage.plist", .invalidPropertyList),
            ("array.plist", .invalidPropertyList),
            ("corrupt.ipa", .corruptArchive),
            ("truncated.ipa", .corruptArchive),
            ("empty.ipa", .missingInfoPlist),
            ("bare.app", .missingInfoPlist),
            ("folder", .unsupportedInput),
        ]
    )
    func unreadable(_ name: String, code: AuditError.Code) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(Data("this is not a plist <dict>".utf8), to: "garbage.plist")
        try folder.write(Plist.dataArray(), to: "array.plist")
        try folder.write(Data("PK\u{3}\u{4} and then nothing that makes sense".utf8), to: "corrupt.ipa")
        let whole = try Data(
            contentsOf: URL(fileURLWithPath: BundleBuilder(info: Self.info).writeIPA(named: "Example", file: "whole.ipa", in: folder))
        )
        try folder.write(whole.prefix(whole.count / 2), to: "truncated.ipa")
        _ = try BundleBuilder(info: Self.info).writeIPA(named: "Example", file: "empty.ipa", in: folder, extraEntries: [:])
        try FileManager.default.createDirectory(atPath: folder.path("bare.app"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder.path("folder/sub"), withIntermediateDirectories: true)
        if name == "empty.ipa" {
            // An archive without Payload/: rebuild it with one unrelated entry.
            try FileManager.default.removeItem(atPath: folder.path("empty.ipa"))
            var other = try BundleBuilder(info: Self.info)
            other.files = [:]
            _ = try other.writeIPA(named: "Example", file: "empty.ipa", in: folder, extraEntries: ["readme.txt": Data("hi".utf8)])
        }
        do {
            _ = try AuditTarget.load(path: folder.path(name))
            Issue.record("\(name) loaded")
        } catch {
            #expect(error.code == code, "\(name): \(error)")
            #expect(!error.message.isEmpty)
            #expect(error.path.hasPrefix(folder.url.path) || error.path.hasPrefix("Payload"))
        }
    }

    @Test("files over the limit are refused", arguments: ["plist", "app", "ipa"])
    func tooLarge(_ kind: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let big = Plist.info(extra: ["Padding": String(repeating: "x", count: 4_000)])
        let builder = try BundleBuilder(info: big)
        let path: String
        switch kind {
        case "plist": path = try folder.write(Plist.data(big), to: "Info.plist")
        case "app": path = try builder.writeApp(named: "Big", in: folder)
        default: path = try builder.writeIPA(named: "Big", in: folder)
        }
        #expect(throws: AuditError.self) { try AuditTarget.load(path: path, limits: AuditLimits(maximumFileBytes: 1_000)) }
        do {
            _ = try AuditTarget.load(path: path, limits: AuditLimits(maximumFileBytes: 1_000))
        } catch {
            #expect(error.code == .tooLarge)
        }
        #expect(try AuditTarget.load(path: path).app.bundleIdentifier == "com.example.app")
    }

    @Test("a folder of .ipa files is listed in name order")
    func archiveFolder() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let builder = try BundleBuilder(info: Self.info)
        for name in ["b", "a", "c"] { _ = try builder.writeIPA(named: "Example", file: "\(name).ipa", in: folder) }
        try folder.write(Data(), to: "notes.txt")
        #expect(ArchiveFolder.isArchiveFolder(folder.url.path))
        let app = try builder.writeApp(named: "X", in: folder)
        #expect(!ArchiveFolder.isArchiveFolder(app))
        let listed = try ArchiveFolder(path: folder.url.path)
        #expect(listed.archives.map { URL(fileURLWithPath: $0).lastPathComponent } == ["a.ipa", "b.ipa", "c.ipa"])
    }

    @Test("property-list values decode with their types")
    func values() throws {
        let data = try Plist.data(
            ["s": "x", "i": 3, "r": 1.5, "b": true, "a": ["y", 1], "d": ["k": false], "z": Data([1, 2]), "t": Date(timeIntervalSince1970: 0)],
            binary: true
        )
        let decoded = try PropertyListValue.decodeDictionary(data, path: "p")
        #expect(decoded["s"] == .string("x"))
        #expect(decoded["i"] == .integer(3))
        #expect(decoded["r"] == .real(1.5))
        #expect(decoded["b"] == .boolean(true))
        #expect(decoded["a"] == .array([.string("y"), .integer(1)]))
        #expect(decoded["d"] == .dictionary(["k": .boolean(false)]))
        #expect(decoded["z"] == .data(byteCount: 2))
        #expect(decoded["t"] == .date(Date(timeIntervalSince1970: 0)))
    }

    @Test("deep nesting is refused, not a crash")
    func deepNesting() throws {
        var value: Any = "leaf"
        for _ in 0..<100 { value = ["k": value] }
        let data = try Plist.data(["root": value])
        #expect(throws: AuditError.self) { try PropertyListValue.decodeDictionary(data, path: "p") }
    }
}
