import Foundation

extension CallEnded: CustomStringConvertible {
    /// What the partner answered, in a sentence: `the partner answered with an error: Card
    /// declined (51)`, `the partner cancelled the request`, `the partner answered 'declined'`.
    public var description: String {
        switch outcome {
        case "error":
            switch (message, code) {
            case (let message?, let code?): "the partner answered with an error: \(message) (\(code))"
            case (let message?, nil): "the partner answered with an error: \(message)"
            case (nil, let code?): "the partner answered with the error \(code)"
            case (nil, nil): "the partner answered with an error"
            }
        case "cancel", "cancelled": "the partner cancelled the request"
        default: "the partner answered '\(outcome)'"
        }
    }
}

// Foundation's `LocalizedError` (Apple's Foundation reference, "LocalizedError") supplies
// `localizedDescription`, so an alert built from a caught error says what the partner answered.
extension CallEnded: LocalizedError {
    /// ``description``.
    public var errorDescription: String? { description }
}
