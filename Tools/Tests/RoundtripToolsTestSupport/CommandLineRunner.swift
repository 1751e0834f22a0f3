import Foundation

/// Runs the built `roundtrip` binary and captures what a user would see: shared by every test
/// target that runs the command line.
public struct CommandLineRunner {
    /// What one run printed and how it exited.
    public struct Result: Sendable {
        /// The exit status.
        public let exitCode: Int32
        /// Everything written to standard output.
        public let stdout: String
        /// Everything written to standard error.
        public let stderr: String

        /// stdout parsed as one JSON object.
        public var json: [String: Any]? {
            (try? JSONSerialization.jsonObject(with: Data(stdout.utf8))) as? [String: Any]
        }
    }

    /// The repository root (`Tools/Tests/RoundtripToolsTestSupport/` is three folders below it): the
    /// binary runs there, so the relative paths of the tests (`Tests/Fixtures/…`, `Examples/…`)
    /// read as they do in the README.
    public static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The tools package (`Tools/`), which builds the binary.
    public static let toolsPackageRoot = repositoryRoot.appendingPathComponent("Tools")

    /// The binary: next to the test bundle (where `swift test` builds it), else in `.build/debug`.
    public static let binary: URL = {
        let besideTests = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("roundtrip")
        if FileManager.default.isExecutableFile(atPath: besideTests.path) { return besideTests }
        var directory = Bundle.main.bundleURL
        for _ in 0..<3 {
            let candidate = directory.appendingPathComponent("roundtrip")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory.deleteLastPathComponent()
        }
        return toolsPackageRoot.appendingPathComponent(".build/debug/roundtrip")
    }()

    /// A committed fixture under `Tests/Fixtures`.
    public static func fixture(_ relative: String) -> String {
        repositoryRoot.appendingPathComponent("Tests/Fixtures").appendingPathComponent(relative).path
    }

    /// Runs `roundtrip arguments…` with an optional environment overlay.
    public static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.currentDirectoryURL = repositoryRoot
        // Both pipes are read before waiting, so a large output cannot fill one and block the child.
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(exitCode: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self))
    }
}
