import Foundation

/// Where a ``FileLedgerStore`` keeps, outside the ledger file, the generation of the last ledger
/// it wrote, so that an earlier copy of the file put back in its place is detected.
///
/// Every change to a file ledger increases a generation counter sealed inside the file under the
/// ledger's HMAC. The HMAC proves who wrote a file, not that it is the newest: a copy taken before
/// a callback was accepted verifies as well as the current file, and restoring it would let that
/// callback be accepted again. So the store also records the generation here, after each write,
/// and refuses a file whose generation is older (``StorageError`` `ledger-rollback`).
///
/// The protection is only as good as the place: it must be somewhere whoever can write the ledger
/// folder cannot write. On Apple platforms `RoundtripUIKit`'s `KeychainLedgerGenerationStore` keeps
/// it in the Keychain; ``FileLedgerGenerationStore`` keeps it in a file outside the ledger's
/// folder, on any platform. ``InMemoryLedgerGenerationStore`` keeps it for the life of the process
/// (tests, or a long-running process).
///
/// The store calls these methods while it holds the ledger's lock, so the calls of every process
/// sharing the ledger are serialised; they are synchronous because the lock is never held across
/// a suspension point. The recorded generation may lag behind the file's (a crash between the
/// file's write and ``saveGeneration(_:)``, or a process that shares the ledger without this
/// store); the next change catches up. It never gets ahead of a file the store wrote.
public protocol LedgerGenerationStore: Sendable {
    /// Where the generation is kept, for messages that say "recorded in …": for example `the
    /// Keychain item with service 'com.example.app' and account 'roundtrip-ledger-generation'`.
    var location: String { get }

    /// The last generation recorded; `0` when none was.
    ///
    /// - Returns: The generation.
    /// - Throws: ``StorageError`` when the generation cannot be read; the ledger is then not used.
    func loadGeneration() throws(StorageError) -> UInt64

    /// Records the generation of the ledger file just written.
    ///
    /// - Parameter generation: The new generation, greater than any recorded before.
    /// - Throws: ``StorageError`` when it cannot be recorded; the operation that wrote the ledger
    ///   then fails with it, although its change is in the file.
    func saveGeneration(_ generation: UInt64) throws(StorageError)
}
