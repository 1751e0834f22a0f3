import Foundation
import HummingbirdTesting
import PostgresNIO
import RoundtripServer
import Testing

/// The store's behaviour, the same for SQLite and PostgreSQL: each test runs once per store
/// (PostgreSQL when `ROUNDTRIP_TEST_POSTGRES_URL` names a server, as `.ci/run` does).
@Suite("Stores")
struct StoreTests {
    static func sample(_ id: String, at time: Int64 = 1000) -> ULCTest {
        ULCTest(id: id, token: "token-" + id, target: "https://a.example/" + id, kind: .ulc, link: "https://a.example/?l", createdAt: time)
    }

    @Test("runs survive closing and reopening; migrations run once", arguments: TestDatabase.kinds)
    func persistence(_ kind: StoreKind) async throws {
        try await TestDatabase.with(kind) { database in
            let store = try await database.open()
            try await store.insert(Self.sample("a"))
            #expect(try await store.recordOutcome(token: "token-a", outcome: .error, at: 1500, query: "q=1"))
            await database.close(store)

            let reopened = try await database.open()
            let test = try #require(try await reopened.test(id: "a"))
            #expect(test.outcome == .error)
            #expect(test.completedAt == 1500)
            #expect(test.callbackQuery == "q=1")
            #expect(try await reopened.test(token: "token-a")?.id == "a")
            await database.close(reopened)
        }
    }

    @Test("an outcome is recorded once, even when callbacks race on two instances", arguments: TestDatabase.kinds)
    func recordOnce(_ kind: StoreKind) async throws {
        try await TestDatabase.with(kind) { database in
            let first = try await database.open()
            let second = try await database.open()
            try await first.insert(Self.sample("a"))
            let stores = [first, second]
            let wins = try await withThrowingTaskGroup(of: Bool.self) { group in
                for index in 0..<20 {
                    let store = stores[index % 2]
                    group.addTask {
                        try await store.recordOutcome(
                            token: "token-a",
                            outcome: index.isMultiple(of: 2) ? .success : .error,
                            at: 2000 + Int64(index),
                            query: nil
                        )
                    }
                }
                return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
            }
            #expect(wins == 1)
            #expect(try await second.recordOutcome(token: "nope", outcome: .success, at: 1, query: nil) == false)
            await database.close(first)
            await database.close(second)
        }
    }

    @Test("recent: newest first, limited; unknown ids are nil; ping answers", arguments: TestDatabase.kinds)
    func recent(_ kind: StoreKind) async throws {
        try await TestDatabase.with(kind) { database in
            let store = try await database.open()
            for (index, id) in ["a", "b", "c"].enumerated() {
                try await store.insert(Self.sample(id, at: Int64(index)))
            }
            #expect(try await store.recent(limit: 2).map(\.id) == ["c", "b"])
            #expect(try await store.test(id: "zzz") == nil)
            try await store.ping()
            await database.close(store)
        }
    }

