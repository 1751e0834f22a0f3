import Roundtrip

/// A problem that stops an association file from being read, decoded or generated, as data.
///
/// Every error has a stable ``Code``, a message that says what to fix, and, when it comes from a
/// file, the ``position`` of the offending text.
///
/// ```swift
/// do {
///     let file = try AssociationFile(json: data)
/// } catch where error.code == .syntax {
///     print("\(error.position?.description ?? "?"): \(error.message)")
/// }
/// ```
public struct AssociationError: CodedError, Hashable {
    /// The stable, machine-readable reason.
    public let code: Code
    /// What was wrong and how to fix it, in one or two sentences.
    public let message: String
    /// Where in the file the problem is, when it comes from a file.
    public let position: SourcePosition?

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - code: The stable reason.
    ///   - message: What was wrong and how to fix it.
    ///   - position: Where, if the error comes from a file.
    public init(_ code: Code, _ message: String, position: SourcePosition? = nil) {
        self.code = code
        self.message = message
        self.position = position
    }

    /// `line:column: code: message`, or `code: message` without a position.
    public var description: String {
        if let position {
            return "\(position): \(code.rawValue): \(message)"
        }
        return "\(code.rawValue): \(message)"
    }
}

extension AssociationError {
    /// A stable error reason, spelled in kebab-case.
    ///
    /// Codes are values rather than enum cases, so new codes never break a caller's `switch`.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The kebab-case spelling, for example `syntax`.
        public let rawValue: String

        /// Creates a code from its kebab-case spelling.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The kebab-case spelling.
        public var description: String { rawValue }

        /// The bytes are not valid JSON (or not UTF-8).
        public static let syntax = Code(rawValue: "syntax")
        /// The JSON does not have the shape of an association file (a key has the wrong type).
        public static let schema = Code(rawValue: "schema")
        /// The file is larger than Apple's limit of 128 KB uncompressed, so it is not read.
        public static let tooLarge = Code(rawValue: "too-large")
        /// The URL to match is not an absolute URL.
        public static let invalidURL = Code(rawValue: "invalid-url")
        /// Matching a URL took more steps than its work limit (see
        /// ``AssociationMatcher/defaultWorkLimit``), so it was stopped without a decision.
        public static let workLimitExceeded = Code(rawValue: "work-limit-exceeded")
        /// A spec used for generation has no `app-id`.
        public static let missingAppID = Code(rawValue: "missing-app-id")
        /// Generation was asked for a domain no spec claims.
        public static let unknownDomain = Code(rawValue: "unknown-domain")
    }
}
