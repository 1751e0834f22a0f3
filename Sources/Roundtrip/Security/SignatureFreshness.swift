import Foundation

/// A signature's `rt-ts`, read and checked against the freshness window, for signed requests
/// and signed answers alike.
enum SignatureFreshness {
    /// Reads `rt-ts`.
    ///
    /// - Throws: ``RoundtripError`` `bad-signature` when it is not a whole number of seconds.
    static func timestamp(_ text: String) throws(RoundtripError) -> Int64 {
        guard let timestamp = ParameterParsing.integer(text) else {
            throw RoundtripError(
                .badSignature,
                "rt-ts must be Unix seconds, not '\(ParameterParsing.abbreviated(text))'",
                parameter: ReservedNames.timestamp
            )
        }
        return timestamp
    }

    /// Refuses a timestamp more than `window` seconds before or after `now`.
    ///
    /// - Parameters:
    ///   - timestamp: `rt-ts`, in Unix seconds.
    ///   - now: The current time.
    ///   - window: How far `rt-ts` may be from `now`, in seconds.
    ///   - subject: What was signed, for the message (`request`, `answer`).
    ///   - signatures: What is fresh for `window`, for the message (`signatures`).
    /// - Throws: ``RoundtripError`` `expired` naming how far off the timestamp is.
    static func check(_ timestamp: Int64, now: Date, window: TimeInterval, subject: String, signatures: String) throws(RoundtripError) {
        let age = now.timeIntervalSince1970 - TimeInterval(timestamp)
        if age > window {
            throw RoundtripError(
                .expired,
                "the \(subject) was signed \(Int(age)) s ago; \(signatures) are fresh for \(Int(window)) s",
                parameter: ReservedNames.timestamp
            )
        }
        if age < -window {
            throw RoundtripError(
                .expired,
                "the \(subject) is signed \(Int(-age)) s in the future; clocks may differ by at most \(Int(window)) s",
                parameter: ReservedNames.timestamp
            )
        }
    }
}
