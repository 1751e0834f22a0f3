import Crypto
import Foundation
import Roundtrip
import Testing

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
import RoundtripTestSupport
#endif

/// Kills a child process that writes the ledger in a loop, at random moments, and checks that
/// the ledger always loads, as exactly the state before or after the write in flight.
@Suite struct LedgerCrashTests {
    @Test func theLedgerIsAlwaysTheOldOrTheNewStateAfterSIGKILL() async throws {
        let child = try #require(BuiltProduct.path("LedgerCrashChild"), "build the package first (swift build)")
        let directory = TemporaryFolder.make()
        let keyText = "crash-test-key-0123456789"
        var generator = SystemRandomNumberGenerator()
        var committed = 0  // entries known to be durable: the child printed their index
        for iteration in 0..<24 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: child)
            process.arguments = [directory, keyText]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            // Wait for the child's first committed write, so a loaded machine still tests
            // something, then kill it at a random moment of its loop.
            let reader = output.fileHandleForReading
            var text = ""
            while !text.contains("\n") {
                let chunk = reader.availableData
                if chunk.isEmpty { break }
                text += String(decoding: chunk, as: UTF8.self)
            }
            try await Task.sleep(nanoseconds: UInt64.random(in: 0...150_000_000, using: &generator))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            #expect(process.terminationReason == .uncaughtSignal, "iteration \(iteration)")
            text += String(decoding: reader.readDataToEndOfFile(), as: UTF8.self)
            let printed = text.split(separator: "\n").compactMap { Int($0) }
            if let last = printed.last { committed = last + 1 }

            let ledger = try await FileLedgerStore(directory: directory, keyData: Data(keyText.utf8)).read()
            let count = ledger.entries.count
            // The old state (everything reported) or the new one (plus the write in flight).
            #expect(count == committed || count == committed + 1, "iteration \(iteration): \(count) entries, \(committed) reported")
            #expect(Set(ledger.entries.keys) == Set((0..<count).map { "n-\($0)" }), "iteration \(iteration)")
            committed = count
        }
        #expect(committed >= 24, "the child made too little progress to test anything")
    }
}

/// Paths of products built next to the tests (`.build/debug`).
enum BuiltProduct {
    static func path(_ name: String) -> String? {
        var candidates: [URL] = []
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            candidates.append(directory.appendingPathComponent(name))
            directory = directory.deletingLastPathComponent()
        }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        candidates.append(root.appendingPathComponent(".build/debug/\(name)"))
        return candidates.map(\.path).first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
