import Foundation
import Roundtrip
import Testing

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
import RoundtripTestSupport
#endif

/// The durable replay guard across processes: `ReplayGuardChild` handles one signed request
/// against a state folder, as `roundtrip request handle --state` does; many are released at the
/// same moment, and the outcomes are counted.
@Suite(.timeLimit(.minutes(5))) struct ReplayGuardProcessTests {
    typealias F = ReplayFixture

    /// Starts one child per URL, waits until each is ready, releases them all at once, and
    /// returns each child's last line, in the order of `urls`.
    static func handleInProcesses(_ urls: [String], state: String) throws -> [String] {
        let child = try #require(BuiltProduct.path("ReplayGuardChild"), "build the package first (swift build --build-tests)")
        var children: [(process: Process, input: Pipe, output: Pipe)] = []
        for url in urls {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: child)
            process.arguments = [Fixture.path("specs/rich.yaml"), state, String(F.now.timeIntervalSince1970), url]
            process.environment = ["ROUNDTRIP_TEST_SECRET": TestSpecs.secret]
            let input = Pipe()
            let output = Pipe()
            process.standardInput = input
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            children.append((process, input, output))
        }
        for (process, _, output) in children {
            let ready = String(decoding: output.fileHandleForReading.readData(ofLength: 6), as: UTF8.self)
            #expect(ready == "ready\n", "child \(process.processIdentifier) said '\(ready)'")
        }
        for (_, input, _) in children {
            input.fileHandleForWriting.write(Data("go\n".utf8))
            try input.fileHandleForWriting.close()
        }
        return children.map { process, _, output in
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return text.split(separator: "\n").last.map(String.init) ?? "exit \(process.terminationStatus), no output"
        }
    }

    @Test func oneRequestHandledByTwentyProcessesAtOnceIsAcceptedOnce() throws {
        let state = TemporaryFolder.make()
        let url = try F.signed("one-for-twenty")
        let outcomes = try Self.handleInProcesses(Array(repeating: url, count: 20), state: state)
        #expect(outcomes.filter { $0 == "accepted" }.count == 1, "\(outcomes)")
        #expect(outcomes.filter { $0 == "rejected replayed" }.count == 19, "\(outcomes)")
        #expect(try F.stored(in: state).keys.sorted() == ["pos-2026/one-for-twenty"])
    }

    @Test func twelveRequestsAtOnceAreEachAcceptedOnceThenRefusedAsReplays() throws {
        let state = TemporaryFolder.make()
        let urls = try (0..<12).map { try F.signed("twelve-\($0)") }
        let first = try Self.handleInProcesses(urls, state: state)
        #expect(first == Array(repeating: "accepted", count: 12), "\(first)")
        // No id was lost to a concurrent write: all twelve are in the file.
        #expect(try F.stored(in: state).keys.sorted() == (0..<12).map { "pos-2026/twelve-\($0)" }.sorted())
        let replays = try Self.handleInProcesses(urls, state: state)
        #expect(replays == Array(repeating: "rejected replayed", count: 12), "\(replays)")
    }

    @Test func aStateFolderOthersMayWriteInIsRefusedByTheChildToo() throws {
        let state = TemporaryFolder.make()
        #expect(chmod(state, 0o777) == 0)
        let outcomes = try Self.handleInProcesses([try F.signed("unsafe")], state: state)
        #expect(
            outcomes == [
                "unusable unsafe-folder: cannot use folder \(state): its group and every other user may write in it (mode 777), so they could plant, replace or remove the store's files; a store's folder must be writable by its owner alone: run chmod go-w on it"
            ]
        )
        #expect(try FileManager.default.contentsOfDirectory(atPath: state).isEmpty)
    }
}
