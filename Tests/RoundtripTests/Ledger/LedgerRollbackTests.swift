import Crypto
import Foundation
import RoundtripTestSupport
import Testing

@testable import Roundtrip

/// An earlier copy of the ledger file put back after a callback was accepted: refused when the
/// generation is recorded outside the file, as the Keychain does on Apple platforms.
@Suite struct LedgerRollbackTests {
    typealias S = CallingSupport

    /// A generation store that fails on demand, counting its saves.
    final class FlakyGenerations: LedgerGenerationStore, @unchecked Sendable {
        // @unchecked: the state is only touched under `lock`.
        private let lock = NSLock()
        private var generation: UInt64 = 0
        private var failingLoads = false
        private var failingSaves = false
        private var saves = 0
        var location: String { "the test's record" }
        var saveCount: Int { lock.withLock { saves } }

        func fail(loads: Bool, saves: Bool) {
            lock.withLock {
                failingLoads = loads
                failingSaves = saves
            }
        }

        func loadGeneration() throws(StorageError) -> UInt64 {
            let (failing, value) = lock.withLock { (failingLoads, generation) }
            if failing { throw StorageError(.protectedDataUnavailable, path: location, operation: "read", reason: "locked") }
            return value
        }

        func saveGeneration(_ generation: UInt64) throws(StorageError) {
            let saved = lock.withLock { () -> Bool in
                guard !failingSaves else { return false }
                self.generation = generation
                saves += 1
                return true
            }
            if !saved { throw StorageError(.io, path: location, operation: "save", reason: "refused") }
        }
    }

    func store(_ directory: String, _ generations: (any LedgerGenerationStore)?) -> FileLedgerStore {
        FileLedgerStore(directory: directory, key: S.ledgerKey, generations: generations)
    }

    /// The generation sealed in a ledger file.
    func generation(in directory: String) throws -> UInt64 {
        let data = try #require(try AtomicFile.read(directory + "/ledger.json"))
        return try LedgerFile.open(data, path: "", key: S.ledgerKey, retention: 3600).generation
    }

