import Foundation
import Logging
import PostgresNIO
import RoundtripServer
import Testing

/// The tester's two stores, for suites that run the same behaviour against both.
enum StoreKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite
    case postgres

    var testDescription: String { rawValue }
}

/// A fresh, empty database of one kind for one test: a SQLite file in a temporary folder, or a
/// database of its own on the PostgreSQL server that `ROUNDTRIP_TEST_POSTGRES_URL` names
/// (`.ci/run` starts one on loopback and sets it).
struct TestDatabase: Sendable {
    /// The environment variable naming the PostgreSQL server's admin URL.
    static let environmentKey = "ROUNDTRIP_TEST_POSTGRES_URL"

    /// The PostgreSQL server, when one is configured.
    static var postgresURL: String? {
        ProcessInfo.processInfo.environment[environmentKey].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The kinds this run can test: PostgreSQL only when a server is configured.
    static var kinds: [StoreKind] { postgresURL == nil ? [.sqlite] : StoreKind.allCases }

    static var logger: Logger {
        var logger = Logger(label: "test.store")
        logger.logLevel = .critical
        return logger
    }

    let kind: StoreKind
    /// The SQLite file, or the database's own postgres:// URL.
    let location: String

    /// Makes an empty database.
    static func fresh(_ kind: StoreKind) async throws -> TestDatabase {
        let name = "roundtrip_test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(16)
        switch kind {
        case .sqlite:
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            return TestDatabase(kind: kind, location: folder.appendingPathComponent("runs.sqlite").path)
        case .postgres:
            let admin = try #require(postgresURL, "set \(environmentKey) to test PostgreSQL")
            try await execute("CREATE DATABASE \(name)", on: admin)
            var components = try #require(URLComponents(string: admin))
            components.path = "/" + name
            return TestDatabase(kind: kind, location: try #require(components.string))
        }
    }

    /// Opens a store on the database (as a server instance starting does: migrations included).
    func open() async throws -> any ULCTestStore {
        switch kind {
        case .sqlite: try SQLiteTestStore(path: location)
        case .postgres: try await PostgresTestStore.connect(url: location, logger: Self.logger)
        }
    }

    /// Closes a store opened by ``open()``.
    func close(_ store: any ULCTestStore) async {
        await (store as? PostgresTestStore)?.shutdown()
    }

    /// Removes the database.
    func remove() async {
        switch kind {
        case .sqlite:
            try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: location).deletingLastPathComponent().path)
        case .postgres:
            guard let admin = Self.postgresURL, let name = URLComponents(string: location)?.path.dropFirst() else { return }
            try? await Self.execute("DROP DATABASE IF EXISTS \(name) WITH (FORCE)", on: admin)
        }
    }

    /// Runs one statement on its own connection.
    static func execute(_ sql: String, on url: String) async throws {
        let configuration = try PostgresURL(url).connectionConfiguration()
        let connection = try await PostgresConnection.connect(configuration: configuration, id: 1, logger: logger)
        do {
            try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger)
        } catch {
            try? await connection.close()
            throw error
        }
        try await connection.close()
    }

    /// Runs a test body on a fresh database and removes it afterwards.
    static func with(_ kind: StoreKind, _ body: (TestDatabase) async throws -> Void) async throws {
        let database = try await fresh(kind)
        do {
            try await body(database)
            await database.remove()
        } catch {
            await database.remove()
            throw error
        }
    }
}
