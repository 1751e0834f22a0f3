/// The store's database does not answer (it is down, unreachable, or too slow): the server
/// answers 503 `store-unavailable` and keeps serving, and recovers by itself when the database
/// returns.
package struct StoreUnavailableError: Error, Sendable, CustomStringConvertible {
    /// Why, for the log (never shown to clients).
    package let reason: String

    /// Creates the error.
    package init(_ reason: String) {
        self.reason = reason
    }

    /// `the database is unavailable: <reason>`.
    package var description: String { "the database is unavailable: \(reason)" }
}
