import Foundation

// Foundation's `LocalizedError` (Apple's Foundation reference, "LocalizedError") supplies
// `localizedDescription`, so an alert built from a caught error says what went wrong.
extension SimulatorError: LocalizedError {
    /// The message.
    public var errorDescription: String? { message }
}
