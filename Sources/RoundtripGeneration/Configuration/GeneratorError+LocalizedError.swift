import Foundation

// Foundation's `LocalizedError` (Apple's Foundation reference, "LocalizedError") supplies
// `localizedDescription`, so a build tool or an app that reports a caught error shows the message.
extension GeneratorError: LocalizedError {
    /// ``message``.
    public var errorDescription: String? { message }
}
