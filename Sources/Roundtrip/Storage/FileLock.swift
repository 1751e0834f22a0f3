import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// An exclusive advisory lock (`flock(2)`) on a lock file, held while a file store reads,
/// changes and rewrites its file, so two processes sharing a folder (two `roundtrip` commands,
/// an app and its extension in an app-group container) never interleave their updates. The lock
/// is released when the descriptor is closed, including when the process dies.
///
/// The lock is never waited for without bound: a blocking `flock` would hold a Swift-concurrency
/// thread for as long as another process keeps the lock, and iOS suspends apps at will, so that
/// holder may be suspended with the lock. (iOS terminates an app suspended while holding a file
/// lock in a shared container: Apple's "Understanding the exception types in a crash report",
/// termination code 0xdead10cc, and MetricKit's `cumulativeSuspendedWithLockedFileExitCount`; and
/// a main thread stuck waiting is killed by the watchdog, 0x8badf00d, "Addressing watchdog
/// terminations".) So the tasks of this process first take turns in ``LocalLockQueue``, and then
/// ``acquire(path:timeout:protection:isolation:)`` tries `LOCK_EX | LOCK_NB`, sleeps
/// between tries without holding a thread (`Task.sleep`), backs off from 1 ms to 50 ms, and
/// gives up after the timeout with ``StorageError`` `lock-timeout`. A store holds the lock only
/// for one synchronous read-change-write, never across a suspension point.
struct FileLock {
    private let descriptor: Int32
    private let path: String

    /// Opens (creating, mode 0600) and locks `path`, waiting at most `timeout` seconds for
    /// another holder to let go.
    ///
    /// - Parameters:
    ///   - path: The lock file.
    ///   - timeout: The longest wait, in seconds.
    ///   - protection: The data protection class the lock file gets when this call creates it
    ///     (otherwise it would take its folder's class, which may be stricter), and the one that
    ///     explains a refused open.
    ///   - isolation: The caller's actor, on which the tries run, so the lock, once taken, is
    ///     handed back without a suspension point.
    /// - Throws: ``StorageError``: `lock-timeout` when another process still holds the lock after
    ///   `timeout`; `cancelled` when the waiting task is cancelled; `protected-data-unavailable`,
    ///   `permission-denied` or `io-error` when the lock file cannot be opened or locked.
    static func acquire(
        path: String,
        timeout: TimeInterval,
        protection: FileProtection? = nil,
        isolation: isolated (any Actor)? = #isolation
    ) async throws(StorageError) -> FileLock {
        await LocalLockQueue.shared.enter(path)
        do {
            return try await lock(path: path, timeout: timeout, protection: protection)
        } catch {
            LocalLockQueue.shared.leave(path)
            throw error
        }
    }

    /// Opens the lock file, creating it (mode 0600) with the store's protection class when it is
    /// missing: a new file takes its folder's class (Apple's "Encrypting Your App's Files"), and
    /// a folder made `complete` by the app would keep the lock, and with it the store, closed to
    /// background work while the device is locked.
    private static func openLockFile(_ path: String, protection: FileProtection?) throws(StorageError) -> Int32 {
        while true {
            var descriptor = Self.retryingInterrupts { open(path, O_RDWR | O_CLOEXEC) }
            if descriptor >= 0 { return descriptor }
            guard errno == ENOENT else { break }
            descriptor = Self.retryingInterrupts { open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600) }
            if descriptor >= 0 {
                do {
                    try protection?.apply(to: path)
                } catch {
                    close(descriptor)
                    throw error
                }
                return descriptor
            }
            // Another process created it in between: open the one it made.
            guard errno == EEXIST else { break }
        }
        let code = errno
        throw StorageError(path: path, operation: "open lock", errno: code, protection: FileProtection.current(of: path, otherwise: protection))
    }

    /// The result of a system call, made again while it is interrupted by a signal (`EINTR`).
    private static func retryingInterrupts(_ call: () -> Int32) -> Int32 {
        var result: Int32
        repeat { result = call() } while result < 0 && errno == EINTR
        return result
    }

    /// Opens and locks the file, polling `flock` against other processes.
    private static func lock(
        path: String,
        timeout: TimeInterval,
        protection: FileProtection?,
        isolation: isolated (any Actor)? = #isolation
    ) async throws(StorageError) -> FileLock {
        // O_CLOEXEC: a `flock` belongs to the open file description, which a child process
        // started by this one (Foundation's `Process`, posix_spawn) would otherwise inherit and
        // keep locked after this store has closed its descriptor (flock(2), open(2)).
        let descriptor = try openLockFile(path, protection: protection)
        let start = ContinuousClock.now
        let limit = Duration.nanoseconds(Int64(max(0, timeout) * 1_000_000_000))
        var pause = Duration.milliseconds(1)
        while true {
            if flock(descriptor, LOCK_EX | LOCK_NB) == 0 {
                return FileLock(descriptor: descriptor, path: path)
            }
            let code = errno
            if code == EINTR { continue }
            guard code == EWOULDBLOCK || code == EAGAIN else {
                close(descriptor)
                throw StorageError(path: path, operation: "lock", errno: code)
            }
            let waited = ContinuousClock.now - start
            if waited >= limit {
                close(descriptor)
                throw StorageError(
                    .lockTimeout,
                    path: path,
                    operation: "lock",
                    reason:
                        "another process holds the lock (flock) on this file, and it was not released within \(seconds(timeout)) s; an app or extension sharing the folder may be stuck or suspended in the middle of an update"
                )
            }
            do {
                try await Task.sleep(for: min(pause, limit - waited))
            } catch {
                close(descriptor)
                throw StorageError(
                    .cancelled,
                    path: path,
                    operation: "lock",
                    reason: "the task waiting for the lock was cancelled after \(seconds(waited)) s"
                )
            }
            pause = min(pause * 2, .milliseconds(50))
        }
    }

    /// Seconds with at most three decimals, for messages: `2`, `0.25`.
    private static func seconds(_ value: TimeInterval) -> String {
        let rounded = (value * 1000).rounded() / 1000
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    private static func seconds(_ duration: Duration) -> String {
        let (whole, attoseconds) = duration.components
        return seconds(TimeInterval(whole) + TimeInterval(attoseconds) / 1e18)
    }

    /// Releases the lock, and this task's turn in the process.
    func unlock() {
        close(descriptor)
        LocalLockQueue.shared.leave(path)
    }
}
