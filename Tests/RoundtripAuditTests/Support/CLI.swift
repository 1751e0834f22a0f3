import Foundation

/// Runs the built `roundtrip` binary and captures what it prints and how it exits.
enum CLI {
    /// The package root, from this file's path.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `.build/debug/roundtrip`.
    static let binary = packageRoot.appendingPathComponent(".build/debug/roundtrip").path

    /// Whether the binary has been built (`swift build`); CLI tests are skipped without it.
    static var isBuilt: Bool { FileManager.default.isExecutableFile(atPath: binary) }

    /// A committed fixture under `Tests/Fixtures`.
    static func fixture(_ relative: String) -> String {
        packageRoot.appendingPathComponent("Tests/Fixtures").appendingPathComponent(relative).path
    }

    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    static func run(_ arguments: [String]) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Read both pipes before waiting, so a large output cannot fill a pipe and block the child.
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self), stderr: String(decoding: errData, as: UTF8.self))
    }
}
