/// Bounds how long a store operation may take, so that a database that stops answering makes
/// requests fail fast with ``StoreUnavailableError`` instead of hanging.
enum StoreDeadline {
    /// Runs an operation, or throws ``StoreUnavailableError`` when it takes longer than `limit`.
    ///
    /// The operation is cancelled when the deadline passes; it must honour cancellation.
    static func run<Result: Sendable>(
        within limit: Duration,
        _ operation: @escaping @Sendable () async throws -> Result
    ) async throws -> Result {
        try await withThrowingTaskGroup(of: Result?.self) { group in
            group.addTask { try await operation() }
            group.addTask {
                try await Task.sleep(for: limit)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let result = first else {
                throw StoreUnavailableError("no answer within \(limit)")
            }
            return result
        }
    }
}
