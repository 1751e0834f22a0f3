import Foundation
import RoundtripToolsTestSupport

/// Runs the built `roundtrip` binary (through the shared ``CommandLineRunner``) and captures its output.
///
/// The tests that use it are skipped, with a message, when the binary has not been built
/// (`swift build` builds it).
enum AASACLI {
    struct Output: Sendable {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    static let binary = CommandLineRunner.binary

    static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: binary.path) }

    static func run(_ arguments: [String]) throws -> Output {
        let result = try CommandLineRunner.run(arguments)
        return Output(status: result.exitCode, stdout: result.stdout, stderr: result.stderr)
    }

    /// The stdout parsed as one JSON object.
    static func json(_ output: Output) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8))
        return object as? [String: Any] ?? [:]
    }
}