    @Test("a run created on one instance completes through a callback on another", arguments: TestDatabase.kinds)
    func twoInstances(_ kind: StoreKind) async throws {
        try await TestDatabase.with(kind) { database in
            let storeA = try await database.open()
            let storeB = try await database.open()
            let (id, callbackPath) = try await ServerFixture.app(store: storeA).test(.router) { client in
                let created = try await client.post("/api/ulc-tests", json: #"{"target": "https://terminal.example.com/logout"}"#)
                #expect(created.status == .created)
                let id = try #require(created.json["id"] as? String)
                let link = try #require(created.json["link"] as? String)
                return (id, try TesterAPITests.path(of: try TesterAPITests.callback("ulc-success", in: link)))
            }
            try await ServerFixture.app(store: storeB).test(.router) { client in
                #expect(try await client.get(callbackPath).status == .ok)
                // The second callback, on either instance, changes nothing.
                let again = try await client.get(callbackPath.replacingOccurrences(of: "/success", with: "/error"))
                #expect(again.status == .ok)
            }
            try await ServerFixture.app(store: storeA).test(.router) { client in
                let shown = try await client.get("/api/ulc-tests/" + id)
                #expect(shown.json["status"] as? String == "success")
            }
            await database.close(storeA)
            await database.close(storeB)

            // Both instances restart: the run is still there.
            let restarted = try await database.open()
            #expect(try await restarted.test(id: id)?.outcome == .success)
            await database.close(restarted)
        }
    }

    @Test(
        "a hand-edited row that is not a run is skipped, never a crash",
        arguments: [
            "UPDATE ulc_test SET created_at = 'yesterday' WHERE id = 'bad'",
            "UPDATE ulc_test SET kind = 'carrier-pigeon' WHERE id = 'bad'",
            "UPDATE ulc_test SET outcome = 'maybe' WHERE id = 'bad'",
            "UPDATE ulc_test SET completed_at = 'soon' WHERE id = 'bad'",
            "UPDATE ulc_test SET target = NULL WHERE id = 'bad'",
        ]
    )
    func malformedRowSkipped(edit: String) async throws {
        // A table without NOT NULL, as a hand-made or restored database may have.
        let store = try SQLiteTestStore(path: ":memory:")
        try await store.writer.write { db in
            try db.execute(sql: "ALTER TABLE ulc_test RENAME TO ulc_test_strict")
            try db.execute(sql: "CREATE TABLE ulc_test AS SELECT * FROM ulc_test_strict")
        }
        // Created at the fixture clock's time, so the server's retention sweep keeps them.
        try await store.insert(Self.sample("good", at: 1_800_000_000_000))
        try await store.insert(Self.sample("bad", at: 1_800_000_001_000))
        try await store.writer.write { db in try db.execute(sql: edit) }
        #expect(try await store.test(id: "bad") == nil)
        #expect(try await store.test(token: "token-bad") == nil)
        #expect(try await store.recent(limit: 10).map(\.id) == ["good"])
        try await ServerFixture.app(store: store).test(.router) { client in
            let list = try await client.get("/api/ulc-tests")
            #expect(list.status == .ok)
            #expect((list.json["tests"] as? [[String: Any]])?.count == 1)
            #expect(try await client.get("/api/ulc-tests/bad").status == .notFound)
        }
    }

    @Test(
        "PostgreSQL: a row with an unknown kind or outcome is skipped, never a crash",
        .enabled(if: TestDatabase.postgresURL != nil),
        arguments: [
            "UPDATE ulc_test SET kind = 'carrier-pigeon' WHERE id = 'bad'",
            "UPDATE ulc_test SET outcome = 'maybe' WHERE id = 'bad'",
        ] as [PostgresQuery]
    )
    func postgresMalformedRowSkipped(edit: PostgresQuery) async throws {
        try await TestDatabase.with(.postgres) { database in
            let store = try #require(try await database.open() as? PostgresTestStore)
            try await store.insert(Self.sample("good", at: 1000))
            try await store.insert(Self.sample("bad", at: 2000))
            try await store.client.query(edit)
            #expect(try await store.test(id: "bad") == nil)
            #expect(try await store.recent(limit: 10).map(\.id) == ["good"])
            await database.close(store)
        }
    }

    @Test("PostgreSQL is tested in CI")
    func postgresConfiguredInCI() {
        let inCI = ProcessInfo.processInfo.environment["CI"].map { !$0.isEmpty && $0 != "false" } ?? false
        if TestDatabase.postgresURL == nil {
            if inCI {
                Issue.record("CI must test PostgreSQL: set \(TestDatabase.environmentKey) (.ci/run starts a server and sets it)")
            } else {
                print("note: \(TestDatabase.environmentKey) is not set: the store tests ran on SQLite only")
            }
        }
    }

    @Test(
        "status and elapsed time against the deadline",
        arguments: [
            (nil, nil, 5_000, "pending", 5_000),
            (nil, nil, 20_000, "pending", 20_000),
            (nil, nil, 20_001, "timeout", 20_000),
            (CallbackOutcome.success, 3_000, 50_000, "success", 3_000),
            (CallbackOutcome.error, 20_000, 50_000, "error", 20_000),
            (CallbackOutcome.success, 25_000, 50_000, "timeout", 25_000),
        ] as [(CallbackOutcome?, Int64?, Int64, String, Int64)]
    )
    func status(outcome: CallbackOutcome?, completed: Int64?, now: Int64, status: String, elapsed: Int64) {
        var test = Self.sample("a", at: 0)
        test.outcome = outcome
        test.completedAt = completed
        #expect(test.status(at: now, timeoutMilliseconds: 20_000).rawValue == status)
        #expect(test.elapsedMilliseconds(at: now, timeoutMilliseconds: 20_000) == elapsed)
    }
}
