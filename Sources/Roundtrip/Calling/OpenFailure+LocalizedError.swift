import Foundation

// Foundation's `LocalizedError` (Apple's Foundation reference, "LocalizedError") supplies
// `localizedDescription`, so an alert built from a caught error says what went wrong.
extension OpenFailure: LocalizedError {
    /// `no app opened <url>; is the partner app installed?`
    public var errorDescription: String? { description }
}
