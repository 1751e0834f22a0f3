import Foundation
import RoundtripTestSupport
import Testing

@testable import Roundtrip

/// Signed requests of `rich.yaml`'s `pay` action, for the replay guard's tests.
enum ReplayFixture {
    static let unsigned = "https://notes.example.com/pay?amount=12.50&returnURL=otherapp%3A%2F%2Fpaid%3Frt-state%3Dabc"
    /// The signature time of every request; the tests handle them at `now`, 10 s later.
    static let timestamp: Int64 = 1_800_000_000
    static let now = Date(timeIntervalSince1970: TimeInterval(timestamp + 10))

    /// The request signed with `rt-id` `id`.
    static func signed(_ id: String, at timestamp: Int64 = timestamp) throws -> String {
        try RequestSignature.sign(unsigned, keyID: "pos-2026", key: TestSpecs.hmacKey, timestamp: timestamp, requestID: id)
    }

    /// The ids a guard's file holds, with the time each may be forgotten.
    static func stored(in directory: String) throws -> [String: Double] {
        guard let data = try AtomicFile.read(directory + "/replay.json") else { return [:] }
        return try JSONDecoder().decode([String: Double].self, from: data)
    }
}

/// The durable replay guard within one process: many tasks, several guards on one folder. The
/// processes' test is ``ReplayGuardProcessTests``.
@Suite(.timeLimit(.minutes(2))) struct FileReplayGuardTests {
    typealias F = ReplayFixture

    /// How each of many concurrent handlings of `urls[i % urls.count]` ended: `nil` when accepted,
    /// else the code.
    static func handleConcurrently(_ urls: [String], times: Int, guards: [FileReplayGuard]) async throws -> [String: [String?]] {
        let endpoint = try TestSpecs.endpoint("rich")
        return try await withThrowingTaskGroup(of: (String, String?).self) { group in
            for index in 0..<times {
                let url = urls[index % urls.count]
                let replayGuard = guards[index % guards.count]
                group.addTask {
                    do {
                        _ = try await endpoint.handle(url, now: F.now, replayGuard: replayGuard)
                        return (url, nil)
                    } catch let error as RoundtripError {
                        return (url, error.code.rawValue)
                    }
                }
            }
            var outcomes: [String: [String?]] = [:]
            for try await (url, code) in group { outcomes[url, default: []].append(code) }
            return outcomes
        }
    }

    @Test func oneRequestHandledByManyTasksAtOnceIsAcceptedOnce() async throws {
        let directory = TemporaryFolder.make()
        // Four guards on one folder: four actors, as four processes would be, plus tasks in each.
        let guards = (0..<4).map { _ in FileReplayGuard(directory: directory, lockTimeout: 60) }
        let url = try F.signed("same-id")
        let outcomes = try await Self.handleConcurrently([url], times: 48, guards: guards)
        let codes = try #require(outcomes[url])
        #expect(codes.count == 48)
        #expect(codes.filter { $0 == nil }.count == 1, "accepted \(codes.filter { $0 == nil }.count) times")
        #expect(codes.filter { $0 == "replayed" }.count == 47)
        #expect(try F.stored(in: directory).keys.sorted() == ["pos-2026/same-id"])
    }

    @Test func distinctRequestsAtOnceAreEachAcceptedOnceAndNoneIsLost() async throws {
        let directory = TemporaryFolder.make()
        let guards = (0..<3).map { _ in FileReplayGuard(directory: directory, lockTimeout: 60) }
        let urls = try (0..<40).map { try F.signed("id-\($0)") }
        let first = try await Self.handleConcurrently(urls, times: urls.count, guards: guards)
        #expect(first.count == 40)
        #expect(first.values.allSatisfy { $0 == [nil] }, "\(first.values.filter { $0 != [nil] })")
        // Every admission is in the file: none was overwritten by a concurrent write.
        #expect(try F.stored(in: directory).count == 40)
        // Replayed, twice each, at once, through fresh guards: each refused.
        let fresh = (0..<3).map { _ in FileReplayGuard(directory: directory, lockTimeout: 60) }
        let replays = try await Self.handleConcurrently(urls, times: urls.count * 2, guards: fresh)
        #expect(replays.count == 40)
        #expect(replays.values.allSatisfy { $0 == ["replayed", "replayed"] })
    }

    @Test func theReplayMessageNamesTheIdAndNothingIsWritten() async throws {
        let directory = TemporaryFolder.make()
        let replayGuard = FileReplayGuard(directory: directory)
        try await replayGuard.admit(requestID: "k/a", until: F.now.addingTimeInterval(300), now: F.now)
        let before = try #require(try AtomicFile.read(directory + "/replay.json"))
        let error = await #expect(throws: RoundtripError.self) {
            try await replayGuard.admit(requestID: "k/a", until: F.now.addingTimeInterval(300), now: F.now.addingTimeInterval(5))
        }
        #expect(error?.code == .replayed)
        #expect(error?.message == "the request id 'k/a' was already accepted; each signed request is accepted once")
        #expect(error?.parameter == "rt-id")
        #expect(try AtomicFile.read(directory + "/replay.json") == before)
    }

    /// Bounded: expired ids go on the next admission; a full guard refuses new ids until the
    /// oldest expire, and never forgets an unexpired one to make room.
    @Test func expiredIdsAreDroppedAndAFullGuardRefusesRatherThanForgets() async throws {
        let directory = TemporaryFolder.make()
        let replayGuard = FileReplayGuard(directory: directory, capacity: 3)
        let t0 = F.now
        for (index, id) in ["k/a", "k/b", "k/c"].enumerated() {
            try await replayGuard.admit(requestID: id, until: t0.addingTimeInterval(300 + Double(index)), now: t0)
        }
        let full = await #expect(throws: RoundtripError.self) {
            try await replayGuard.admit(requestID: "k/d", until: t0.addingTimeInterval(400), now: t0.addingTimeInterval(10))
        }
        #expect(full?.code == .replayed)
        #expect(
            full?.message
                == "the replay store \(directory)/replay.json holds 3 unexpired request ids, its capacity; refusing new signed requests until the oldest expire, rather than forgetting one"
        )
        // A replay while full is still a replay, and every unexpired id is still held.
        let replay = await #expect(throws: RoundtripError.self) {
            try await replayGuard.admit(requestID: "k/a", until: t0.addingTimeInterval(300), now: t0.addingTimeInterval(20))
        }
        #expect(replay?.message == "the request id 'k/a' was already accepted; each signed request is accepted once")
        #expect(try F.stored(in: directory).keys.sorted() == ["k/a", "k/b", "k/c"])
        // At the last second of 'k/a' it is still live; one second later it is gone, and 'k/d' fits.
        await #expect(throws: RoundtripError.self) {
            try await replayGuard.admit(requestID: "k/d", until: t0.addingTimeInterval(400), now: t0.addingTimeInterval(300))
        }
        try await replayGuard.admit(requestID: "k/d", until: t0.addingTimeInterval(400), now: t0.addingTimeInterval(301))
        #expect(try F.stored(in: directory).keys.sorted() == ["k/b", "k/c", "k/d"])
        // Long after, only the newest remains.
        try await replayGuard.admit(requestID: "k/e", until: t0.addingTimeInterval(1000), now: t0.addingTimeInterval(700))
        #expect(try F.stored(in: directory).keys.sorted() == ["k/e"])
    }

    /// The guard's own failures are storage errors, never `replayed`, and never an admission.
    @Test func aDamagedStoreIsAStorageErrorAndAdmitsNothing() async throws {
        let directory = TemporaryFolder.make()
        try Data("{\"k/a\": \"soon\"}".utf8).write(to: URL(fileURLWithPath: directory + "/replay.json"))
        let endpoint = try TestSpecs.endpoint("rich")
        do {
            _ = try await endpoint.handle(try F.signed("fresh"), now: F.now, replayGuard: FileReplayGuard(directory: directory))
            Issue.record("admitted through a damaged replay store")
        } catch let error as StorageError {
            #expect(error.code == .damaged)
            #expect(error.path == directory + "/replay.json")
            #expect(error.operation == "decode")
            #expect(error.reason.hasPrefix("the replay store is not a JSON object of request ids and expiry times ("))
            #expect(error.reason.hasSuffix("); refusing signed requests until it is repaired or removed"))
        }
        #expect(try AtomicFile.read(directory + "/replay.json") == Data("{\"k/a\": \"soon\"}".utf8))
    }

    @Test func leftoverTemporaryFilesAreRemovedUnderTheLock() async throws {
        let directory = TemporaryFolder.make()
        let leftover = directory + "/replay.json.tmp-999-abc"
        try Data("{\"half".utf8).write(to: URL(fileURLWithPath: leftover))
        try await FileReplayGuard(directory: directory).admit(requestID: "k/a", until: F.now.addingTimeInterval(300), now: F.now)
        #expect(!FileManager.default.fileExists(atPath: leftover))
        #expect(try F.stored(in: directory).keys.sorted() == ["k/a"])
    }

    @Test func aNewFolderIsCreatedForItsOwnerAlone() async throws {
        let directory = TemporaryFolder.make() + "/state/nested"
        try await FileReplayGuard(directory: directory).admit(requestID: "k/a", until: F.now.addingTimeInterval(300), now: F.now)
        let attributes = try FileManager.default.attributesOfItem(atPath: directory)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o700)
    }
}
