import Foundation
import HummingbirdTesting
import NIOCore
import RoundtripTestSupport
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
