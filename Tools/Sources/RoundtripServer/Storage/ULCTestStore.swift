/// Where tester runs are kept: ``SQLiteTestStore`` (a file, the embedded default) or
/// ``PostgresTestStore`` (one database shared by several server instances). Tests may inject
/// their own.
///
/// A store that cannot reach its database throws ``StoreUnavailableError``, which the server
/// answers with 503; any other error is a bug and answers 500.
package protocol ULCTestStore: Sendable {
    /// Adds a new run.
    func insert(_ test: ULCTest) async throws
    /// A run by its public id, or `nil`.
    func test(id: String) async throws -> ULCTest?
    /// A run by its callback token, or `nil`.
    func test(token: String) async throws -> ULCTest?
    /// Records the outcome of the run with this token unless one is already recorded, atomically,
    /// even when several server instances race.
    ///
    /// - Returns: `true` when this call recorded it.
    func recordOutcome(token: String, outcome: CallbackOutcome, at time: Int64, query: String?) async throws -> Bool
    /// The newest runs first, at most `limit`.
    func recent(limit: Int) async throws -> [ULCTest]
    /// Deletes the runs created before `time`; safe to run on several instances at once.
    ///
    /// - Returns: How many this call deleted.
    func deleteCreated(before time: Int64) async throws -> Int
    /// Answers when the database takes a write (`GET /readyz`): the store writes one row, so that
    /// ready means a tester run would be stored, not only that the database is reachable.
    ///
    /// - Throws: ``StoreUnavailableError`` when it does not.
    func ping() async throws
}
