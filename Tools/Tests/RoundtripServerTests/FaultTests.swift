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
}
