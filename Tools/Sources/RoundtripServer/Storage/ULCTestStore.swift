/// Where tester runs are kept. ``SQLiteTestStore`` is the implementation the server uses; tests
/// may inject their own.
public protocol ULCTestStore: Sendable {
    /// Adds a new run.
    func insert(_ test: ULCTest) async throws
    /// A run by its public id, or `nil`.
    func test(id: String) async throws -> ULCTest?
    /// A run by its callback token, or `nil`.
    func test(token: String) async throws -> ULCTest?
    /// Records the outcome of the run with this token unless one is already recorded, atomically.
    ///
    /// - Returns: `true` when this call recorded it.
    func recordOutcome(token: String, outcome: CallbackOutcome, at time: Int64, query: String?) async throws -> Bool
    /// The newest runs first, at most `limit`.
    func recent(limit: Int) async throws -> [ULCTest]
}
