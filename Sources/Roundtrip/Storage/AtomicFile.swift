import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Crash-safe file replacement: write a temporary file in the same folder, `fsync` it, `rename`
/// it over the target, `fsync` the folder. A crash at any point leaves either the old file or the
/// new one, never a mix (POSIX `rename(2)` is atomic within a file system).
enum AtomicFile {
    /// Replaces `path` with `data`.
    ///
    /// - Throws: ``RoundtripError`` `malformed-url` is never used here; failures are `StorageError`.
    static func write(_ data: Data, to path: String) throws(StorageError) {
        let directory = (path as NSString).deletingLastPathComponent
        let temporary = "\(path).tmp-\(getpid())-\(Nonce.make())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else { throw StorageError(path: temporary, operation: "create", errno: errno) }
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
        if let failure {
            close(descriptor)
            unlink(temporary)
            throw failure
        }
        if fsync(descriptor) != 0 {
            let code = errno
            close(descriptor)
            unlink(temporary)
            throw StorageError(path: temporary, operation: "fsync", errno: code)
        }
        close(descriptor)
        if rename(temporary, path) != 0 {
            let code = errno
            unlink(temporary)
            throw StorageError(path: path, operation: "rename", errno: code)
        }
        let directoryDescriptor = open(directory.isEmpty ? "." : directory, O_RDONLY)
        if directoryDescriptor >= 0 {
            _ = fsync(directoryDescriptor)
            close(directoryDescriptor)
        }
    }

    /// Reads a whole file, or `nil` when it does not exist.
    static func read(_ path: String) throws(StorageError) -> Data? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw StorageError(path: path, operation: "read", errno: EACCES)
        }
        return data
    }

    /// Creates a folder (and its parents) when missing.
    static func ensureDirectory(_ path: String) throws(StorageError) {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw StorageError(path: path, operation: "create folder", errno: EACCES)
        }
    }
}

/// A file store could not be read or written, or its contents are damaged.
public struct StorageError: Error, Sendable, CustomStringConvertible {
    /// The file or folder concerned.
    public let path: String
    /// What was being done (`write`, `rename`, `verify`…).
    public let operation: String
    /// The detail: a system error or what is damaged.
    public let reason: String

    /// Creates an error from a system error number.
    init(path: String, operation: String, errno code: Int32) {
        self.path = path
        self.operation = operation
        reason = String(cString: strerror(code))
    }

    /// Creates an error with a reason.
    public init(path: String, operation: String, reason: String) {
        self.path = path
        self.operation = operation
        self.reason = reason
    }

    /// `cannot <operation> <path>: <reason>`.
    public var description: String { "cannot \(operation) \(path): \(reason)" }
}
