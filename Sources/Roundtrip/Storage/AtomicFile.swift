import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Crash-safe file replacement: write a temporary file in the same folder, flush it to the disk,
/// `rename` it over the target, flush the folder. A crash or a power loss at any point leaves
/// either the old file or the new one, never a mix (POSIX `rename(2)` is atomic within a file
/// system).
///
/// "Flush to the disk" is ``synchronize(_:)``: `fcntl(F_FULLFSYNC)` on Apple platforms, `fsync`
/// elsewhere.
enum AtomicFile {
    /// Replaces `path` with `data`.
    ///
    /// - Parameters:
    ///   - data: The new contents.
    ///   - path: The file to replace.
    ///   - protection: The data protection class the new file gets, or `nil` to leave the
    ///     system's default (see ``FileProtection``).
    /// - Throws: ``StorageError``: `protected-data-unavailable` when the device is locked and
    ///   the folder's class keeps new files closed, `permission-denied`, `protection-failed`, `io-error`.
    static func write(_ data: Data, to path: String, protection: FileProtection? = nil) throws(StorageError) {
        let directory = (path as NSString).deletingLastPathComponent
        let temporary = "\(path).tmp-\(getpid())-\(Nonce.make())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            let code = errno
            throw StorageError(path: temporary, operation: "create", errno: code, protection: FileProtection.current(of: temporary))
        }
        func abandon(_ error: StorageError) -> StorageError {
            close(descriptor)
            unlink(temporary)
            return error
        }
        if let protection {
            do {
                try protection.apply(to: temporary)
            } catch {
                throw abandon(error)
            }
        }
        var written = 0
        let failure: StorageError? = data.withUnsafeBytes { buffer -> StorageError? in
            while written < buffer.count {
                let result = Foundation.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if result < 0 {
                    if errno == EINTR { continue }
                    return StorageError(path: temporary, operation: "write", errno: errno)
                }
                written += result
            }
            return nil
        }
        if let failure { throw abandon(failure) }
        if synchronize(descriptor) != 0 {
            throw abandon(StorageError(path: temporary, operation: "flush", errno: errno))
        }
        close(descriptor)
        if rename(temporary, path) != 0 {
            let code = errno
            unlink(temporary)
            throw StorageError(path: path, operation: "rename", errno: code)
        }
        // The rename is durable once the folder is flushed too.
        let directoryDescriptor = open(directory.isEmpty ? "." : directory, O_RDONLY | O_CLOEXEC)
        if directoryDescriptor >= 0 {
            _ = synchronize(directoryDescriptor)
            close(directoryDescriptor)
        }
    }

    /// Flushes a file's data to permanent storage; `0` on success, else `-1` with `errno` set.
    ///
    /// On Apple platforms `fsync` only hands the data to the drive, which may keep it in its
    /// cache and write it later or out of order; `fcntl(F_FULLFSYNC)` asks the drive to flush
    /// (Apple's fsync(2) and fcntl(2) manual pages). `F_FULLFSYNC` fails on file systems that
    /// do not support it, and then `fsync` is the best there is.
    static func synchronize(_ descriptor: Int32) -> Int32 {
        #if canImport(Darwin)
        if fcntl(descriptor, F_FULLFSYNC) == 0 { return 0 }
        #endif
        while true {
            let result = fsync(descriptor)
            if result == 0 || errno != EINTR { return result }
        }
    }

    /// Reads a whole file, or `nil` when it does not exist.
    ///
    /// - Throws: ``StorageError``: `protected-data-unavailable` when the device is locked and the
    ///   file's class keeps it closed, `permission-denied`, `io-error`.
    static func read(_ path: String) throws(StorageError) -> Data? {
        var descriptor: Int32
        repeat {
            descriptor = open(path, O_RDONLY | O_CLOEXEC)
        } while descriptor < 0 && errno == EINTR
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT { return nil }
            throw StorageError(path: path, operation: "open", errno: code, protection: FileProtection.current(of: path))
        }
        defer { close(descriptor) }
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress!, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw StorageError(path: path, operation: "read", errno: errno)
            }
            if count == 0 { return data }
            data.append(contentsOf: chunk[..<count])
        }
    }

    /// Creates a folder (and its parents, mode 0700) when missing, giving a new folder the
    /// protection class, so the files created in it take it too.
    ///
    /// - Parameters:
    ///   - path: The folder.
    ///   - protection: The class a new folder gets, or `nil` for the system's default.
    /// - Throws: ``StorageError`` when the folder cannot be created or protected.
    static func ensureDirectory(_ path: String, protection: FileProtection? = nil) throws(StorageError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            if isDirectory.boolValue { return }
            throw StorageError(path: path, operation: "create folder", errno: ENOTDIR)
        }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
            if let underlying, underlying.domain == NSPOSIXErrorDomain {
                throw StorageError(
                    path: path,
                    operation: "create folder",
                    errno: Int32(underlying.code),
                    protection: FileProtection.current(of: path)
                )
            }
            throw StorageError(.io, path: path, operation: "create folder", reason: error.localizedDescription)
        }
        try protection?.apply(to: path)
    }
}
