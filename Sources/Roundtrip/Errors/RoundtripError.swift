/// A rejected URL, request or response, as data.
///
/// Every reject in Roundtrip is a `RoundtripError` with a stable ``Code`` (kebab-case codes,
/// listed in the spec format reference), a message that says exactly what was wrong, and, where it applies, the
/// parameter it concerns. Callers switch on ``code``; people read ``message``.
///
/// ```swift
/// do {
///     let request = try endpoint.evaluate(url)
/// } catch where error.code == .unknownParameter {  // evaluate throws RoundtripError
///     log("rejected \(error.parameter ?? "?"): \(error.message)")
/// }
/// ```
public struct RoundtripError: CodedError, Hashable {
    /// The stable, machine-readable reason for the reject.
    public let code: Code
    /// A sentence that says exactly what was wrong, for logs and people.
    public let message: String
    /// The parameter the reject concerns, when there is one (its decoded name).
    public let parameter: String?

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - code: The stable reason.
    ///   - message: What was wrong, in one sentence.
    ///   - parameter: The parameter concerned, if any.
    public init(_ code: Code, _ message: String, parameter: String? = nil) {
        self.code = code
        self.message = message
        self.parameter = parameter
    }

    /// `code: message`, with the parameter when there is one.
    public var description: String {
        if let parameter {
            return "\(code.rawValue) (\(parameter)): \(message)"
        }
        return "\(code.rawValue): \(message)"
    }
}

extension RoundtripError {
    /// A stable reject reason, spelled in kebab-case in JSON and on the command line.
    ///
    /// Codes are values rather than enum cases so that new codes never break a caller's `switch`.
    public struct Code: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
        /// The kebab-case spelling, for example `unknown-parameter`.
        public let rawValue: String

        /// Creates a code from its kebab-case spelling.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The kebab-case spelling.
        public var description: String { rawValue }

        /// The URL could not be split into scheme, authority, path, query and fragment.
        public static let malformedURL = Code(rawValue: "malformed-url")
        /// The URL is longer, or has more parameters, than the configured limits.
        public static let tooLarge = Code(rawValue: "too-large")
        /// No action of the spec is routed at the URL's scheme, host and path.
        public static let unknownRoute = Code(rawValue: "unknown-route")
        /// A required parameter is absent.
        public static let missingParameter = Code(rawValue: "missing-parameter")
        /// A `secret` parameter (an access token) did not match the app's secret.
        public static let unauthorized = Code(rawValue: "unauthorized")
        /// A parameter the action does not declare is present.
        public static let unknownParameter = Code(rawValue: "unknown-parameter")
        /// A parameter appears more than once.
        public static let duplicateParameter = Code(rawValue: "duplicate-parameter")
        /// A parameter's value does not satisfy its type or constraints.
        public static let invalidParameter = Code(rawValue: "invalid-parameter")
        /// Invalid percent-encoding, invalid UTF-8 or a control character.
        public static let invalidEncoding = Code(rawValue: "invalid-encoding")
        /// The convention requires a callback URL and none was given.
        public static let missingCallback = Code(rawValue: "missing-callback")
        /// A callback URL is refused by the callback policy.
        public static let forbiddenCallback = Code(rawValue: "forbidden-callback")
        /// The action requires a signature and the request has none.
        public static let missingSignature = Code(rawValue: "missing-signature")
        /// The request's signature does not verify.
        public static let badSignature = Code(rawValue: "bad-signature")
        /// A signed request or a pending request is outside its time window.
        public static let expired = Code(rawValue: "expired")
        /// A signed request or a response was already accepted once.
        public static let replayed = Code(rawValue: "replayed")
        /// The source application is refused by the source policy.
        public static let untrustedSource = Code(rawValue: "untrusted-source")
        /// A parameter in Roundtrip's `rt-` namespace, or the response prefix, is misused.
        public static let reservedParameter = Code(rawValue: "reserved-parameter")
        /// A response arrived for which no request is pending.
        public static let unsolicitedResponse = Code(rawValue: "unsolicited-response")
        /// A response's `rt-state` does not match the pending request's nonce.
        public static let nonceMismatch = Code(rawValue: "nonce-mismatch")
        /// An answer names its outcome with a word the partner's spec does not list for any
        /// outcome (a `custom` action's `answer.outcome`).
        public static let unknownOutcome = Code(rawValue: "unknown-outcome")

        /// Every code the library produces, receiving side first, then calling side.
        public static let all: [Code] = [
            .malformedURL, .tooLarge, .unknownRoute, .missingParameter, .unauthorized, .unknownParameter,
            .duplicateParameter, .invalidParameter, .invalidEncoding, .missingCallback,
            .forbiddenCallback, .missingSignature, .badSignature, .expired, .replayed,
            .untrustedSource, .reservedParameter, .unsolicitedResponse, .nonceMismatch, .unknownOutcome,
        ]

        public init(from decoder: any Decoder) throws {
            rawValue = try decoder.singleValueContainer().decode(String.self)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(rawValue)
        }
    }
}
