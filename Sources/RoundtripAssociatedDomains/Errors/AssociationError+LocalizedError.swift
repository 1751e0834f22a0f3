import Foundation

// Foundation's `LocalizedError` (Apple's Foundation reference, "LocalizedError") supplies
// `localizedDescription`, so an alert built from a caught error says what went wrong.
extension AssociationError: LocalizedError {
    /// The message, after the position in the file when there is one: `line:column: message`.
    public var errorDescription: String? {
        position.map { "\($0): \(message)" } ?? message
    }
}
