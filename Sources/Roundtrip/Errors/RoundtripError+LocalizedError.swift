import Foundation

// Foundation's `LocalizedError` (Apple's Foundation reference, "LocalizedError"; present in
// swift-corelibs-foundation too) supplies `localizedDescription`, so an alert built from a caught
// error says what went wrong rather than "The operation couldn't be completed".
extension RoundtripError: LocalizedError {
    /// The message: what was wrong, in one sentence.
    public var errorDescription: String? { message }
}
