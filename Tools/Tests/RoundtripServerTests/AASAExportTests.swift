import Foundation
import HummingbirdTesting
import NIOCore
import RoundtripToolsTestSupport
import Testing

/// `roundtrip aasa export`: the files another web server or a CDN hosts are the very bytes
/// `roundtrip serve` answers with.
@Suite("roundtrip aasa export")
struct AASAExportTests {
    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roundtrip-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("writes both paths of every domain, byte for byte what serve hosts")
    func exportMatchesServe() async throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("site")
        let result = try CommandLineRunner.run(["aasa", "export", "--spec", ServerFixture.specPath("terminal.yaml"), "--output", output.path])
        #expect(result.exitCode == 0, "\(result.stderr)")
        let domain = output.appendingPathComponent("terminal.example.com")
        let wellKnown = try Data(contentsOf: domain.appendingPathComponent(".well-known/apple-app-site-association"))
        let root = try Data(contentsOf: domain.appendingPathComponent("apple-app-site-association"))
        #expect(wellKnown == root)
        #expect(result.stdout.components(separatedBy: "\n").filter { $0.hasPrefix("wrote ") }.count == 2)

        try await ServerFixture.app().test(.router) { client in
            let served = try await client.get("/.well-known/apple-app-site-association", headers: [.hostHeader: "terminal.example.com"])
            #expect(served.status == .ok)
            #expect(Data(served.body.readableBytesView) == wellKnown)
        }
    }

    static let wildSpec = """
        roundtrip: 1
        app: {name: W, app-id: ABCDE12345.com.example.w, domains: ["*.example.com"], webcredentials: true}
        actions:
          buy: {url: "https://shop.example.com/buy", convention: ulc}
        """
    static let apexSpec = """
        roundtrip: 1
        app: {name: A, app-id: ABCDE12345.com.example.a, domains: [example.com]}
        actions:
          home: {url: "https://example.com/home", convention: ulc}
        """

    /// Apple's TN3155 "Debugging universal links": a wildcard is verified with the apex's file.
    @Test("TN3155: a wildcard's file is exported at the apex, with the apex's own claims")
    func wildcardAtTheApex() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let wild = folder.appendingPathComponent("wild.yaml")
        let apex = folder.appendingPathComponent("apex.yaml")
        try Data(Self.wildSpec.utf8).write(to: wild)
        try Data(Self.apexSpec.utf8).write(to: apex)
        let output = folder.appendingPathComponent("site")
        let result = try CommandLineRunner.run(["aasa", "export", "--spec", wild.path, "--spec", apex.path, "--output", output.path])
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: output.path) == ["example.com"])
        let domain = output.appendingPathComponent("example.com")
        let wellKnown = try Data(contentsOf: domain.appendingPathComponent(".well-known/apple-app-site-association"))
        #expect(wellKnown == (try Data(contentsOf: domain.appendingPathComponent("apple-app-site-association"))))
        let text = String(decoding: wellKnown, as: UTF8.self)
        #expect(text.contains("ABCDE12345.com.example.w") && text.contains("ABCDE12345.com.example.a"))
        #expect(text.contains("\"webcredentials\""))
        #expect(result.stdout.contains(", for *.example.com and example.com)"), "\(result.stdout)")

        // `aasa generate` prints the same file for the wildcard and for the apex.
        let byWildcard = try CommandLineRunner.run(["aasa", "generate", "--spec", wild.path, "--spec", apex.path, "--domain", "*.example.com"])
        let byApex = try CommandLineRunner.run(["aasa", "generate", "--spec", wild.path, "--spec", apex.path])
        #expect(byWildcard.exitCode == 0 && byApex.exitCode == 0, "\(byWildcard.stderr) \(byApex.stderr)")
        #expect(byWildcard.stdout == byApex.stdout)
        #expect(byWildcard.stdout == text + "\n")
        let sub = try CommandLineRunner.run(["aasa", "generate", "--spec", wild.path, "--domain", "shop.example.com"])
        #expect(sub.exitCode == 2)
        #expect(sub.stderr.contains("'*.example.com' is verified with the file of example.com (Apple's TN3155)"), "\(sub.stderr)")
    }

    @Test("an Android-only spec exports its assetlinks.json and no association file")
    func androidOnlySpec() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let spec = folder.appendingPathComponent("pay.yaml")
        try Data(AASAHostingTests.androidOnlySpec.utf8).write(to: spec)
        let output = folder.appendingPathComponent("site")
        let result = try CommandLineRunner.run(["aasa", "export", "--spec", spec.path, "--output", output.path])
        #expect(result.exitCode == 0, "\(result.stderr)")
        let host = output.appendingPathComponent("pay.example.net")
        #expect(try FileManager.default.contentsOfDirectory(atPath: host.path) == [".well-known"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: host.appendingPathComponent(".well-known").path) == ["assetlinks.json"])
        let text = try String(contentsOf: host.appendingPathComponent(".well-known/assetlinks.json"), encoding: .utf8)
        #expect(text.contains("com.example.pay"))
        #expect(result.stdout.components(separatedBy: "\n").filter { $0.hasPrefix("wrote ") }.count == 1)
    }

    @Test(
        "bad input exits 2 with the reason",
        arguments: [
            (["aasa", "export", "--output", "/tmp/x"], "--spec"),
            (["aasa", "export", "--spec", "Tests/Fixtures/specs/terminal.yaml"], "--output"),
            (["aasa", "export", "--spec", "Tests/Fixtures/specs/missing.yaml", "--output", "/tmp/x"], "missing.yaml"),
            (["aasa", "export", "--spec", "Tests/Fixtures/specs/terminal.yaml", "--output", "/proc/version/x"], "cannot write"),
        ]
    )
    func badInput(_ arguments: [String], mentions: String) throws {
        let result = try CommandLineRunner.run(arguments)
        #expect(result.exitCode == 2)
        #expect(result.stderr.contains(mentions), "\(result.stderr)")
    }
}