    func snapshot(_ directory: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: directory + "/ledger.json")) }

    func restore(_ data: Data, in directory: String) throws { try data.write(to: URL(fileURLWithPath: directory + "/ledger.json")) }

    static func rollbackReason(file: UInt64, recorded: UInt64, location: String) -> String {
        "the ledger file is generation \(file), older than generation \(recorded) recorded in \(location): an earlier copy of the file was put back, which would let answered requests be accepted again; refusing to use it (if you restored it on purpose, remove the file instead: an empty ledger accepts no callback)"
    }

    @Test func aCopyPutBackAfterAnAcceptIsRefusedNotAcceptedAgain() async throws {
        let directory = TemporaryFolder.make()
        let generations = InMemoryLedgerGenerationStore()
        let request = try await S.recordCharge(in: store(directory, generations))
        let copy = try snapshot(directory)
        let callback = try #require(try S.queryValue(request.url, "returnURL")) + "&ifcc_responseType=approved"
        #expect(try await ResponseAcceptor(ledger: store(directory, generations)).accept(callback, now: S.t0).outcome == "approved")
        try restore(copy, in: directory)
        // A relaunch: a new store, the same record (the Keychain outlives the process).
        do {
            _ = try await ResponseAcceptor(ledger: store(directory, generations)).accept(callback, now: S.t0)
            Issue.record("the callback was accepted again from a rolled-back ledger")
        } catch let error as StorageError {
            #expect(error.code == .ledgerRollback)
            #expect(error.path == directory + "/ledger.json")
            #expect(error.operation == "verify")
            #expect(error.reason == Self.rollbackReason(file: 1, recorded: 2, location: "this process's memory"))
        }
        // Never silently reset: the record and the file are as they were.
        #expect(generations.loadGeneration() == 2)
        #expect(try snapshot(directory) == copy)
    }

    /// What the protection does not cover, as documented: without a record outside the file, the
    /// copy verifies (the HMAC proves who wrote it, not that it is the newest).
    @Test func withoutAGenerationStoreACopyPutBackGoesUnnoticed() async throws {
        let directory = TemporaryFolder.make()
        let request = try await S.recordCharge(in: store(directory, nil))
        let copy = try snapshot(directory)
        let callback = try #require(try S.queryValue(request.url, "returnURL")) + "&ifcc_responseType=approved"
        _ = try await ResponseAcceptor(ledger: store(directory, nil)).accept(callback, now: S.t0)
        try restore(copy, in: directory)
        #expect(try await ResponseAcceptor(ledger: store(directory, nil)).accept(callback, now: S.t0).outcome == "approved")
    }

    /// Every earlier state is refused, by every operation; the latest is used.
    @Test func everyEarlierGenerationIsRefusedByEveryOperation() async throws {
        let directory = TemporaryFolder.make()
        let generations = InMemoryLedgerGenerationStore()
        let ledger = store(directory, generations)
        var snapshots: [Data] = []
        for seed in 1...6 {
            _ = try await S.recordCharge(in: ledger, nonce: seed)
            snapshots.append(try snapshot(directory))
            #expect(try generation(in: directory) == UInt64(seed))
            #expect(generations.loadGeneration() == UInt64(seed))
        }
        _ = try await ledger.consume(nonce: S.nonce(3), now: S.t0)
        try await ledger.remove(nonce: S.nonce(4))
        #expect(try generation(in: directory) == 8)
        let latest = try snapshot(directory)
        for (index, earlier) in snapshots.enumerated() {
            try restore(earlier, in: directory)
            let operations: [(String, @Sendable () async throws -> Void)] = [
                ("read", { _ = try await ledger.read() }),
                ("pending", { _ = try await ledger.pending(at: S.t0) }),
                ("record", { _ = try await S.recordCharge(in: ledger, nonce: 99) }),
                ("consume", { _ = try await ledger.consume(nonce: S.nonce(1), now: S.t0) }),
                ("remove", { try await ledger.remove(nonce: S.nonce(1)) }),
            ]
            for (name, operation) in operations {
                let error = await #expect(throws: StorageError.self, "generation \(index + 1), \(name)") { try await operation() }
                #expect(error?.code == .ledgerRollback, "generation \(index + 1), \(name)")
                #expect(error?.reason == Self.rollbackReason(file: UInt64(index + 1), recorded: 8, location: "this process's memory"))
            }
            #expect(try snapshot(directory) == earlier, "a refused operation wrote over generation \(index + 1)")
        }
        try restore(latest, in: directory)
        #expect(try await ledger.pending(at: S.t0).map(\.nonce).sorted() == [1, 2, 5, 6].map(S.nonce).sorted())
    }

    /// Removing the file is not a rollback: an empty ledger accepts nothing. It continues from
    /// the recorded generation (an app reinstalled on a device whose Keychain kept the record).
    @Test func aRemovedFileStartsAfreshFromTheRecordedGeneration() async throws {
        let directory = TemporaryFolder.make()
        let generations = InMemoryLedgerGenerationStore(generation: 41)
        let ledger = store(directory, generations)
        #expect(try await ledger.read().entries.isEmpty)
        _ = try await S.recordCharge(in: ledger)
        #expect(try generation(in: directory) == 42)
        try FileManager.default.removeItem(atPath: directory + "/ledger.json")
        #expect(try await ledger.pending(at: S.t0).isEmpty)
        _ = try await S.recordCharge(in: ledger, nonce: 2)
        #expect(try generation(in: directory) == 43)
        #expect(generations.loadGeneration() == 43)
    }

    /// A file written before generations existed has none: it counts as 0, and is used when
    /// nothing was recorded; the next write makes it generation 1.
    @Test func aFileWithoutAGenerationCountsAsZero() async throws {
        let directory = TemporaryFolder.make()
        _ = try await S.recordCharge(in: store(directory, nil))
        let sealed = try LedgerFile.open(try snapshot(directory), path: "", key: S.ledgerKey, retention: 3600)
        // The same entries, sealed the way the first version of the format did.
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        encoder.dateEncodingStrategy = .secondsSince1970
        let payload = try encoder.encode(LedgerFile.Payload(entries: sealed.ledger.sortedEntries, generation: nil))
        #expect(!String(decoding: payload, as: UTF8.self).contains("generation"))
        let mac = Base64URL.encode(HMAC<SHA256>.authenticationCode(for: payload, using: S.ledgerKey))
        try restore(Data((LedgerFile.magic + mac + "\n").utf8) + payload, in: directory)
        #expect(try generation(in: directory) == 0)
        let generations = InMemoryLedgerGenerationStore()
        #expect(try await store(directory, generations).pending(at: S.t0).count == 1)
        _ = try await S.recordCharge(in: store(directory, generations), nonce: 2)
        #expect(try generation(in: directory) == 1)
        #expect(generations.loadGeneration() == 1)
    }

    /// The record is written after the file: when it cannot be, the operation fails although its
    /// change is in the file, the record lags, and the next change catches up. A record that
    /// cannot be read stops every operation before anything is written.
    @Test func aFailingRecordFailsTheOperationAndTheNextChangeCatchesUp() async throws {
        let directory = TemporaryFolder.make()
        let generations = FlakyGenerations()
        let ledger = store(directory, generations)
        _ = try await S.recordCharge(in: ledger, nonce: 1)
        generations.fail(loads: false, saves: true)
        let saveError = await #expect(throws: StorageError.self) { _ = try await S.recordCharge(in: ledger, nonce: 2) }
        #expect(saveError?.description == "cannot save the test's record: refused")
        #expect(try generation(in: directory) == 2)
        #expect(try generations.loadGeneration() == 1)
        generations.fail(loads: false, saves: false)
        #expect(try await ledger.pending(at: S.t0).count == 2)
        _ = try await S.recordCharge(in: ledger, nonce: 3)
        #expect(try generation(in: directory) == 3)
        #expect(try generations.loadGeneration() == 3)

        generations.fail(loads: true, saves: false)
        let before = try snapshot(directory)
        let operations: [@Sendable () async throws -> Void] = [
            { _ = try await ledger.read() }, { _ = try await S.recordCharge(in: ledger, nonce: 4) },
        ]
        for operation in operations {
            let error = await #expect(throws: StorageError.self) { try await operation() }
            #expect(error?.code == .protectedDataUnavailable)
        }
        #expect(try snapshot(directory) == before)
        #expect(generations.saveCount == 2)
    }

    /// Many writers through two stores sharing the record: every write is one generation.
    @Test func concurrentWritersCountEveryGeneration() async throws {
        let directory = TemporaryFolder.make()
        let generations = InMemoryLedgerGenerationStore()
        let stores = [store(directory, generations), store(directory, generations)]
        try await withThrowingTaskGroup(of: Void.self) { group in
            for seed in 0..<40 {
                group.addTask { _ = try await S.recordCharge(in: stores[seed % 2], nonce: seed) }
            }
            try await group.waitForAll()
        }
        #expect(try generation(in: directory) == 40)
        #expect(generations.loadGeneration() == 40)
        #expect(try await stores[0].read().entries.count == 40)
    }
}
