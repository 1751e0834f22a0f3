import Logging
import ServiceLifecycle

/// Deletes tester runs older than the retention period, at start and then periodically, until
/// the server shuts down.
///
/// The sweep is one `DELETE … WHERE created_at < cutoff`, so several instances sharing one
/// PostgreSQL database may sweep at the same moment: each deletes what is still there, and a row
/// is deleted once. A store that does not answer is logged and tried again at the next sweep.
struct RetentionSweeper: Service {
    let store: any ULCTestStore
    let clock: ServerClock
    /// How long runs are kept.
    let retention: Duration
    /// How often to sweep.
    let interval: Duration
    let logger: Logger

    func run() async throws {
        try? await cancelWhenGracefulShutdown {
            while true {
                _ = await sweep()
                try await Task.sleep(for: interval)
            }
        }
    }

    /// Deletes the runs created before now minus the retention.
    ///
    /// - Returns: How many were deleted, or `nil` when the store failed (logged).
    func sweep() async -> Int? {
        let parts = retention.components
        let cutoff = clock.milliseconds - (parts.seconds * 1000 + parts.attoseconds / 1_000_000_000_000_000)
        do {
            let deleted = try await store.deleteCreated(before: cutoff)
            if deleted > 0 { logger.info("deleted old tester runs", metadata: ["count": "\(deleted)", "before": "\(cutoff)"]) }
            return deleted
        } catch {
            logger.warning("the retention sweep failed", metadata: ["reason": "\(error)"])
            return nil
        }
    }
}
