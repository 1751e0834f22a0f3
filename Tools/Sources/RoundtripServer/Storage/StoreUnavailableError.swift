/// The store's database does not answer (it is down, unreachable, or too slow): the server
/// answers 503 `store-unavailable` and keeps serving, and recovers by itself when the database
/// returns.
public struct StoreUnavailableError: Error, Sendable, CustomStringConvertible {
    /// Why, for the log (never shown to clients).
    public let reason: String

    /// Creates the error.
    public init(_ reason: String) {
        self.reason = reason
    }

    /// `the database is unavailable: <reason>`.
    public var description: String { "the database is unavailable: \(reason)" }
}
