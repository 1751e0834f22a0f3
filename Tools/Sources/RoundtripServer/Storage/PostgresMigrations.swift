import Logging
import PostgresNIO

/// The PostgreSQL schema's migrations, versioned: each runs once per database, in order, inside
/// one transaction that holds an advisory lock, so instances starting together migrate once.
///
/// Applied versions are kept in `roundtrip_schema_migrations`; a migration is never edited once
/// released, only followed by a new one.
enum PostgresMigrations {
    /// One migration: its version, a name for the log and its statements.
    struct Migration: Sendable {
        let version: Int
        let name: String
        let statements: [PostgresQuery]
    }

    /// The lock key (an arbitrary constant: "roundtrip" as a number).
    static let lockKey: Int64 = 0x726F_756E_6474_7270

    /// Every migration, oldest first.
    static let all: [Migration] = [
        Migration(
            version: 1,
            name: "ulc_test",
            statements: [
                """
                CREATE TABLE ulc_test (
                    seq BIGSERIAL,
                    id TEXT PRIMARY KEY,
                    token TEXT NOT NULL UNIQUE,
                    target TEXT NOT NULL,
                    kind TEXT NOT NULL,
                    link TEXT NOT NULL,
                    created_at BIGINT NOT NULL,
                    outcome TEXT,
                    completed_at BIGINT,
                    callback_query TEXT
                )
                """,
                "CREATE INDEX ulc_test_created_at ON ulc_test (created_at DESC)",
            ]
        ),
        Migration(
            version: 2,
            name: "roundtrip_readiness",
            statements: ["CREATE TABLE roundtrip_readiness (id INTEGER PRIMARY KEY, checked_at TIMESTAMPTZ NOT NULL)"]
        ),
    ]

    /// Applies the migrations the database lacks.
    ///
    /// - Returns: The versions applied by this call.
    static func migrate(_ client: PostgresClient, logger: Logger) async throws -> [Int] {
        try await client.withTransaction(logger: logger) { connection in
            try await connection.query("SELECT pg_advisory_xact_lock(\(lockKey))", logger: logger)
            try await connection.query(
                """
                CREATE TABLE IF NOT EXISTS roundtrip_schema_migrations (
                    version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())
                """,
                logger: logger
            )
            var applied: Set<Int> = []
            for try await version in try await connection.query("SELECT version FROM roundtrip_schema_migrations", logger: logger)
                .decode(Int.self)
            {
                applied.insert(version)
            }
            var ran: [Int] = []
            for migration in all where !applied.contains(migration.version) {
                for statement in migration.statements {
                    try await connection.query(statement, logger: logger)
                }
                try await connection.query(
                    "INSERT INTO roundtrip_schema_migrations (version, name) VALUES (\(migration.version), \(migration.name))",
                    logger: logger
                )
                ran.append(migration.version)
            }
            return ran
        }
    }
}
