import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A file store could not be read or written, or its contents are damaged, as data.
///
/// Callers switch on ``code``; people read ``description``, which names the file, what was being
/// done and exactly what went wrong.
///
/// ```swift
/// do {
///     try await ledger.record(request)
/// } catch let error as StorageError where error.code == .protectedDataUnavailable {
///     // Try again once the user unlocks the device.
/// }
/// ```
public struct StorageError: CodedError, Hashable {
    /// The stable, machine-readable reason.
    public let code: Code
    /// The file or folder concerned (for a counter kept in the Keychain, the item).
    public let path: String
    /// What was being done (`write`, `rename`, `verify`…).
    public let operation: String
    /// The detail: a system error or what is damaged.
    public let reason: String

    /// Creates an error with a reason.
    ///
    /// - Parameters:
    ///   - code: The stable reason; `damaged` by default, for contents that do not verify or decode.
    ///   - path: The file or folder concerned.
    ///   - operation: What was being done.
    ///   - reason: Exactly what went wrong.
    public init(_ code: Code = .damaged, path: String, operation: String, reason: String) {
        self.code = code
        self.path = path
        self.operation = operation
        self.reason = reason
    }

    /// Creates an error from a failed system call's `errno`: `permission-denied` for `EACCES` and
    /// `EPERM`, `io-error` for the others.
    init(path: String, operation: String, errno code: Int32) {
        self.init(path: path, operation: operation, errno: code, protection: nil)
    }

    /// Creates an error from a failed system call's `errno`, knowing the data protection class of
    /// the file (or of its folder): on Apple platforms, `EPERM` or `EACCES` on a file of a
    /// protection class other than `none` means the device is locked, not that the app lacks
    /// permission, and the error says so (`protected-data-unavailable`).
    ///
    /// - Parameters:
    ///   - path: The file or folder concerned.
    ///   - operation: The system call's purpose (`open`, `write`…).
    ///   - code: The `errno` the call left.
    ///   - protection: The file's data protection class, when it has one.
    init(path: String, operation: String, errno code: Int32, protection: FileProtection?) {
        let system = "\(Self.errnoName(code)): \(String(cString: strerror(code)))"
        guard code == EACCES || code == EPERM else {
            self.init(.io, path: path, operation: operation, reason: system)
            return
        }
        if let protection, let locked = protection.lockedExplanation {
            self.init(.protectedDataUnavailable, path: path, operation: operation, reason: "\(locked) (\(system))")
        } else {
            self.init(.permissionDenied, path: path, operation: operation, reason: "the app may not access it (\(system))")
        }
    }

    /// `cannot <operation> <path>: <reason>`.
    public var description: String { message }

    /// What went wrong: the operation, the file and the reason.
    public var message: String { "cannot \(operation) \(path): \(reason)" }

    /// The symbolic name of the `errno` values file stores meet, or `errno N`.
    static func errnoName(_ code: Int32) -> String {
        switch code {
        case EACCES: "EACCES"
        case EPERM: "EPERM"
        case ENOENT: "ENOENT"
        case EEXIST: "EEXIST"
        case ENOSPC: "ENOSPC"
        case EDQUOT: "EDQUOT"
        case EIO: "EIO"
        case EROFS: "EROFS"
        case EISDIR: "EISDIR"
        case ENOTDIR: "ENOTDIR"
        case EINTR: "EINTR"
        case EWOULDBLOCK: "EWOULDBLOCK"
        case EBADF: "EBADF"
        case EINVAL: "EINVAL"
        default: "errno \(code)"
        }
    }
}

extension StorageError {
    /// A stable storage failure reason, spelled in kebab-case.
    ///
    /// Codes are values rather than enum cases so that new codes never break a caller's `switch`.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The kebab-case spelling, for example `lock-timeout`.
        public let rawValue: String

        /// Creates a code from its kebab-case spelling.
        ///
        /// - Parameter rawValue: The kebab-case spelling.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The kebab-case spelling.
        public var description: String { rawValue }

        /// A system call failed (the reason names its `errno`).
        public static let io = Code(rawValue: "io-error")
        /// The contents do not verify or do not decode: torn, edited, or sealed with another key.
        public static let damaged = Code(rawValue: "damaged")
        /// The contents could not be encoded.
        public static let encodingFailed = Code(rawValue: "encoding-failed")
        /// Another process held the store's lock for longer than the store waits.
        public static let lockTimeout = Code(rawValue: "lock-timeout")
        /// The task waiting for the store's lock was cancelled.
        public static let cancelled = Code(rawValue: "cancelled")
        /// The file is protected by data protection and the device is locked (Apple platforms).
        public static let protectedDataUnavailable = Code(rawValue: "protected-data-unavailable")
        /// The app may not open or change the file (`EACCES`/`EPERM` with no data protection involved).
        public static let permissionDenied = Code(rawValue: "permission-denied")
        /// The file's data protection class could not be set.
        public static let protectionFailed = Code(rawValue: "protection-failed")
        /// The store's folder belongs to another user, or users other than its owner may write in
        /// it, so they could plant, replace or remove the store's files; it is refused before
        /// anything in it is read.
        public static let unsafeFolder = Code(rawValue: "unsafe-folder")
        /// The ledger file is older than the generation recorded outside it: an earlier copy was
        /// put back, which would let answered requests be accepted again.
        public static let ledgerRollback = Code(rawValue: "ledger-rollback")

        /// Every code file stores produce.
        public static let all: [Code] = [
            .io, .damaged, .encodingFailed, .lockTimeout, .cancelled, .protectedDataUnavailable,
            .permissionDenied, .protectionFailed, .unsafeFolder, .ledgerRollback,
        ]
    }
}
