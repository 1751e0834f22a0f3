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
/// an app and its extension) never interleave their updates. The lock is released when the
/// descriptor is closed, including when the process dies.
struct FileLock {
    private let descriptor: Int32

    /// Opens (creating, mode 0600) and locks `path`, waiting for other holders.
    ///
    /// - Throws: ``StorageError`` when the lock file cannot be opened or locked.
    init(path: String) throws(StorageError) {
        let descriptor = open(path, O_RDWR | O_CREAT, 0o600)
        guard descriptor >= 0 else { throw StorageError(path: path, operation: "open lock", errno: errno) }
        while flock(descriptor, LOCK_EX) != 0 {
            let code = errno
            if code == EINTR { continue }
            close(descriptor)
            throw StorageError(path: path, operation: "lock", errno: code)
        }
        self.descriptor = descriptor
    }

    /// Releases the lock.
    func unlock() {
        close(descriptor)
    }
}
