import Foundation
import GRDB
import HummingbirdTesting
import Testing

@testable import RoundtripServer

/// Faults answered honestly: a write that did not reach the disk is never acknowledged, a store
/// that cannot answer is 503 `store-unavailable` within the deadline, and `/readyz` says whether a
/// write would succeed.
@Suite("Store faults")
struct FaultTests {
    static let json = #"{"target": "https://terminal.example.com/logout"}"#

    /// A file in a fresh folder, removed with it.
    static func withDatabaseFile(_ body: (String) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roundtrip-faults-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try await body(folder.appendingPathComponent("runs.sqlite").path)
    }

    /// Expects the server to refuse writes with 503 `store-unavailable` and to be not ready.
    static func expectWritesRefused(_ store: SQLiteTestStore) async throws {
        try await ServerFixture.app(store: store).test(.router) { client in
            let created = try await client.post("/api/ulc-tests", json: Self.json)
            #expect(created.status == .serviceUnavailable)
            #expect(created.errorCode == "store-unavailable")
            let ready = try await client.get("/readyz")
            #expect(ready.status == .serviceUnavailable)
            #expect(ready.errorCode == "store-unavailable")
        }
    }

    /// A one-shot gate an operation waits on, so that a test can hold it past a deadline.
    final class Gate: @unchecked Sendable {
        private let lock = NSLock()
        private var waiter: CheckedContinuation<Void, Never>?
        private var isOpen = false

        func wait() async {
            await withCheckedContinuation { continuation in
                let openAlready = lock.withLock {
                    if isOpen { return true }
                    waiter = continuation
                    return false
                }
                if openAlready { continuation.resume() }
            }
        }

        func open() {
            let waiter = lock.withLock {
                isOpen = true
                defer { self.waiter = nil }
                return self.waiter
            }
            waiter?.resume()
        }
    }

    @Test("the deadline answers while a stuck operation that ignores cancellation is abandoned")
    func deadlineAbandons() async throws {
        let gate = Gate()
        let finished = Gate()
        await #expect(throws: StoreUnavailableError.self) {
            try await StoreDeadline.run(within: .milliseconds(50)) {
                await gate.wait()  // ignores cancellation, like a query stuck in the database
                finished.open()
                return 1
            }
        }
        gate.open()
        await finished.wait()
        #expect(try await StoreDeadline.run(within: .seconds(60)) { 7 } == 7)
    }

    @Test("another process holding the write lock: 503 store-unavailable within the deadline, then recovery")
    func writeLockHeld() async throws {
        try await Self.withDatabaseFile { path in
            let store = try SQLiteTestStore(path: path, logger: ServerFixture.logger, operationLimit: .milliseconds(400))
            // Another process's connection, allowed to hold a transaction between two calls.
            var configuration = GRDB.Configuration()
            configuration.allowsUnsafeTransactions = true
            let other = try DatabaseQueue(path: path, configuration: configuration)
            try await other.writeWithoutTransaction { db in try db.execute(sql: "BEGIN IMMEDIATE") }
            try await Self.expectWritesRefused(store)
            try await other.writeWithoutTransaction { db in try db.execute(sql: "ROLLBACK") }
            try await ServerFixture.app(store: store).test(.router) { client in
                let created = try await client.post("/api/ulc-tests", json: Self.json)
                #expect(created.status == .created)
                let ready = try await client.get("/readyz")
                #expect(ready.status == .ok)
            }
        }
    }

    @Test("the database file deleted under the server: writes are refused, never acknowledged into an unlinked file")
    func fileDeleted() async throws {
        try await Self.withDatabaseFile { path in
            let store = try SQLiteTestStore(path: path, logger: ServerFixture.logger)
            try await store.insert(StoreTests.sample("before"))
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
            await #expect(throws: StoreUnavailableError.self) { try await store.insert(StoreTests.sample("after")) }
            try await Self.expectWritesRefused(store)
        }
    }

    @Test("a full disk: the write fails and is answered 503, not 500, and /readyz says so")
    func diskFull() async throws {
        try await Self.withDatabaseFile { path in
            let store = try SQLiteTestStore(path: path, logger: ServerFixture.logger)
            // SQLite's max_page_count makes the file full at its current size ("PRAGMA max_page_count").
            try await store.writer.writeWithoutTransaction { db in
                let pages = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 1
                _ = try Int.fetchOne(db, sql: "PRAGMA max_page_count = \(pages)")
            }
            let large = String(repeating: "x", count: 64 * 1024)
            await #expect(throws: StoreUnavailableError.self) {
                try await store.insert(ULCTest(id: "big", token: "t", target: large, kind: .ulc, link: large, createdAt: 1))
            }
            try await ServerFixture.app(store: store).test(.router) { client in
                let created = try await client.post(
                    "/api/ulc-tests",
                    json: #"{"target": "https://terminal.example.com/\#(String(repeating: "a", count: 2000))"}"#
                )
                #expect(created.status == .serviceUnavailable)
                #expect(created.errorCode == "store-unavailable")
            }
        }
    }

    /// A store each of whose steps takes `delay`, ignoring cancellation, as a database under load may.
    struct SlowStore: ULCTestStore {
        let base: SQLiteTestStore
        let delay: Duration

        func slowly<Value: Sendable>(_ step: @escaping @Sendable () async throws -> Value) async throws -> Value {
            let started = ContinuousClock.now
            while ContinuousClock.now - started < delay { await Task.yield() }
            return try await step()
        }

        func insert(_ test: ULCTest) async throws { try await slowly { try await base.insert(test) } }
        func test(id: String) async throws -> ULCTest? { try await slowly { try await base.test(id: id) } }
        func test(token: String) async throws -> ULCTest? { try await slowly { try await base.test(token: token) } }
        func recordOutcome(token: String, outcome: CallbackOutcome, at time: Int64, query: String?) async throws -> Bool {
            try await slowly { try await base.recordOutcome(token: token, outcome: outcome, at: time, query: query) }
        }
        func recent(limit: Int) async throws -> [ULCTest] { try await slowly { try await base.recent(limit: limit) } }
        func deleteCreated(before time: Int64) async throws -> Int { try await slowly { try await base.deleteCreated(before: time) } }
        func ping() async throws { try await slowly { try await base.ping() } }
    }

    @Test("a callback's store steps are bounded in all by the request deadline, not each by its own")
    func callbackWithinRequestDeadline() async throws {
        let base = try SQLiteTestStore(path: ":memory:")
        try await base.insert(StoreTests.sample("a"))
        let fast = ULCTester(store: SlowStore(base: base, delay: .zero), publicURL: ServerFixture.publicURL, requestDeadline: .seconds(60))
        #expect(try await fast.record(token: "token-b", outcome: .success, query: nil) == nil)
        // Three steps of 200 ms each: more than the 500 ms the request has.
        let slow = ULCTester(
            store: SlowStore(base: base, delay: .milliseconds(200)),
            publicURL: ServerFixture.publicURL,
            requestDeadline: .milliseconds(500)
        )
        await #expect(throws: StoreUnavailableError.self) {
            _ = try await slow.record(token: "token-a", outcome: .success, query: nil)
        }
    }
}
