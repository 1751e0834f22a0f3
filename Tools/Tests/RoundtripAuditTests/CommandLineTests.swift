import Foundation
import Testing

@Suite("roundtrip audit, end to end", .enabled(if: CLI.isBuilt, "build the roundtrip binary first (swift build); .build/debug/roundtrip is missing"))
struct CommandLineTests {
    static let info = CLI.fixture("audit/Terminal-Info.plist")
    static let entitlements = CLI.fixture("audit/Terminal.entitlements")
    static let spec = CLI.fixture("specs/terminal.yaml")

    static let exitCases: [([String], Int32)] = [
        (["audit", info], 0),
        (["audit", CLI.fixture("audit/Share-Info.plist")], 1),
        (["audit", "/nonexistent/Info.plist"], 2),
        (["audit", info, "--format", "yaml"], 2),
        (["audit", info, "--aasa", "/nonexistent/aasa.json"], 2),
        (["audit", info, "--spec", "/nonexistent/spec.yaml"], 2),
        (["audit", info, "--entitlements", entitlements, "--aasa", CLI.fixture("audit/aasa-modern.json")], 0),
        (["audit", info, "--entitlements", entitlements, "--aasa", CLI.fixture("audit/aasa-legacy.json")], 1),
        (["audit", info, "--entitlements", entitlements, "--spec", spec], 0),
    ]

    @Test("exit 0 without error findings, 1 with, 2 for unreadable input", arguments: exitCases)
    func exitCodes(_ arguments: [String], status: Int32) throws {
        let result = try CLI.run(arguments)
        #expect(result.status == status, "\(arguments): \(result.stderr)")
        if status == 2 {
            #expect(result.stderr.lowercased().contains("error:"))
        }
    }

    @Test("--format json prints one object with surface and findings")
    func json() throws {
        let result = try CLI.run(["audit", Self.info, "--entitlements", Self.entitlements, "--spec", Self.spec, "--format", "json"])
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let surface = try #require(object["surface"] as? [String: Any])
        #expect((surface["schemes"] as? [[String: Any]])?.count == 2)
        #expect((surface["domains"] as? [[String: Any]])?.count == 2)
        #expect(surface["extensions"] is [Any])
        let findings = try #require(object["findings"] as? [[String: Any]])
        #expect(findings.contains { $0["rule"] as? String == "universal-link-fits" })
    }

    @Test("--format sarif prints SARIF 2.1.0")
    func sarif() throws {
        let result = try CLI.run(["audit", CLI.fixture("audit/Share-Info.plist"), "--format", "sarif"])
        #expect(result.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["version"] as? String == "2.1.0")
        let results = try #require((object["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        #expect(results.first?["ruleId"] as? String == "activation-truepredicate")
    }

    @Test("a corrupt .ipa is exit 2 with a clear message")
    func corruptArchive() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = try folder.write(Data("PK\u{3}\u{4}garbage".utf8), to: "Broken.ipa")
        let result = try CLI.run(["audit", path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("corrupt-archive"))
        #expect(result.stdout.isEmpty)
    }

    @Test("an .ipa with a PlugIns extension")
    func archive() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let builder = try BundleBuilder(
            info: Plist.info(schemes: ["com-example-app"]),
            entitlements: Plist.entitlements(domains: ["applinks:example.com"]),
            extensions: [
                "Keys": Plist.appex(bundleID: "com.example.app.keys", point: "com.apple.keyboard-service", attributes: ["RequestsOpenAccess": true])
            ]
        )
        let path = try builder.writeIPA(named: "Example", in: folder)
        let result = try CLI.run(["audit", path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("com.apple.keyboard-service"))
        #expect(result.stdout.contains("[keyboard-open-access]"))
    }

    @Test("a folder of .ipa files: progress on stderr, a summary table, the worst exit code")
    func folder() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let clean = try BundleBuilder(info: Plist.info(bundleID: "com.example.clean", schemes: ["com-example-clean"]))
        let bad = try BundleBuilder(info: Plist.info(bundleID: "com.example.bad", schemes: ["tel"]))
        _ = try clean.writeIPA(named: "Clean", file: "A.ipa", in: folder)
        _ = try bad.writeIPA(named: "Bad", file: "B.ipa", in: folder)

        let audited = try CLI.run(["audit", folder.url.path])
        #expect(audited.status == 1)
        #expect(audited.stderr.contains("[1/2] A.ipa"))
        #expect(audited.stderr.contains("[2/2] B.ipa"))
        let lines = audited.stdout.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[1].contains("com.example.clean"))
        #expect(lines[2].contains("com.example.bad"))

        try folder.write(Data("not a zip".utf8), to: "C.ipa")
        let withBroken = try CLI.run(["audit", folder.url.path, "--format", "json"])
        #expect(withBroken.status == 2)
        #expect(withBroken.stderr.contains("[3/3] C.ipa"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(withBroken.stdout.utf8)) as? [String: Any])
        let apps = try #require(object["apps"] as? [[String: Any]])
        #expect(apps.count == 3)
        #expect((apps[2]["error"] as? [String: Any])?["code"] as? String == "corrupt-archive")

        let empty = try TemporaryFolder()
        defer { empty.remove() }
        let none = try CLI.run(["audit", empty.url.path])
        #expect(none.status == 2)
        #expect(none.stderr.contains("no .ipa files"))
    }

    @Test(
        "the command line: exit codes on the real apps",
        arguments: [
            (["Signal-Info.plist", "--entitlements", "Signal-AppStore.entitlements"], 0),
            (["Firefox-Info.plist", "--entitlements", "Firefox.entitlements"], 0),
            (["Bitwarden-Info.plist"], 0),
            (["Wikipedia-Info.plist", "--entitlements", "Wikipedia.entitlements"], 0),
            (["HomeAssistant-Info.plist", "--entitlements", "HomeAssistant-App-ios.entitlements"], 0),
            (["Preprocessed-Info.plist"], 2),
        ] as [([String], Int32)]
    )
    func commandLine(_ arguments: [String], status: Int32) throws {
        let resolved = arguments.map { $0.hasPrefix("-") ? $0 : CLI.fixture("audit/apps/" + $0) }
        let result = try CLI.run(["audit"] + resolved)
        #expect(result.status == status, "\(arguments): \(result.stdout) \(result.stderr)")
        if status == 2 {
            #expect(result.stderr.contains("#ifndef NDEBUG"))
        }
    }
}
