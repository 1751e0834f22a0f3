import Foundation
import RoundtripToolsTestSupport
import Testing

/// `roundtrip assetlinks generate|lint|match` and `roundtrip android manifest|match`: output,
/// JSON and exit codes (0 accept, 1 reject or error finding, 2 unreadable or invalid input).
@Suite("CLI: assetlinks and android commands")
struct AndroidCommandTests {
    static let spec = "Tests/Fixtures/specs/app-links.yaml"
    static let fingerprint = "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"

    /// A file with `text` in a fresh temporary folder.
    static func temporaryFile(_ name: String, _ text: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roundtrip-android-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent(name)
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    static func generated(host: String) throws -> String {
        let result = try CommandLineRunner.run(["assetlinks", "generate", "--spec", spec, "--domain", host])
        #expect(result.exitCode == 0, "\(result.stderr)")
        return try temporaryFile("assetlinks.json", result.stdout)
    }

    @Test func generatePrintsTheFileOfTheDomain() throws {
        let result = try CommandLineRunner.run(["assetlinks", "generate", "--spec", Self.spec, "--domain", "*.example.org"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        let statements = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(statements.count == 2)
        let target = try #require(statements.first?["target"] as? [String: Any])
        #expect(target["package_name"] as? String == "com.example.shop")
        #expect(target["sha256_cert_fingerprints"] as? [String] == [Self.fingerprint])
        #expect(
            statements.first?["relation"] as? [String] == [
                "delegate_permission/common.handle_all_urls", "delegate_permission/common.get_login_creds",
            ]
        )
    }

    @Test(
        "generate refuses what it cannot generate, with exit 2",
        arguments: [
            ([] as [String], "the specs claim several domains (shop.example.com, example.org); choose one with --domain"),
            (["--domain", "nowhere.example.net"], "no spec claims the domain 'nowhere.example.net'"),
        ]
    )
    func generateRefusals(arguments: [String], message: String) throws {
        let result = try CommandLineRunner.run(["assetlinks", "generate", "--spec", Self.spec] + arguments)
        #expect(result.exitCode == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test(
        "lint reports findings with rule, severity and path, and exits 0, 1 or 2",
        arguments: [
            ("[]", Int32(0), true, "empty-file"),
            (
                "[{\"relation\": [\"delegate_permission/common.handle_all_urls\"], \"target\": {\"namespace\": \"web\", \"site\": \"https://a.example.com\"}}]",
                0, true, nil
            ),
            ("{\"relation\": []}", 1, false, nil),
            (
                "[{\"relation\": [\"Delegate/x\"], \"target\": {\"namespace\": \"web\", \"site\": \"https://a.example.com\"}}]", 1, false,
                "relation-format"
            ),
        ] as [(String, Int32, Bool, String?)]
    )
    func lint(text: String, status: Int32, valid: Bool, rule: String?) throws {
        let file = try Self.temporaryFile("assetlinks.json", text)
        let result = try CommandLineRunner.run(["assetlinks", "lint", file, "--json"])
        #expect(result.exitCode == status, "\(result.stdout)\(result.stderr)")
        let json = try #require(result.json)
        #expect(json["valid"] as? Bool == valid)
        let findings = try #require(json["findings"] as? [[String: Any]])
        if let rule {
            let finding = try #require(findings.first { $0["rule"] as? String == rule }, "\(findings)")
            // The shape of `aasa lint --json` and `spec lint --json`; a finding about the whole file has no line.
            #expect(Set(finding.keys).isSuperset(of: ["rule", "severity", "path", "message"]))
            #expect(Set(finding.keys).isSubset(of: ["rule", "severity", "path", "line", "column", "message"]))
            if rule != "empty-file" { #expect(finding["line"] is Int && finding["column"] is Int) }
        }
        if !valid { #expect(findings.contains { $0["severity"] as? String == "error" }) }
    }

    @Test func lintOfAMissingFileExitsTwo() throws {
        let result = try CommandLineRunner.run(["assetlinks", "lint", "/nonexistent/assetlinks.json"])
        #expect(result.exitCode == 2)
        #expect(result.stderr.contains("cannot read /nonexistent/assetlinks.json"))
    }

    struct MatchCase: Sendable, CustomTestStringConvertible {
        let host: String
        let url: String
        let arguments: [String]
        let status: Int32
        let json: String
        var testDescription: String { "\(url) \(arguments.joined(separator: " "))" }
    }

    static let matchCases: [MatchCase] = [
        MatchCase(
            host: "shop.example.com",
            url: "https://shop.example.com/products/1",
            arguments: ["--package", "com.example.shop"],
            status: 0,
            json: #"{"dynamic":null,"rule":null,"statement":0,"verified":true}"#
        ),
        MatchCase(
            host: "shop.example.com",
            url: "https://shop.example.com/products/1",
            arguments: ["--package", "com.example.shop.debug", "--fingerprint", fingerprint.lowercased().replacingOccurrences(of: ":", with: "")],
            status: 0,
            json: #"{"dynamic":null,"rule":null,"statement":1,"verified":true}"#
        ),
        MatchCase(
            host: "shop.example.com",
            url: "https://shop.example.com/products/1",
            arguments: ["--package", "com.example.other"],
            status: 1,
            json: #"{"dynamic":null,"rule":null,"statement":null,"verified":false}"#
        ),
        MatchCase(
            host: "shop.example.com",
            url: "https://shop.example.com/products/1",
            arguments: ["--package", "com.example.shop", "--fingerprint", String(repeating: "AB:", count: 31) + "AB"],
            status: 1,
            json: #"{"dynamic":null,"rule":null,"statement":null,"verified":false}"#
        ),
        MatchCase(
            host: "shop.example.com",
            url: "https://shop.example.com/products/1",
            arguments: ["--package", "com.example.shop", "--fingerprint", "AB:CD"],
            status: 2,
            json:
                #"{"error":{"code":"invalid-fingerprint","message":"'AB:CD' has 2 bytes; a SHA-256 certificate fingerprint has 32 (a SHA-1 fingerprint has 20: use the SHA-256 one)"}}"#
        ),
        MatchCase(
            host: "shop.example.com",
            url: "notes://x",
            arguments: ["--package", "com.example.shop"],
            status: 2,
            json:
                #"{"error":{"code":"invalid-url","message":"'notes://x' is not an absolute http or https URL with a host; App Links verify only web URLs"}}"#
        ),
    ]

    @Test(arguments: matchCases)
    func match(_ item: MatchCase) throws {
        let file = try Self.generated(host: item.host)
        let result = try CommandLineRunner.run(["assetlinks", "match", file, item.url] + item.arguments + ["--json"])
        #expect(result.exitCode == item.status, "\(result.stderr)")
        #expect(result.stdout == item.json + "\n")
    }

    /// Dynamic rules: the first matching rule decides, and a URL no rule takes stays in the browser.
    @Test(
        "with dynamic rules, match says whether the URL opens the app",
        arguments: [
            ("https://shop.example.com/products/12", Int32(0), #"{"dynamic":"open","rule":0,"statement":0,"verified":true}"#),
            ("https://shop.example.com/cart", 1, #"{"dynamic":"blocked","rule":null,"statement":0,"verified":true}"#),
        ]
    )
    func matchWithDynamicRules(url: String, status: Int32, json: String) throws {
        let spec = try String(contentsOf: CommandLineRunner.repositoryRoot.appendingPathComponent(Self.spec), encoding: .utf8)
            .replacingOccurrences(of: "    login-credentials: true\n", with: "    login-credentials: true\n    dynamic-rules: true\n")
        let specFile = try Self.temporaryFile("spec.yaml", spec)
        let generated = try CommandLineRunner.run(["assetlinks", "generate", "--spec", specFile, "--domain", "shop.example.com"])
        #expect(generated.exitCode == 0, "\(generated.stderr)")
        let file = try Self.temporaryFile("assetlinks.json", generated.stdout)
        let result = try CommandLineRunner.run(["assetlinks", "match", file, url, "--package", "com.example.shop", "--json"])
        #expect(result.exitCode == status, "\(result.stderr)")
        #expect(result.stdout == json + "\n")
    }

    @Test func matchOfAnInvalidFileIsInvalidAssetLinks() throws {
        let file = try Self.temporaryFile("assetlinks.json", "[{\"relation\": [}]")
        let result = try CommandLineRunner.run(["assetlinks", "match", file, "https://a.example.com/", "--package", "a.b", "--json"])
        #expect(result.exitCode == 2)
        let error = try #require(result.json?["error"] as? [String: Any])
        #expect(error["code"] as? String == "invalid-assetlinks")
        #expect((error["message"] as? String)?.isEmpty == false)
    }

    @Test func manifestPrintsTheIntentFiltersAndWarnsAboutRoutesAndroidReadsDifferently() throws {
        let result = try CommandLineRunner.run(["android", "manifest", "--spec", Self.spec])
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("<intent-filter android:autoVerify=\"true\">\n"))
        #expect(result.stdout.contains("<data android:pathPattern=\"/products/.*/reviews\" />"))
        #expect(result.stdout.contains("<data android:scheme=\"com-example-shop\" />"))
        #expect(result.stderr.contains("warning: actions.reviews.url: iOS and Android read '/products/:id/reviews' differently"))
        #expect(result.stderr.contains("[android-pattern-differs]"))
    }

    struct ManifestMatchCase: Sendable, CustomTestStringConvertible {
        let url: String
        let status: Int32
        let json: String
        var testDescription: String { url }
    }

    @Test(
        "android match reads the manifest android manifest writes",
        arguments: [
            ManifestMatchCase(
                url: "https://shop.example.com/pages/help",
                status: 0,
                json: #"{"matches":[{"category":"path","component":null,"filter":0}]}"#
            ),
            ManifestMatchCase(
                url: "https://eu.example.org/checkout",
                status: 0,
                json: #"{"matches":[{"category":"path","component":null,"filter":2}]}"#
            ),
            ManifestMatchCase(
                url: "com-example-shop://product/7",
                status: 0,
                json: #"{"matches":[{"category":"path","component":null,"filter":3}]}"#
            ),
            ManifestMatchCase(url: "https://shop.example.com/cart", status: 1, json: #"{"matches":[]}"#),
            ManifestMatchCase(url: "https://example.org/checkout", status: 1, json: #"{"matches":[]}"#),
        ]
    )
    func manifestMatch(_ item: ManifestMatchCase) throws {
        let written = try CommandLineRunner.run(["android", "manifest", "--spec", Self.spec])
        let manifest = try Self.temporaryFile("filters.xml", written.stdout)
        let result = try CommandLineRunner.run(["android", "match", "--manifest", manifest, item.url, "--json"])
        #expect(result.exitCode == item.status, "\(result.stderr)")
        #expect(result.stdout == item.json + "\n")
    }

    @Test func matchNamesTheComponentOfAManifest() throws {
        let manifest = CommandLineRunner.fixture("android/AndroidManifest.xml")
        let result = try CommandLineRunner.run(["android", "match", "--manifest", manifest, "https://pay.example.com/charge", "--json"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stdout == #"{"matches":[{"category":"path","component":".ChargeActivity","filter":0}]}"# + "\n")
    }

    @Test func anInvalidPatternIsInvalidManifestNamingTheAttribute() throws {
        let manifest = try Self.temporaryFile(
            "filters.xml",
            "<intent-filter><data android:scheme=\"https\" /><data android:pathAdvancedPattern=\"[\" /></intent-filter>"
        )
        let result = try CommandLineRunner.run(["android", "match", "--manifest", manifest, "https://a.example.com/b", "--json"])
        #expect(result.exitCode == 2)
        let error = try #require(result.json?["error"] as? [String: Any])
        #expect(error["code"] as? String == "invalid-manifest")
        #expect((error["message"] as? String)?.contains("android:pathAdvancedPattern") == true)
        let text = try CommandLineRunner.run(["android", "match", "--manifest", manifest, "https://a.example.com/b"])
        #expect(text.exitCode == 2)
        #expect(text.stderr.hasPrefix("error: "))
    }
}

/// `roundtrip aasa export` writes each host's assetlinks.json beside its AASA file.
@Suite("CLI: aasa export writes assetlinks.json")
struct AssetLinksExportTests {
    @Test func exportWritesTheFileAssetlinksGeneratePrints() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roundtrip-export-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CommandLineRunner.run(["aasa", "export", "--spec", AndroidCommandTests.spec, "--output", folder.path])
        #expect(result.exitCode == 0, "\(result.stderr)")
        for host in ["shop.example.com", "example.org"] {
            let written = try String(contentsOf: folder.appendingPathComponent("\(host)/.well-known/assetlinks.json"), encoding: .utf8)
            let generated = try CommandLineRunner.run(["assetlinks", "generate", "--spec", AndroidCommandTests.spec, "--domain", host])
            #expect(written == generated.stdout, "\(host)")
            #expect(result.stdout.contains("\(host)/.well-known/assetlinks.json"))
        }
        #expect(result.stdout.contains("for example.org and *.example.org"))
    }
}
