import Foundation

// Foundation's `LocalizedError` (Apple's Foundation reference, "LocalizedError") is what
// `localizedDescription` reads on every platform, so an alert built from it says what went wrong.
extension StorageError: LocalizedError {
    /// The message: `cannot <operation> <path>: <reason>`.
    public var errorDescription: String? { description }
}
