import Foundation
import GRDB

/// Tester runs in SQLite through GRDB: a file (WAL mode, so readers never wait for the writer)
/// or `:memory:`. The embedded default; for several server instances use ``PostgresTestStore``.
///
/// The schema is created and upgraded at start by ``migrator``, whose migrations are versioned by
/// name and each run once per file; recording an outcome is one conditional
/// `UPDATE … WHERE outcome IS NULL`, so two callbacks racing each other cannot both win.
package struct SQLiteTestStore: ULCTestStore {
    /// The database.
    package let writer: any DatabaseWriter

    /// Opens (creating if needed) a database and brings its schema up to date.
    ///
    /// - Parameter path: A file path, or `:memory:` for a private in-memory database.
    /// - Throws: GRDB's `DatabaseError` when the file cannot be opened or migrated.
    package init(path: String) throws {
        if path == ":memory:" {
            writer = try DatabaseQueue()
        } else {
            // Another process (a second `serve`, a backup) may hold the write lock for a moment:
            // wait for it rather than fail the request with "database is locked" (SQLite's
            // busy timeout, "sqlite3_busy_timeout").
            var configuration = Configuration()
            configuration.busyMode = .timeout(10)
            writer = try DatabasePool(path: path, configuration: configuration)
        }
        try Self.migrator.migrate(writer)
    }

    /// The schema's migrations, in order; each runs once per database.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: ulc_test") { db in
            try db.create(table: "ulc_test") { table in
                table.primaryKey("id", .text)
                table.column("token", .text).notNull().unique()
                table.column("target", .text).notNull()
                table.column("kind", .text).notNull()
                table.column("link", .text).notNull()
                table.column("created_at", .integer).notNull().indexed()
                table.column("outcome", .text)
                table.column("completed_at", .integer)
                table.column("callback_query", .text)
            }
        }
        return migrator
    }

    package func insert(_ test: ULCTest) async throws {
        try await writer.write { db in
            try db.execute(
                sql: "INSERT INTO ulc_test (id, token, target, kind, link, created_at) VALUES (?, ?, ?, ?, ?, ?)",
                arguments: [test.id, test.token, test.target, test.kind.rawValue, test.link, test.createdAt]
            )
        }
    }

    package func test(id: String) async throws -> ULCTest? {
        try await writer.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM ulc_test WHERE id = ?", arguments: [id]).flatMap(Self.test(from:))
        }
    }

    package func test(token: String) async throws -> ULCTest? {
        try await writer.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM ulc_test WHERE token = ?", arguments: [token]).flatMap(Self.test(from:))
        }
    }

    package func recordOutcome(token: String, outcome: CallbackOutcome, at time: Int64, query: String?) async throws -> Bool {
        try await writer.write { db in
            try db.execute(
                sql: "UPDATE ulc_test SET outcome = ?, completed_at = ?, callback_query = ? WHERE token = ? AND outcome IS NULL",
                arguments: [outcome.rawValue, time, query, token]
            )
            return db.changesCount == 1
        }
    }

    package func recent(limit: Int) async throws -> [ULCTest] {
        try await writer.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM ulc_test ORDER BY created_at DESC, rowid DESC LIMIT ?", arguments: [limit])
                .compactMap(Self.test(from:))
        }
    }

    package func ping() async throws {
        try await writer.read { db in
            _ = try Int.fetchOne(db, sql: "SELECT 1")
        }
    }

    /// A row as a run; a row with an unknown kind (from a newer schema) is skipped.
    private static func test(from row: Row) -> ULCTest? {
        guard let kind = TargetKind(rawValue: row["kind"]) else { return nil }
        let outcome: String? = row["outcome"]
        return ULCTest(
            id: row["id"],
            token: row["token"],
            target: row["target"],
            kind: kind,
            link: row["link"],
            createdAt: row["created_at"],
            outcome: outcome.flatMap(CallbackOutcome.init(rawValue:)),
            completedAt: row["completed_at"],
            callbackQuery: row["callback_query"]
        )
    }
}
