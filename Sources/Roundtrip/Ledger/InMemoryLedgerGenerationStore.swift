import Foundation

/// A ledger generation kept in memory: tests, or a long-running process whose ledger folder
/// someone else might roll back while it runs. It detects nothing across a relaunch.
///
/// ```swift
/// let generations = InMemoryLedgerGenerationStore()
/// let ledger = FileLedgerStore(directory: folder, keyData: key, generations: generations)
/// ```
public final class InMemoryLedgerGenerationStore: LedgerGenerationStore, @unchecked Sendable {
    // @unchecked: `generation` is only touched under `lock`; a lock rather than an actor because
    // the protocol is synchronous (the ledger calls it while it holds its file lock).
    private let lock = NSLock()
    private var generation: UInt64

    /// Creates a store.
    ///
    /// - Parameter generation: The generation already recorded; `0` for none.
    public init(generation: UInt64 = 0) { self.generation = generation }

    /// `this process's memory`.
    public var location: String { "this process's memory" }

    /// The last generation recorded.
    ///
    /// - Returns: The generation; `0` when none was recorded.
    public func loadGeneration() -> UInt64 { lock.withLock { generation } }

    /// Records a generation.
    ///
    /// - Parameter generation: The new generation.
    public func saveGeneration(_ generation: UInt64) { lock.withLock { self.generation = generation } }
}
