import Foundation
import GRDB
import Logging

/// Tester runs in SQLite through GRDB: a file (WAL mode, so readers never wait for the writer)
/// or `:memory:`. The embedded default; for several server instances use ``PostgresTestStore``.
///
/// The schema is created and upgraded at start by ``migrator``, whose migrations are versioned by
/// name and each run once per file; recording an outcome is one conditional
/// `UPDATE … WHERE outcome IS NULL`, so two callbacks racing each other cannot both win.
package struct SQLiteTestStore: ULCTestStore {
    /// The database.
    package let writer: any DatabaseWriter
    /// Where rows that are not runs are reported.
    let logger: Logger
    /// The file's identity when it was opened (`nil` in memory): a file deleted or replaced under
    /// a running server would take its writes into an unlinked file that nothing reads again.
    private let fileIdentity: FileIdentity?
    /// How long one operation may take before the database counts as unavailable.
    let operationLimit: Duration

    /// Opens (creating if needed) a database and brings its schema up to date.
    ///
    /// - Parameters:
    ///   - path: A file path, or `:memory:` for a private in-memory database.
    ///   - logger: Where malformed rows (edited by hand, or by a newer version) are reported.
    ///   - operationLimit: How long one operation may take (5 s); past it the request is answered
    ///     503 and the operation abandoned.
    /// - Throws: GRDB's `DatabaseError` when the file cannot be opened or migrated.
    package init(path: String, logger: Logger = Logger(label: "roundtrip.store"), operationLimit: Duration = .seconds(5)) throws {
        self.logger = logger
        self.operationLimit = operationLimit
        if path == ":memory:" {
            writer = try DatabaseQueue()
            fileIdentity = nil
        } else {
            // Another process (a second `serve`, a backup) may hold the write lock for a moment:
            // wait for it rather than fail the request with "database is locked" (SQLite's
            // busy timeout, "sqlite3_busy_timeout"), but less than the request's deadline.
            var configuration = Configuration()
            let busy = max(operationLimit / 2, .milliseconds(100)).components
            configuration.busyMode = .timeout(Double(busy.seconds) + Double(busy.attoseconds) / 1e18)
            // A write is acknowledged only once it is on disk: WAL mode's default, NORMAL, may
            // lose the last commits on power loss (SQLite's "PRAGMA synchronous": FULL syncs the
            // WAL at every commit).
            configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
            writer = try DatabasePool(path: path, configuration: configuration)
            fileIdentity = FileIdentity(path: path)
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
        migrator.registerMigration("v2: roundtrip_readiness") { db in
            try db.create(table: "roundtrip_readiness") { table in
                table.primaryKey("id", .integer)
                table.column("checked_at", .integer).notNull()
            }
        }
        return migrator
    }

    package func insert(_ test: ULCTest) async throws {
        try await perform(writing: true) { writer in
            try await writer.write { db in
                try db.execute(
                    sql: "INSERT INTO ulc_test (id, token, target, kind, link, created_at) VALUES (?, ?, ?, ?, ?, ?)",
                    arguments: [test.id, test.token, test.target, test.kind.rawValue, test.link, test.createdAt]
                )
            }
        }
    }

    package func test(id: String) async throws -> ULCTest? {
        try await perform(writing: false) { writer in
            try await writer.read { db in
                try Row.fetchOne(db, sql: "SELECT * FROM ulc_test WHERE id = ?", arguments: [id]).flatMap(test(from:))
            }
        }
    }

    package func test(token: String) async throws -> ULCTest? {
        try await perform(writing: false) { writer in
            try await writer.read { db in
                try Row.fetchOne(db, sql: "SELECT * FROM ulc_test WHERE token = ?", arguments: [token]).flatMap(test(from:))
            }
        }
    }

    package func recordOutcome(token: String, outcome: CallbackOutcome, at time: Int64, query: String?) async throws -> Bool {
        try await perform(writing: true) { writer in
            try await writer.write { db in
                try db.execute(
                    sql: "UPDATE ulc_test SET outcome = ?, completed_at = ?, callback_query = ? WHERE token = ? AND outcome IS NULL",
                    arguments: [outcome.rawValue, time, query, token]
                )
                return db.changesCount == 1
            }
        }
    }

    package func recent(limit: Int) async throws -> [ULCTest] {
        try await perform(writing: false) { writer in
            try await writer.read { db in
                try Row.fetchAll(db, sql: "SELECT * FROM ulc_test ORDER BY created_at DESC, rowid DESC LIMIT ?", arguments: [limit])
                    .compactMap(test(from:))
            }
        }
    }

    package func deleteCreated(before time: Int64) async throws -> Int {
        try await perform(writing: true) { writer in
            try await writer.write { db in
                try db.execute(sql: "DELETE FROM ulc_test WHERE created_at < ?", arguments: [time])
                return db.changesCount
            }
        }
    }

    /// Answers when a write would be durable: it writes one row (a full disk, a read-only file or
    /// a write lock held elsewhere fail it) to the file still at the path the store opened.
    package func ping() async throws {
        try await perform(writing: true) { writer in
            try await writer.write { db in
                try db.execute(
                    sql: "INSERT OR REPLACE INTO roundtrip_readiness (id, checked_at) VALUES (1, ?)",
                    arguments: [Int64(Date().timeIntervalSince1970 * 1000)]
                )
            }
        }
    }

    /// Runs an operation within ``operationLimit``. SQLite's errors that mean the database cannot
    /// answer (a full disk, I/O errors, a lock held too long, a read-only or vanished file) become
    /// ``StoreUnavailableError``; a write is refused at once when the file at the path is no
    /// longer the one opened.
    private func perform<Result: Sendable>(
        writing: Bool,
        _ operation: @escaping @Sendable (any DatabaseWriter) async throws -> Result
    ) async throws -> Result {
        if writing, let fileIdentity, let reason = fileIdentity.change() {
            logger.error("the database file is gone", metadata: ["reason": "\(reason)"])
            throw StoreUnavailableError(reason)
        }
        let writer = writer
        do {
            return try await StoreDeadline.run(within: operationLimit) { try await operation(writer) }
        } catch let error as DatabaseError where Self.unavailableCodes.contains(error.resultCode.primaryResultCode) {
            logger.warning("the database is unavailable", metadata: ["reason": "\(error)"])
            throw StoreUnavailableError(error.message ?? "\(error.resultCode)")
        }
    }

    /// SQLite's primary result codes that mean "cannot answer now", not "bad request" (SQLite's
    /// "Result and Error Codes").
    private static let unavailableCodes: [ResultCode] = [
        .SQLITE_BUSY, .SQLITE_LOCKED, .SQLITE_FULL, .SQLITE_IOERR, .SQLITE_READONLY, .SQLITE_CANTOPEN, .SQLITE_NOTADB, .SQLITE_CORRUPT,
    ]

    /// A row as a run, or `nil` (logged) for a row that is not one: a NULL or mistyped column, an
    /// unknown kind or outcome (a hand edit, or a newer schema). GRDB's `row[column]` subscripts
    /// stop the process on such a value (they decode with `try!`), so every column is decoded
    /// with the throwing `decode(_:forColumn:)`.
    private func test(from row: Row) -> ULCTest? {
        do {
            let kindText = try row.decode(String.self, forColumn: "kind")
            guard let kind = TargetKind(rawValue: kindText) else { throw MalformedRow(reason: "unknown kind '\(kindText)'") }
            let outcomeText = try row.decode(String?.self, forColumn: "outcome")
            let outcome = try outcomeText.map { text in
                guard let outcome = CallbackOutcome(rawValue: text) else { throw MalformedRow(reason: "unknown outcome '\(text)'") }
                return outcome
            }
            return ULCTest(
                id: try row.decode(String.self, forColumn: "id"),
                token: try row.decode(String.self, forColumn: "token"),
                target: try row.decode(String.self, forColumn: "target"),
                kind: kind,
                link: try row.decode(String.self, forColumn: "link"),
                createdAt: try row.decode(Int64.self, forColumn: "created_at"),
                outcome: outcome,
                completedAt: try row.decode(Int64?.self, forColumn: "completed_at"),
                callbackQuery: try row.decode(String?.self, forColumn: "callback_query")
            )
        } catch {
            let id = (try? row.decode(String?.self, forColumn: "id")) ?? nil
            logger.error("skipped a malformed tester run row", metadata: ["id": "\(id ?? "?")", "reason": "\(error)"])
            return nil
        }
    }

    /// Why a row is not a run.
    private struct MalformedRow: Error, CustomStringConvertible {
        let reason: String
        var description: String { reason }
    }
}
