import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The folder of a file store, and the discipline every operation on it follows, so the ledger
/// and the replay guard follow one rule set:
///
/// 1. The folder is checked before anything in it is opened (``checkSafety(of:)``): it must
///    belong to the user this process runs as, and no one else may write in it.
/// 2. The tasks of this process, then the processes sharing the folder, take turns through an
///    exclusive ``FileLock`` on the store's lock file, bounded by `lockTimeout`.
/// 3. Under the lock the caller reads the file afresh, changes it and rewrites it with
///    ``AtomicFile/write(_:to:protection:)`` (durable before it returns), with no suspension
///    point in between; temporary files a killed writer left behind are removed first.
struct StoreFolder: Sendable {
    /// The folder.
    let directory: String
    /// The lock file, beside the store's file.
    let lockPath: String
    /// The data protection class of the folder, the file and the lock file.
    let protection: FileProtection
    /// The longest wait, in seconds, for another process to release the lock.
    let lockTimeout: TimeInterval
    /// The name prefix of the store file's temporary copies (`AtomicFile` names them
    /// `<file>.tmp-<pid>-<nonce>`).
    private let temporaryPrefix: String

    /// Describes a store's folder.
    ///
    /// - Parameters:
    ///   - directory: The folder.
    ///   - fileName: The store's file, for example `ledger.json`.
    ///   - lockName: The lock file, for example `ledger.lock`.
    ///   - protection: The data protection class of the folder and its files.
    ///   - lockTimeout: The longest wait for another process to release the lock.
    init(directory: String, fileName: String, lockName: String, protection: FileProtection, lockTimeout: TimeInterval) {
        self.directory = directory
        lockPath = (directory as NSString).appendingPathComponent(lockName)
        self.protection = protection
        self.lockTimeout = lockTimeout
        temporaryPrefix = fileName + ".tmp-"
    }

    /// Runs a read-change-write under the lock, creating the folder (mode 0700) when missing.
    ///
    /// - Parameters:
    ///   - isolation: The caller's actor, on which `body` runs once the lock is taken.
    ///   - body: Reads, changes and rewrites the store's file; it must not suspend.
    /// - Returns: What `body` returns.
    /// - Throws: ``StorageError``: `unsafe-folder`, `lock-timeout`, `cancelled`, or what the folder's
    ///   creation or `body` throws.
    func update<Value>(
        isolation: isolated (any Actor)? = #isolation,
        _ body: () throws(StorageError) -> Value
    ) async throws(StorageError) -> Value {
        try AtomicFile.ensureDirectory(directory, protection: protection)
        try Self.checkSafety(of: directory)
        let lock = try await FileLock.acquire(path: lockPath, timeout: lockTimeout, protection: protection)
        defer { lock.unlock() }
        removeTemporaries()
        return try body()
    }

    /// Runs a read under the lock; `nil` when the folder does not exist, so nothing was ever written.
    ///
    /// - Parameters:
    ///   - isolation: The caller's actor, on which `body` runs once the lock is taken.
    ///   - body: Reads the store's file; it must not suspend.
    /// - Returns: What `body` returns, or `nil` without a folder.
    /// - Throws: ``StorageError``: `unsafe-folder`, `lock-timeout`, `cancelled`, or what `body` throws.
    func read<Value>(
        isolation: isolated (any Actor)? = #isolation,
        _ body: () throws(StorageError) -> Value
    ) async throws(StorageError) -> Value? {
        guard FileManager.default.fileExists(atPath: directory) else { return nil }
        try Self.checkSafety(of: directory)
        let lock = try await FileLock.acquire(path: lockPath, timeout: lockTimeout, protection: protection)
        defer { lock.unlock() }
        return try body()
    }

    /// Removes temporary files a killed writer left behind; safe because the caller holds the lock.
    private func removeTemporaries() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names where name.hasPrefix(temporaryPrefix) {
            try? FileManager.default.removeItem(atPath: (directory as NSString).appendingPathComponent(name))
        }
    }

    /// Refuses a folder that another user could tamper with: one that belongs to a user other
    /// than the one this process runs as (its effective user id), or in which its group or other
    /// users may write, sticky bit or not. Nothing happens for a folder that does not exist.
    ///
    /// Why these rules: whoever may write in the folder may replace or remove the store's files,
    /// and the owner of a folder may change its permissions at any time (chmod(2)). The sticky
    /// bit (sticky(7)) only stops other users from removing or renaming files that are not
    /// theirs; they may still create the store's files before it does, such as a lock file they
    /// hold for ever or a replay store of their making. The check is on the folder itself, with
    /// symbolic links followed (stat(2)); its parent folders and access control lists are not
    /// examined.
    ///
    /// - Parameter directory: The folder.
    /// - Throws: ``StorageError`` `unsafe-folder`, naming the folder, its owner and its mode; `io-error`
    ///   or `permission-denied` when it cannot be examined, or is not a folder.
    static func checkSafety(of directory: String) throws(StorageError) {
        var status = stat()
        guard stat(directory, &status) == 0 else {
            let code = errno
            if code == ENOENT { return }
            throw StorageError(path: directory, operation: "examine folder", errno: code)
        }
        let mode = UInt32(status.st_mode)
        guard mode & UInt32(S_IFMT) == UInt32(S_IFDIR) else {
            throw StorageError(path: directory, operation: "examine folder", errno: ENOTDIR)
        }
        let permissions = String(mode & 0o7777, radix: 8)
        let user = geteuid()
        if status.st_uid != user {
            throw StorageError(
                .unsafeFolder,
                path: directory,
                operation: "use folder",
                reason:
                    "it belongs to user \(status.st_uid) (mode \(permissions)), not to user \(user) who runs this process, so that user could plant, replace or remove the store's files; use a folder of your own"
            )
        }
        let group = mode & UInt32(S_IWGRP) != 0
        let others = mode & UInt32(S_IWOTH) != 0
        guard group || others else { return }
        let writers = group && others ? "its group and every other user" : group ? "its group" : "every other user"
        let sticky = mode & UInt32(S_ISVTX) != 0 ? " (the sticky bit does not stop them from creating the store's files first)" : ""
        throw StorageError(
            .unsafeFolder,
            path: directory,
            operation: "use folder",
            reason:
                "\(writers) may write in it (mode \(permissions)), so they could plant, replace or remove the store's files\(sticky); a store's folder must be writable by its owner alone: run chmod go-w on it"
        )
    }
}
