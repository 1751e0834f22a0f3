import Crypto
import Foundation

/// A durable ledger: one file, `ledger.json`, in a folder of its own, that survives the app
/// being killed at any moment.
///
/// - **Crash-safe.** Every change rewrites the file atomically (a temporary file in the same
///   folder, `fsync`, `rename`, `fsync` of the folder): a crash leaves the old ledger or the new
///   one, never a mix. Temporary files a crash leaves behind are removed on the next change.
/// - **Tamper-evident.** The file carries an HMAC-SHA256 of its contents under a key the app
///   supplies (keep it in the Keychain); an edited, truncated or foreign file is reported as a
///   ``StorageError`` and never used.
/// - **Safe under concurrent use.** The actor serialises callers in the process, and an advisory
///   `flock` on `ledger.lock` serialises processes that share the folder. Every operation reads
///   the file afresh under the lock, so two processes see each other's changes.
///
/// ```swift
/// let ledger = FileLedgerStore(directory: appSupport.appending(path: "Roundtrip").path, key: ledgerKey)
/// ```
public actor FileLedgerStore: LedgerStore {
    /// The folder that holds `ledger.json` and `ledger.lock`.
    public let directory: String
    /// The ledger file.
    public let path: String
    private let lockPath: String
    private let key: SymmetricKey
    private let retention: TimeInterval

    /// Opens the ledger in `directory`; the folder and file are created on the first change.
    ///
    /// - Parameters:
    ///   - directory: A folder for the ledger alone.
    ///   - key: The HMAC key that seals the file; at least 128 bits, the same on every launch.
    ///   - retention: Seconds to keep entries after they expire (default one hour).
    public init(directory: String, key: SymmetricKey, retention: TimeInterval = 3600) {
        self.directory = directory
        path = (directory as NSString).appendingPathComponent("ledger.json")
        lockPath = (directory as NSString).appendingPathComponent("ledger.lock")
        self.key = key
        self.retention = retention
    }

    /// Opens the ledger in `directory` with raw key bytes (for example from the Keychain).
    ///
    /// - Parameters:
    ///   - directory: A folder for the ledger alone.
    ///   - keyData: The HMAC key's bytes; at least 16, the same on every launch.
    ///   - retention: Seconds to keep entries after they expire (default one hour).
    public init(directory: String, keyData: Data, retention: TimeInterval = 3600) {
        self.init(directory: directory, key: SymmetricKey(data: keyData), retention: retention)
    }

    /// Records a request (forgetting entries past retention first). The file is read, changed and rewritten atomically under the lock.
    public func record(_ request: PendingRequest) throws {
        try update { ledger throws(RoundtripError) in
            ledger.purge(now: request.createdAt)
            try ledger.record(request)
        }
    }

    /// Finds the request a callback answers, without consuming it.
    public func find(answeredBy callback: URLSplit, state: String?, now: Date) throws -> LedgerMatch {
        try read().find(answeredBy: callback, state: state, now: now)
    }

    /// Marks a request answered; succeeds once. The file is read, changed and rewritten atomically under the lock.
    public func consume(nonce: String, now: Date) throws -> PendingRequest {
        try update { ledger throws(RoundtripError) in try ledger.consume(nonce: nonce, now: now) }
    }

    /// Removes a request. The file is read, changed and rewritten atomically under the lock.
    public func remove(nonce: String) throws {
        _ = try update { ledger throws(RoundtripError) in ledger.remove(nonce: nonce) }
    }

    /// The requests still waiting for an answer, oldest first.
    public func pending(at now: Date) throws -> [PendingRequest] {
        try read().pending(at: now)
    }

    /// Reads and verifies the whole ledger.
    ///
    /// - Returns: The ledger; empty when the file does not exist yet.
    /// - Throws: ``StorageError`` when the file cannot be read, or is damaged or tampered with.
    public func read() throws(StorageError) -> Ledger {
        guard FileManager.default.fileExists(atPath: directory) else { return Ledger(retention: retention) }
        let lock = try FileLock(path: lockPath)
        defer { lock.unlock() }
        return try load()
    }

    /// Reads the file under the lock, applies `change`, and writes the result back atomically.
    /// A change that throws writes nothing.
    private func update<Result>(_ change: (inout Ledger) throws(RoundtripError) -> Result) throws -> Result {
        try AtomicFile.ensureDirectory(directory)
        let lock = try FileLock(path: lockPath)
        defer { lock.unlock() }
        removeTemporaries()
        var ledger = try load()
        let result = try change(&ledger)
        try AtomicFile.write(try LedgerFile.seal(ledger, key: key), to: path)
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
