import Crypto
import Foundation

/// A durable ledger: one file, `ledger.json`, in a folder of its own, that survives the app
/// being killed at any moment.
///
/// - **Crash-safe.** Every change rewrites the file atomically (a temporary file in the same
///   folder, flushed to the disk, `rename`, the folder flushed): a crash or a power loss leaves
///   the old ledger or the new one, never a mix. On Apple platforms the flush is
///   `fcntl(F_FULLFSYNC)`, because `fsync` there leaves the data in the drive's cache (Apple's
///   fsync(2) manual page). Temporary files a crash leaves behind are removed on the next change.
/// - **Tamper-evident.** The file carries an HMAC-SHA256 of its contents under a key the app
///   supplies (keep it in the Keychain); an edited, truncated or foreign file is reported as a
///   ``StorageError`` and never used.
/// - **Safe under concurrent use.** The actor serialises callers in the process, and an advisory
///   `flock` on `ledger.lock` serialises processes that share the folder. Every operation reads
///   the file afresh under the lock, so two processes see each other's changes. The lock is
///   never waited for without bound: after ``lockTimeout`` the operation throws
///   ``StorageError`` `lock-timeout` (see ``StorageError/Code/lockTimeout``), and it is held only
///   for one synchronous read-change-write, never while the task is suspended.
/// - **Readable while the device is locked.** The folder and the file get the data protection
///   class ``protection``, by default ``FileProtection/completeUntilFirstUserAuthentication``,
///   so a callback handled in the background while the screen is locked can still record and
///   consume requests. Before the first unlock after a restart the file cannot be opened, and
///   operations throw ``StorageError`` `protected-data-unavailable`.
/// - **Only in a folder no other user can tamper with.** Before anything in the folder is
///   opened, a folder that belongs to another user, or in which its group or other users may
///   write, is refused with ``StorageError`` `unsafe-folder` (see ``checkFolder(_:)``).
/// - **Rollback-evident, given a place for the generation.** Every change increases a generation
///   sealed in the file. With a ``LedgerGenerationStore`` (on Apple platforms `RoundtripUIKit`'s
///   `KeychainLedgerGenerationStore`, elsewhere ``FileLedgerGenerationStore``), the store records each generation there too, and refuses
///   a file older than the record with ``StorageError`` `ledger-rollback`: an earlier copy put
///   back, which would let answered requests be accepted again. Without one, whoever can write
///   the folder can put an earlier copy back undetected.
///
/// ```swift
/// let ledger = FileLedgerStore(directory: appSupport.appending(path: "Roundtrip").path, keyData: ledgerKeyData)
/// ```
public actor FileLedgerStore: LedgerStore {
    /// The folder that holds `ledger.json` and `ledger.lock`.
    public let directory: String
    /// The ledger file.
    public let path: String
    /// The data protection class of the folder and the file (Apple platforms other than macOS).
    public let protection: FileProtection
    /// The longest wait, in seconds, for another process to release `ledger.lock`.
    public let lockTimeout: TimeInterval
    /// Where the generation of the last write is recorded outside the file, if anywhere.
    public let generations: (any LedgerGenerationStore)?
    private let folder: StoreFolder
    private let key: SymmetricKey
    private let retention: TimeInterval

    /// Opens the ledger in `directory`; the folder and file are created on the first change.
    ///
    /// - Parameters:
    ///   - directory: A folder for the ledger alone.
    ///   - key: The HMAC key that seals the file; at least 128 bits, the same on every launch.
    ///   - retention: Seconds to keep entries after they expire (default one hour).
    ///   - protection: The data protection class of the folder and the file; by default one
    ///     that lets background work use the ledger while the device is locked.
    ///   - lockTimeout: The longest wait, in seconds, for another process sharing the folder to
    ///     release the lock (default 2).
    ///   - generations: Where to record each write's generation outside the file, so that an
    ///     earlier copy of the file put back is refused; `nil` (the default) records it nowhere.
    public init(
        directory: String,
        key: SymmetricKey,
        retention: TimeInterval = 3600,
        protection: FileProtection = .completeUntilFirstUserAuthentication,
        lockTimeout: TimeInterval = 2,
        generations: (any LedgerGenerationStore)? = nil
    ) {
        self.directory = directory
        path = (directory as NSString).appendingPathComponent("ledger.json")
        folder = StoreFolder(directory: directory, fileName: "ledger.json", lockName: "ledger.lock", protection: protection, lockTimeout: lockTimeout)
        self.key = key
        self.retention = retention
        self.protection = protection
        self.lockTimeout = lockTimeout
        self.generations = generations
    }

    /// Opens the ledger in `directory` with raw key bytes (for example from the Keychain).
    ///
    /// - Parameters:
    ///   - directory: A folder for the ledger alone.
    ///   - keyData: The HMAC key's bytes; at least 16, the same on every launch.
    ///   - retention: Seconds to keep entries after they expire (default one hour).
    ///   - protection: The data protection class of the folder and the file.
    ///   - lockTimeout: The longest wait, in seconds, for another process to release the lock.
    ///   - generations: Where to record each write's generation outside the file, if anywhere.
    public init(
        directory: String,
        keyData: Data,
        retention: TimeInterval = 3600,
        protection: FileProtection = .completeUntilFirstUserAuthentication,
        lockTimeout: TimeInterval = 2,
        generations: (any LedgerGenerationStore)? = nil
    ) {
        self.init(
            directory: directory,
            key: SymmetricKey(data: keyData),
            retention: retention,
            protection: protection,
            lockTimeout: lockTimeout,
            generations: generations
        )
    }

    /// Checks that a folder is safe for a ledger, as every operation does before it opens
    /// anything in it: it must belong to the user this process runs as, and its group and other
    /// users must not be allowed to write in it (the sticky bit does not make a difference: it
    /// would not stop them from creating the ledger's files first). Symbolic links are followed;
    /// parent folders and access control lists are not examined. A folder that does not exist
    /// passes: the store creates it with mode 0700.
    ///
    /// Call it yourself before reading anything else you keep in the folder, such as a key file.
    ///
    /// - Parameter directory: The folder.
    /// - Throws: ``StorageError`` `unsafe-folder`, whose reason names the owner and the mode;
    ///   `io-error` or `permission-denied` when the folder cannot be examined or is not a folder.
    public static func checkFolder(_ directory: String) throws(StorageError) {
        try StoreFolder.checkSafety(of: directory)
    }

    /// Records a request (forgetting entries past retention first). The file is read, changed and rewritten atomically under the lock.
    public func record(_ request: PendingRequest) async throws {
        try await update { ledger throws(RoundtripError) in
            ledger.purge(now: request.createdAt)
            try ledger.record(request)
        }
    }

    /// Finds the request a callback answers, without consuming it.
    public func find(answeredBy callback: URLSplit, state: String?, now: Date) async throws -> LedgerMatch {
        try await read().find(answeredBy: callback, state: state, now: now)
    }

    /// Marks a request answered; succeeds once. The file is read, changed and rewritten atomically under the lock.
    public func consume(nonce: String, now: Date) async throws -> PendingRequest {
        try await update { ledger throws(RoundtripError) in try ledger.consume(nonce: nonce, now: now) }
    }

    /// Removes a request. The file is read, changed and rewritten atomically under the lock.
    public func remove(nonce: String) async throws {
        _ = try await update { ledger throws(RoundtripError) in ledger.remove(nonce: nonce) }
    }

    /// The requests still waiting for an answer, oldest first.
    public func pending(at now: Date) async throws -> [PendingRequest] {
        try await read().pending(at: now)
    }

    /// The requests sent to this callback's base, answered and expired ones included while kept.
    public func requests(answeredAt callback: URLSplit, now: Date) async throws -> [PendingRequest] {
        try await read().requests(answeredAt: callback)
    }

    /// Reads and verifies the whole ledger.
    ///
    /// - Returns: The ledger; empty when the file does not exist yet.
    /// - Throws: ``StorageError``: `damaged` when the file is damaged or tampered with,
    ///   `ledger-rollback` when it is older than the generation recorded in ``generations``,
    ///   `unsafe-folder` when another user could tamper with the folder, `lock-timeout` when
    ///   another process holds the lock longer than ``lockTimeout``, `protected-data-unavailable`
    ///   when the device's lock keeps the file closed, `io-error`.
    public func read() async throws(StorageError) -> Ledger {
        try await folder.read { () throws(StorageError) in try load().ledger } ?? Ledger(retention: retention)
    }

    /// Reads the file under the lock, applies `change`, and writes the result back atomically as
    /// the next generation, then records that generation in ``generations``.
    /// A change that throws writes nothing.
    /// The lock is taken (the only suspension point) before the file is read, and released after
    /// it is written, with no suspension point in between.
    ///
    /// The generation is recorded after the file is written, never before: a crash in between
    /// leaves the record behind the file, which the next change repairs, rather than ahead of it,
    /// which would make the genuine file look rolled back for ever.
    private func update<Value>(_ change: (inout Ledger) throws(RoundtripError) -> Value) async throws -> Value {
        let outcome = try await folder.update { () throws(StorageError) -> Result<Value, RoundtripError> in
            var contents = try load()
            let value: Value
            do throws(RoundtripError) {
                value = try change(&contents.ledger)
            } catch {
                return .failure(error)
            }
            guard contents.generation < UInt64.max else {
                throw StorageError(.damaged, path: path, operation: "write", reason: "the ledger's generation cannot grow past \(UInt64.max)")
            }
            let next = contents.generation + 1
            try AtomicFile.write(try LedgerFile.seal(contents.ledger, generation: next, key: key), to: path, protection: protection)
            try generations?.saveGeneration(next)
            return .success(value)
        }
        return try outcome.get()
    }

    /// Reads and verifies the file, and compares its generation with the one recorded outside it.
    /// A missing file is an empty ledger that continues from the recorded generation: removing
    /// the file grants nothing (an empty ledger accepts no callback), and an app reinstalled on
    /// a device whose Keychain kept the record must still be able to start afresh.
    private func load() throws(StorageError) -> LedgerFile.Contents {
        let recorded = try generations?.loadGeneration()
        guard let data = try AtomicFile.read(path) else {
            return LedgerFile.Contents(ledger: Ledger(retention: retention), generation: recorded ?? 0)
        }
        let contents = try LedgerFile.open(data, path: path, key: key, retention: retention)
        if let recorded, let generations, contents.generation < recorded {
            throw StorageError(
                .ledgerRollback,
                path: path,
                operation: "verify",
                reason:
                    "the ledger file is generation \(contents.generation), older than generation \(recorded) recorded in \(generations.location): an earlier copy of the file was put back, which would let answered requests be accepted again; refusing to use it (if you restored it on purpose, remove the file instead: an empty ledger accepts no callback)"
            )
        }
        return contents
    }
}
