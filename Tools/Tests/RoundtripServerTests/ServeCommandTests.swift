import Foundation
import RoundtripServer
import RoundtripToolsTestSupport
import Testing

/// `roundtrip serve` as a user runs it: the built binary on a free loopback port, then SIGTERM.
@Suite("roundtrip serve", .serialized)
struct ServeCommandTests {
    static let binary = CommandLineRunner.binary

    /// Runs the binary to completion (for arguments that make it exit at once).
    static func run(_ arguments: [String]) throws -> (code: Int32, stderr: String) {
        let result = try CommandLineRunner.run(arguments)
        return (result.exitCode, result.stderr)
    }

    @Test("serves the AASA on a free port, then exits 0 on SIGTERM with the database intact")
    func serveAndStop() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roundtrip-serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = folder.appendingPathComponent("runs.sqlite").path
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = [
            "serve", "--port", "0", "--database", database, "--spec", ServerFixture.specPath("terminal.yaml"),
            "--public-url", "https://tester.example.org",
        ]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() } }

        // The log line "Server started and listening on 127.0.0.1:PORT" says which port.
        var log = ""
        var port: Int?
        for _ in 0..<100 where port == nil {
            let chunk = errors.fileHandleForReading.availableData
            if chunk.isEmpty {
                try await Task.sleep(for: .milliseconds(100))
                continue
            }
            log += String(decoding: chunk, as: UTF8.self)
            if let range = log.range(of: "listening on 127.0.0.1:") {
                port = Int(log[range.upperBound...].prefix { $0.isNumber })
            }
        }
        let listening = try #require(port, "no listening line in: \(log)")
        let aasa = try Self.curl(["-H", "Host: terminal.example.com", "http://127.0.0.1:\(listening)/.well-known/apple-app-site-association"])
        #expect(aasa.contains("ABCDE12345.com.example.terminal"))
        let created = try Self.curl([
            "-X", "POST", "-H", "Content-Type: application/json", "--data", #"{"target":"https://terminal.example.com/logout"}"#,
            "http://127.0.0.1:\(listening)/api/ulc-tests",
        ])
        #expect(created.contains("\"status\":\"pending\""))

        process.terminate()  // SIGTERM
        for _ in 0..<100 where process.isRunning { try await Task.sleep(for: .milliseconds(100)) }
        #expect(!process.isRunning)
        #expect(process.terminationStatus == 0)
        #expect(process.terminationReason == .exit)

        // Nothing lost: the run is in the file.
        let store = try SQLiteTestStore(path: database)
        #expect(try await store.recent(limit: 10).count == 1)
    }

    @Test(
        "bad usage and unusable specs exit 2 with a message",
        arguments: [
            (["serve", "--public-url", "http://insecure.example"], "--public-url must be an https URL"),
            (["serve", "--port", "70000"], "--port must be 0…65535"),
            (["serve", "--log-level", "loud"], "--log-level must be one of"),
            (["serve", "--spec", "/nonexistent.yaml"], "is not usable"),
            (["serve", "--retention", "week"], "--retention must be a positive number with d, h, m or s, e.g. 7d, not 'week'"),
            (["serve", "--retention", "0d"], "--retention must be a positive number"),
            (["serve", "--retention", "99999999999999999d"], "--retention must be a positive number"),
            (["serve", "--rate-limit=-1"], "--rate-limit must be 0 (no limit) or more, not -1"),
            (["serve", "--idle-timeout", "0"], "--idle-timeout must be 1…3600 seconds, not 0"),
            (
                ["serve", "--retention", "10s"],
                "--retention must be at least 20s, the tester's timeout (a run is kept until it can no longer be answered), not '10s'"
            ),
            (["serve", "--request-head-timeout", "0"], "--request-head-timeout must be 1…3600 seconds, not 0"),
            (["serve", "--connections-per-address=-1"], "--connections-per-address must be 0 (no cap) or more, not -1"),
        ]
    )
    func usage(arguments: [String], message: String) throws {
        let result = try Self.run(arguments)
        #expect(result.code == 2)
        #expect(result.stderr.contains(message))
    }

    @Test("a spec claiming a domain without an app-id cannot be hosted: exit 2")
    func missingAppID() throws {
        let result = try Self.run(["serve", "--port", "0", "--database", ":memory:", "--spec", ServerFixture.specPath("notes.yaml")])
        #expect(result.code == 2)
        #expect(result.stderr.contains("app-id"))
    }

    static func curl(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        process.arguments = ["-sS", "--max-time", "10"] + arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
