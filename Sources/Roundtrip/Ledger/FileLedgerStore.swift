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
///
/// ```swift
/// let ledger = FileLedgerStore(directory: appSupport.appending(path: "Roundtrip").path, keyData: ledgerKeyData)
/// ```
public actor FileLedgerStore: LedgerStore {
    /// The folder that holds `ledger.json` and `ledger.lock`.
    public let directory: String
    /// The ledger file.
    public let path: String
    private let lockPath: String
    /// The data protection class of the folder and the file (Apple platforms other than macOS).
    public let protection: FileProtection
    /// The longest wait, in seconds, for another process to release `ledger.lock`.
    public let lockTimeout: TimeInterval
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
    public init(
        directory: String,
        key: SymmetricKey,
        retention: TimeInterval = 3600,
        protection: FileProtection = .completeUntilFirstUserAuthentication,
        lockTimeout: TimeInterval = 2
    ) {
        self.directory = directory
        path = (directory as NSString).appendingPathComponent("ledger.json")
        lockPath = (directory as NSString).appendingPathComponent("ledger.lock")
        self.key = key
        self.retention = retention
        self.protection = protection
        self.lockTimeout = lockTimeout
    }

    /// Opens the ledger in `directory` with raw key bytes (for example from the Keychain).
    ///
    /// - Parameters:
    ///   - directory: A folder for the ledger alone.
    ///   - keyData: The HMAC key's bytes; at least 16, the same on every launch.
    ///   - retention: Seconds to keep entries after they expire (default one hour).
    ///   - protection: The data protection class of the folder and the file.
    ///   - lockTimeout: The longest wait, in seconds, for another process to release the lock.
    public init(
        directory: String,
        keyData: Data,
        retention: TimeInterval = 3600,
        protection: FileProtection = .completeUntilFirstUserAuthentication,
        lockTimeout: TimeInterval = 2
    ) {
        self.init(directory: directory, key: SymmetricKey(data: keyData), retention: retention, protection: protection, lockTimeout: lockTimeout)
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

    /// Reads and verifies the whole ledger.
    ///
    /// - Returns: The ledger; empty when the file does not exist yet.
    /// - Throws: ``StorageError``: `damaged` when the file is damaged or tampered with,
    ///   `lock-timeout` when another process holds the lock longer than ``lockTimeout``,
    ///   `protected-data-unavailable` when the device's lock keeps the file closed, `io-error`.
    public func read() async throws(StorageError) -> Ledger {
        guard FileManager.default.fileExists(atPath: directory) else { return Ledger(retention: retention) }
        let lock = try await FileLock.acquire(path: lockPath, timeout: lockTimeout, protection: protection)
        defer { lock.unlock() }
        return try load()
    }

    /// Reads the file under the lock, applies `change`, and writes the result back atomically.
    /// A change that throws writes nothing.
    /// The lock is taken (the only suspension point) before the file is read, and released after
    /// it is written, with no suspension point in between.
    private func update<Result>(_ change: (inout Ledger) throws(RoundtripError) -> Result) async throws -> Result {
        try AtomicFile.ensureDirectory(directory, protection: protection)
        let lock = try await FileLock.acquire(path: lockPath, timeout: lockTimeout, protection: protection)
        defer { lock.unlock() }
        removeTemporaries()
        var ledger = try load()
        let result = try change(&ledger)
        try AtomicFile.write(try LedgerFile.seal(ledger, key: key), to: path, protection: protection)
        return result
    }

    private func load() throws(StorageError) -> Ledger {
        guard let data = try AtomicFile.read(path) else { return Ledger(retention: retention) }
        return try LedgerFile.open(data, path: path, key: key, retention: retention)
    }

    /// Removes temporary files a killed writer left behind; safe because the caller holds the lock.
    private func removeTemporaries() {
        let prefix = "ledger.json.tmp-"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names where name.hasPrefix(prefix) {
            try? FileManager.default.removeItem(atPath: (directory as NSString).appendingPathComponent(name))
        }
    }
}
