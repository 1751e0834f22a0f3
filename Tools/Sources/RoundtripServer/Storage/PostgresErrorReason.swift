import Foundation
import NIOCore
import NIOPosix
import PostgresNIO

/// PostgresNIO's errors in words a person can act on, and which of them mean that the database
/// is not there (as opposed to a query the server refused).
enum PostgresErrorReason {
    /// SQLSTATE classes that mean the server or the connection went away, or cannot write now:
    /// 08 connection exception, 53 insufficient resources (a full disk), 57 operator intervention
    /// (shutdown, restart), 58 system error (I/O) (PostgreSQL's "Error Codes" appendix).
    static let unavailableClasses: Set<String> = ["08", "53", "57", "58"]
    /// Single SQLSTATEs with the same meaning: 25006 read-only transaction (a standby, or
    /// `default_transaction_read_only`).
    static let unavailableStates: Set<String> = ["25006"]

    /// Whether an error means the database is unavailable rather than a query refused.
    static func meansUnavailable(_ error: any Error) -> Bool {
        guard let error = error as? PSQLError else { return true }
        guard let state = error.serverInfo?[.sqlState] else { return true }
        return unavailableClasses.contains(String(state.prefix(2))) || unavailableStates.contains(state)
    }

    /// The reason, without credentials: the server's message, else the network's.
    static func describe(_ error: any Error) -> String {
        switch error {
        case let error as PSQLError:
            if let message = error.serverInfo?[.message] { return message }
            if let underlying = error.underlying { return describe(underlying) }
            return "\(error.code)"
        case let error as NIOConnectionError:
            if let dns = error.dnsAError ?? error.dnsAAAAError { return "cannot resolve \(error.host): \(dns)" }
            if let first = error.connectionErrors.first { return describe(first.error) }
            return "cannot connect to \(error.host):\(error.port)"
        case let error as IOError:
            return String(cString: strerror(error.errnoCode)).lowercased()
        case let error as ChannelError:
            if case .connectTimeout = error { return "the connection timed out" }
            return "\(error)"
        case let error as StoreUnavailableError:
            return error.reason
        default:
            return String(describing: error)
        }
    }
}
