import Logging
import PostgresNIO

/// Tester runs in PostgreSQL through PostgresNIO's connection pool, so that several server
/// instances behind a load balancer share one state: a run created on one instance completes
/// through a callback that reaches another, and outlives restarts of both.
///
/// The schema is brought up to date at start by ``PostgresMigrations``. Recording an outcome is
/// one `UPDATE … WHERE outcome IS NULL`: under PostgreSQL's row locking a second instance racing
/// the first re-reads the row after the first commits and changes nothing, so each run is
/// completed once. Every operation is bounded in time; a database that is down or unreachable
/// makes it throw ``StoreUnavailableError`` (the server answers 503), and the pool reconnects by
/// itself when the database returns.
///
/// ```swift
/// let store = try await PostgresTestStore.connect(url: "postgres://roundtrip@127.0.0.1/roundtrip", logger: logger)
/// defer { Task { await store.shutdown() } }
/// ```
package final class PostgresTestStore: ULCTestStore, Sendable {
    /// Where the database is (without credentials).
    package let url: PostgresURL
    package let client: PostgresClient
    private let runner: Task<Void, Never>
    private let logger: Logger

    /// How long one operation may take before the database counts as unavailable.
    static let operationLimit: Duration = .seconds(5)
    /// How long the reachability check at start may take.
    static let connectLimit: Duration = .seconds(10)

    private init(url: PostgresURL, logger: Logger) {
        self.url = url
        self.logger = logger
        var configuration = url.clientConfiguration
        configuration.options.connectTimeout = .seconds(3)
        configuration.options.minimumConnections = 2
        configuration.options.maximumConnections = 16
        // A write is acknowledged only once PostgreSQL has flushed it: the server's default
        // `synchronous_commit = on` is kept (PostgreSQL's "Asynchronous Commit" would answer before
        // the flush and may lose acknowledged runs in a crash).
        let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        self.client = client
        runner = Task { await client.run() }
    }

    /// Connects to a database and migrates it: first one connection checks that the server
    /// answers, so that a wrong host, port, password or database is reported at once with the
    /// reason; then the pool starts and the migrations run.
    ///
    /// - Parameters:
    ///   - text: A `postgres://user:password@host:port/database` URL (see ``PostgresURL``).
    ///   - logger: Where the pool logs.
    /// - Throws: ``StoreUnavailableError`` with the reason (`connection refused`,
    ///   `password authentication failed for user "…"`, …); the message never holds the password.
    package static func connect(url text: String, logger: Logger) async throws -> PostgresTestStore {
        let url = try PostgresURL(text)
        do {
            let configuration = try url.connectionConfiguration()
            let connection = try await StoreDeadline.run(within: connectLimit) {
                try await PostgresConnection.connect(configuration: configuration, id: 0, logger: logger)
            }
            try await connection.close()
        } catch {
            throw StoreUnavailableError(PostgresErrorReason.describe(error))
        }
        let store = PostgresTestStore(url: url, logger: logger)
        do {
            let applied = try await PostgresMigrations.migrate(store.client, logger: logger)
            if !applied.isEmpty {
                logger.info("migrated the database", metadata: ["database": "\(url)", "versions": "\(applied)"])
            }
        } catch {
            await store.shutdown()
            throw StoreUnavailableError("the migrations failed: " + PostgresErrorReason.describe(error))
        }
        return store
    }

    /// Closes the pool's connections and waits for its background work to end.
    package func shutdown() async {
        runner.cancel()
        await runner.value
    }

    package func insert(_ test: ULCTest) async throws {
        try await perform { client in
            _ = try await client.query(
                """
                INSERT INTO ulc_test (id, token, target, kind, link, created_at)
                VALUES (\(test.id), \(test.token), \(test.target), \(test.kind.rawValue), \(test.link), \(test.createdAt))
                """
            )
        }
    }

    package func test(id: String) async throws -> ULCTest? {
        try await perform { client in
            try await self.tests(client.query("SELECT \(unescaped: Self.columns) FROM ulc_test WHERE id = \(id)")).first
        }
    }

    package func test(token: String) async throws -> ULCTest? {
        try await perform { client in
            try await self.tests(client.query("SELECT \(unescaped: Self.columns) FROM ulc_test WHERE token = \(token)")).first
        }
    }

    package func recordOutcome(token: String, outcome: CallbackOutcome, at time: Int64, query: String?) async throws -> Bool {
        try await perform { client in
            let rows = try await client.query(
                """
                UPDATE ulc_test SET outcome = \(outcome.rawValue), completed_at = \(time), callback_query = \(query)
                WHERE token = \(token) AND outcome IS NULL RETURNING id
                """
            )
            var count = 0
            for try await _ in rows { count += 1 }
            return count == 1
        }
    }

    package func recent(limit: Int) async throws -> [ULCTest] {
        try await perform { client in
            try await self.tests(
                client.query("SELECT \(unescaped: Self.columns) FROM ulc_test ORDER BY created_at DESC, seq DESC LIMIT \(limit)")
            )
        }
    }

    package func deleteCreated(before time: Int64) async throws -> Int {
        try await perform { client in
            var count = 0
            for try await _ in try await client.query("DELETE FROM ulc_test WHERE created_at < \(time) RETURNING id") { count += 1 }
            return count
        }
    }

    /// Answers when a write would be durable: it writes one row, so a read-only server, a full disk
    /// or a frozen database fails it (within the deadline), not only a lost connection.
    package func ping() async throws {
        try await perform { client in
            try await client.query(
                """
                INSERT INTO roundtrip_readiness (id, checked_at) VALUES (1, now())
                ON CONFLICT (id) DO UPDATE SET checked_at = excluded.checked_at
                """
            )
            return ()
        }
    }

    /// The columns every read selects, in ``tests(_:)``'s order.
    static let columns = "id, token, target, kind, link, created_at, outcome, completed_at, callback_query"

    /// Rows as runs; a row with an unknown kind or outcome (a hand edit, or a newer schema) is
    /// skipped and logged. The schema's column types and NOT NULLs keep every other column valid.
    private func tests(_ rows: PostgresRowSequence) async throws -> [ULCTest] {
        var tests: [ULCTest] = []
        typealias Columns = (String, String, String, String, String, Int64, String?, Int64?, String?)
        for try await (id, token, target, kind, link, createdAt, outcome, completedAt, query) in rows.decode(Columns.self) {
            guard let kind = TargetKind(rawValue: kind) else {
                logger.error("skipped a malformed tester run row", metadata: ["id": "\(id)", "reason": "unknown kind '\(kind)'"])
                continue
            }
            let recorded = outcome.flatMap(CallbackOutcome.init(rawValue:))
            if let outcome, recorded == nil {
                logger.error("skipped a malformed tester run row", metadata: ["id": "\(id)", "reason": "unknown outcome '\(outcome)'"])
                continue
            }
            tests.append(
                ULCTest(
                    id: id,
                    token: token,
                    target: target,
                    kind: kind,
                    link: link,
                    createdAt: createdAt,
                    outcome: recorded,
                    completedAt: completedAt,
                    callbackQuery: query
                )
            )
        }
        return tests
    }

    /// Runs an operation within ``operationLimit``; errors that mean the database is not there
    /// become ``StoreUnavailableError``, the server's other answers (a bug) stay as they are.
    private func perform<Result: Sendable>(_ operation: @escaping @Sendable (PostgresClient) async throws -> Result) async throws -> Result {
        let client = client
        do {
            return try await StoreDeadline.run(within: Self.operationLimit) { try await operation(client) }
        } catch let error as StoreUnavailableError {
            throw error
        } catch {
            guard PostgresErrorReason.meansUnavailable(error) else { throw error }
            logger.warning("the database is unavailable", metadata: ["database": "\(url)", "reason": "\(PostgresErrorReason.describe(error))"])
            throw StoreUnavailableError(PostgresErrorReason.describe(error))
        }
    }
}
