import Foundation

/// Debian's headless chromium, driven from a test: dumps a page's DOM after its scripts ran, or
/// saves a screenshot. Every run is bounded by `timeout`, with its own throwaway profile.
struct HeadlessChromium: Sendable {
    let executable: String

    /// The browser on PATH, or `nil` (the browser tests are then skipped with a message).
    static func find() -> HeadlessChromium? {
        for candidate in ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
        where FileManager.default.isExecutableFile(atPath: candidate) {
            return HeadlessChromium(executable: candidate)
        }
        return nil
    }

    /// Where screenshots go: `$ROUNDTRIP_SCREENSHOTS`, or `/tmp/roundtrip-screenshots`.
    static var screenshotFolder: URL {
        let path = ProcessInfo.processInfo.environment["ROUNDTRIP_SCREENSHOTS"] ?? NSTemporaryDirectory() + "roundtrip-screenshots"
        return URL(fileURLWithPath: path)
    }

    func dumpDOM(_ url: String) async throws -> String {
        try await run(["--dump-dom", "--virtual-time-budget=2000", url])
    }

    func screenshot(_ url: String, to file: URL) async throws {
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? FileManager.default.removeItem(at: file)
        _ = try await run(["--screenshot=\(file.path)", "--window-size=1200,900", "--hide-scrollbars", url])
    }

    private func run(_ arguments: [String]) async throws -> String {
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("roundtrip-chromium-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: profile) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        process.arguments =
            [
                "90", executable, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--no-first-run", "--user-data-dir=\(profile.path)",
            ] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        let collected = OutputCollector()
        output.fileHandleForReading.readabilityHandler = { handle in collected.append(handle.availableData) }
        try process.run()
        // Polled rather than awaited through `terminationHandler`: with several processes
        // running at once (other suites run Python and chromium too), Foundation on Linux was
        // seen to never call the handler, and the test hung. `timeout 90` bounds the wait.
        let pid = process.processIdentifier
        while process.isRunning {
            var status: Int32 = 0
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid || (reaped == -1 && errno == ECHILD) { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        output.fileHandleForReading.readabilityHandler = nil
        collected.append(output.fileHandleForReading.readDataToEndOfFile())
        return collected.text
    }
}

/// Bytes from a pipe's handler thread.
private final class OutputCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()

    func append(_ chunk: Data) {
        lock.withLock { data.append(chunk) }
    }

    var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }
}
