import Foundation

/// Runs the built `roundtrip` binary (`<package>/.build/debug/roundtrip`) and captures its output.
///
/// The tests that use it are skipped, with a message, when the binary has not been built
/// (`swift build` builds it).
enum AASACLI {
    struct Output: Sendable {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let binary = packageRoot.appendingPathComponent(".build/debug/roundtrip")

    static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: binary.path) }

    static func run(_ arguments: [String]) throws -> Output {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = packageRoot
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Read before waiting so a full pipe cannot block the child.
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// The stdout parsed as one JSON object.
    static func json(_ output: Output) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8))
        return object as? [String: Any] ?? [:]
    }
}
