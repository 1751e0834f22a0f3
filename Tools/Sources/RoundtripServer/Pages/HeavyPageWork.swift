import Foundation
import Hummingbird
import NIOPosix

/// Runs the part of a public page's request that its input can make heavy (loading a pasted spec
/// and deciding a URL with it on `/inspect`, linting and matching a pasted file on `/aasa-check` and `/assetlinks-check`)
/// on threads of its own, under a budget.
///
/// Route handlers run on Swift's cooperative pool, which has one thread per core and also answers
/// `/healthz`, `/readyz` and every other request: a few pasted inputs that each take seconds of
/// CPU there would hold all of its threads, and the probes would stop answering. Here:
///
/// - the work runs on ``threads`` threads of a `NIOThreadPool`, started on first use, and the
///   handler only awaits it;
/// - at most ``threads`` + ``queue`` requests are admitted at once; past that the page answers
///   503 `busy` with `Retry-After` at once (no queue grows without bound);
/// - a request waits at most ``deadline`` for its answer, queueing included, then the page answers
///   503 `timed-out`. The work itself cannot be stopped midway, so it keeps its place until it
///   ends: the threads are never asked for more than their number plus the queue.
///
/// The input is bounded before it gets here: a page's form is at most
/// ``PageRoutes/maximumForm`` bytes, and the work is linear in it.
package final class HeavyPageWork: @unchecked Sendable {
    // @unchecked: `pool` and `admitted` are only touched while `lock` is held; the rest is immutable.
    /// The threads that run the work.
    package let threads: Int
    /// The requests that may wait for a thread beyond those running.
    package let queue: Int
    /// How long a request waits for its answer.
    package let deadline: Duration
    /// How long a client is asked to wait when the pool is full (`Retry-After`, RFC 9110, section 10.2.3).
    package let retryAfterSeconds = 5
    /// Called on the pool's thread before each piece of work: tests hold the work there.
    private let gate: (@Sendable () -> Void)?
    private let lock = NSLock()
    private var pool: NIOThreadPool?
    private var admittedCount = 0

    /// A pool of `threads` threads, started on first use, that admits `queue` more requests.
    ///
    /// - Parameter gate: Called on the pool's thread before each piece of work (tests hold it there).
    package init(threads: Int = 2, queue: Int = 8, deadline: Duration = .seconds(10), gate: (@Sendable () -> Void)? = nil) {
        self.threads = max(1, threads)
        self.queue = max(0, queue)
        self.deadline = deadline
        self.gate = gate
    }

    deinit {
        pool?.shutdownGracefully { _ in }
    }

    /// The requests admitted and not yet finished (running or waiting for a thread).
    package var admitted: Int { lock.withLock { admittedCount } }

    /// Runs `work` on the pool and returns its result.
    ///
    /// - Throws: ``PageError`` 503 `busy` with `Retry-After` when ``threads`` + ``queue``
    ///   requests are already admitted; 503 `timed-out` when the answer takes longer than
    ///   ``deadline``.
    func run<Result: Sendable>(_ work: @escaping @Sendable () -> Result) async throws -> Result {
        guard let pool = admit() else {
            throw PageError(
                status: .serviceUnavailable,
                code: "busy",
                message: "The server is busy with other inspections and checks; try again in \(retryAfterSeconds) seconds.",
                retryAfter: retryAfterSeconds
            )
        }
        let timedOut: @Sendable (Duration) -> any Error = { limit in
            PageError(
                status: .serviceUnavailable,
                code: "timed-out",
                message: "The request took longer than \(limit) to answer; try a smaller input."
            )
        }
        return try await StoreDeadline.run(within: deadline, timeout: timedOut) { [gate] in
            try await withCheckedThrowingContinuation { continuation in
                pool.submit { state in
                    guard case .active = state else {
                        self.leave()
                        continuation.resume(throwing: CancellationError())
                        return
                    }
                    gate?()
                    let result = work()
                    // Its place is given back before the answer, so a client that has it may
                    // be admitted again at once.
                    self.leave()
                    continuation.resume(returning: result)
                }
            }
        }
    }

    /// Admits a request when there is room, giving the pool (started on first use).
    private func admit() -> NIOThreadPool? {
        lock.withLock {
            guard admittedCount < threads + queue else { return nil }
            admittedCount += 1
            if let pool { return pool }
            let started = NIOThreadPool(numberOfThreads: threads)
            started.start()
            pool = started
            return started
        }
    }

    private func leave() {
        lock.withLock { admittedCount -= 1 }
    }
}
