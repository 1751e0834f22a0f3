import Foundation
import Testing
@testable import RoundtripServer

@Suite("SQLite store")
struct StoreTests {
    static func sample(_ id: String, at time: Int64 = 1000) -> ULCTest {
        ULCTest(id: id, token: "token-" + id, target: "https://a.example/" + id, kind: .ulc, link: "https://a.example/?l", createdAt: time)
    }

    @Test("runs survive closing and reopening the file; migrations run once")
    func persistence() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roundtrip-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("runs.sqlite").path
        do {
            let store = try SQLiteTestStore(path: path)
            try await store.insert(Self.sample("a"))
            #expect(try await store.recordOutcome(token: "token-a", outcome: .error, at: 1500, query: "q=1"))
        }
        let reopened = try SQLiteTestStore(path: path)
        let test = try #require(try await reopened.test(id: "a"))
        #expect(test.outcome == .error)
        #expect(test.completedAt == 1500)
        #expect(test.callbackQuery == "q=1")
        #expect(try await reopened.test(token: "token-a")?.id == "a")
    }

    @Test("an outcome is recorded once, even when callbacks race")
    func recordOnce() async throws {
        let store = try SQLiteTestStore(path: ":memory:")
        try await store.insert(Self.sample("a"))
        let wins = try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<20 {
                group.addTask { try await store.recordOutcome(token: "token-a", outcome: index.isMultiple(of: 2) ? .success : .error, at: 2000 + Int64(index), query: nil) }
            }
            return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(wins == 1)
        #expect(try await store.recordOutcome(token: "nope", outcome: .success, at: 1, query: nil) == false)
    }

    @Test("recent: newest first, limited")
    func recent() async throws {
        let store = try SQLiteTestStore(path: ":memory:")
        for (index, id) in ["a", "b", "c"].enumerated() {
            try await store.insert(Self.sample(id, at: Int64(index)))
        }
        #expect(try await store.recent(limit: 2).map(\.id) == ["c", "b"])
        #expect(try await store.test(id: "zzz") == nil)
    }

    @Test("status and elapsed time against the deadline", arguments: [
        (nil, nil, 5_000, "pending", 5_000),
        (nil, nil, 20_000, "pending", 20_000),
        (nil, nil, 20_001, "timeout", 20_000),
        (CallbackOutcome.success, 3_000, 50_000, "success", 3_000),
        (CallbackOutcome.error, 20_000, 50_000, "error", 20_000),
        (CallbackOutcome.success, 25_000, 50_000, "timeout", 25_000),
    ] as [(CallbackOutcome?, Int64?, Int64, String, Int64)])
    func status(outcome: CallbackOutcome?, completed: Int64?, now: Int64, status: String, elapsed: Int64) {
        var test = Self.sample("a", at: 0)
        test.outcome = outcome
        test.completedAt = completed
        #expect(test.status(at: now, timeoutMilliseconds: 20_000).rawValue == status)
        #expect(test.elapsedMilliseconds(at: now, timeoutMilliseconds: 20_000) == elapsed)
    }
}
