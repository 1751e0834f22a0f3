import Foundation
import RoundtripToolsTestSupport

/// Runs the built `roundtrip` binary (through the shared ``CommandLineRunner``) and captures what
/// it prints and how it exits.
enum CLI {
    /// The binary's path.
    static var binary: String { CommandLineRunner.binary.path }

    /// Whether the binary has been built (`swift build`); CLI tests are skipped without it.
    static var isBuilt: Bool { FileManager.default.isExecutableFile(atPath: binary) }

    /// A committed fixture under `Tests/Fixtures`.
    static func fixture(_ relative: String) -> String {
        CommandLineRunner.fixture(relative)
    }

    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    static func run(_ arguments: [String]) throws -> Result {
        let result = try CommandLineRunner.run(arguments)
        return Result(status: result.exitCode, stdout: result.stdout, stderr: result.stderr)
    }
}
