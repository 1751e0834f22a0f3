import Foundation
import PostgresNIO

/// A `postgres://user:password@host:port/database?sslmode=…` URL, read into PostgresNIO's
/// configuration.
///
/// `postgresql://` is accepted too; the port defaults to 5432, the user to `postgres`, the
/// database to the user's name. `sslmode` is `disable`, `prefer` (the default) or `require`, as
/// libpq spells them. User and password may be percent-encoded.
package struct PostgresURL: Sendable, CustomStringConvertible {
    /// The host name or address.
    package let host: String
    /// The port.
    package let port: Int
    /// The user.
    package let username: String
    /// The password, when given.
    let password: String?
    /// The database.
    package let database: String
    /// The TLS mode.
    package let sslMode: String

    /// Whether a `--database` value names PostgreSQL rather than a SQLite file.
    package static func isPostgres(_ text: String) -> Bool {
        text.hasPrefix("postgres://") || text.hasPrefix("postgresql://")
    }

    /// Reads a URL.
    ///
    /// - Throws: ``StoreUnavailableError`` naming what is wrong with it.
    package init(_ text: String) throws {
        guard Self.isPostgres(text), let components = URLComponents(string: text) else {
            throw StoreUnavailableError("'\(Self.redacted(text))' is not a postgres://user@host:port/database URL")
        }
        guard let host = components.host, !host.isEmpty else {
            throw StoreUnavailableError("the URL names no host")
        }
        self.host = host
        port = components.port ?? 5432
        username = components.percentEncodedUser?.removingPercentEncoding ?? "postgres"
        password = components.percentEncodedPassword?.removingPercentEncoding
        let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        database = path.isEmpty ? username : path
        let mode = components.queryItems?.first { $0.name == "sslmode" }?.value ?? "prefer"
        guard ["disable", "prefer", "require"].contains(mode) else {
            throw StoreUnavailableError("sslmode must be disable, prefer or require, not '\(mode)'")
        }
        sslMode = mode
    }

    /// `host:port/database`, without credentials: safe for logs and error messages.
    package var description: String { "\(host):\(port)/\(database)" }

    /// The client configuration.
    var clientConfiguration: PostgresClient.Configuration {
        PostgresClient.Configuration(host: host, port: port, username: username, password: password, database: database, tls: clientTLS)
    }

    /// The configuration of one connection (the reachability check at start).
    ///
    /// - Throws: NIOSSL's error when a TLS context cannot be made.
    package func connectionConfiguration() throws -> PostgresConnection.Configuration {
        let tls: PostgresConnection.Configuration.TLS
        switch sslMode {
        case "disable": tls = .disable
        case "require": tls = .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
        default: tls = .prefer(try NIOSSLContext(configuration: .makeClientConfiguration()))
        }
        return PostgresConnection.Configuration(host: host, port: port, username: username, password: password, database: database, tls: tls)
    }

    private var clientTLS: PostgresClient.Configuration.TLS {
        switch sslMode {
        case "disable": .disable
        case "require": .require(.makeClientConfiguration())
        default: .prefer(.makeClientConfiguration())
        }
    }

    /// The URL with any password replaced by `***`.
    static func redacted(_ text: String) -> String {
        guard var components = URLComponents(string: text), components.password != nil else { return text }
        components.password = "***"
        return components.string ?? text
    }
}
