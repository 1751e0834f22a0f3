import Foundation

/// Bounds how long a store operation may take, so that a database that stops answering makes
/// requests fail fast with ``StoreUnavailableError`` instead of hanging.
///
/// The operation races a timer, and the caller gets whichever comes first: at the deadline the
/// operation is cancelled and abandoned, not awaited, because a query stuck in the database (a
/// frozen PostgreSQL server, an SQLite write lock held elsewhere) may not honour cancellation, and
/// a structured task group would wait for it before answering.
enum StoreDeadline {
    /// Runs an operation, or throws ``StoreUnavailableError`` (or what `timeout` makes of the
    /// limit) when it takes longer than `limit`.
    static func run<Result: Sendable>(
        within limit: Duration,
        timeout: (@Sendable (Duration) -> any Error)? = nil,
        _ operation: @escaping @Sendable () async throws -> Result
    ) async throws -> Result {
        let race = Race<Result>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                race.start(continuation)
                let work = Task {
                    do {
                        race.finish(.success(try await operation()))
                    } catch {
                        race.finish(.failure(error))
                    }
                }
                let timer = Task {
                    try? await Task.sleep(for: limit)
                    let error = timeout?(limit) ?? StoreUnavailableError("no answer within \(limit)")
                    if race.finish(.failure(error)) { work.cancel() }
                }
                race.onFinish { timer.cancel() }
            }
        } onCancel: {
            race.finish(.failure(CancellationError()))
        }
    }

    /// The continuation of one race, resumed once by whichever side finishes first.
    private final class Race<Value: Sendable>: @unchecked Sendable {
        // @unchecked: every stored property is only touched while `lock` is held.
        private let lock = NSLock()
        private var continuation: CheckedContinuation<Value, any Error>?
        private var early: Swift.Result<Value, any Error>?
        private var isFinished = false
        private var finished: [@Sendable () -> Void] = []

        func start(_ continuation: CheckedContinuation<Value, any Error>) {
            let result: Swift.Result<Value, any Error>? = lock.withLock {
                if let early { return early }
                self.continuation = continuation
                return nil
            }
            if let result { continuation.resume(with: result) }
        }

        /// Runs `action` when the race is decided (at once if it is).
        func onFinish(_ action: @escaping @Sendable () -> Void) {
            let now = lock.withLock {
                if isFinished { return true }
                finished.append(action)
                return false
            }
            if now { action() }
        }

        /// Decides the race unless it is decided.
        ///
        /// - Returns: Whether this call decided it.
        @discardableResult
        func finish(_ result: Swift.Result<Value, any Error>) -> Bool {
            let (decided, continuation, actions): (Bool, CheckedContinuation<Value, any Error>?, [@Sendable () -> Void]) = lock.withLock {
                guard !isFinished else { return (false, nil, []) }
                isFinished = true
                let continuation = self.continuation
                if continuation == nil { early = result }
                self.continuation = nil
                defer { finished = [] }
                return (true, continuation, finished)
            }
            continuation?.resume(with: result)
            for action in actions { action() }
            return decided
        }
    }
}
