import Foundation

// Foundation's `LocalizedError` (Apple's Foundation reference, "LocalizedError") supplies
// `localizedDescription`, so an alert built from a caught error says what went wrong.
extension KeychainError: LocalizedError {
    /// The message: which item, and why it could not be read.
    public var errorDescription: String? { message }
}
