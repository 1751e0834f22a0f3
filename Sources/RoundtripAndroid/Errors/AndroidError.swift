import Foundation
import Roundtrip

/// A problem that stops a Digital Asset Links file or an Android manifest from being read,
/// or a URL from being matched, as data.
///
/// Every error has a stable ``Code`` in kebab-case, a message that says what to fix and, when it
/// comes from a file, the ``position`` of the offending text.
///
/// ```swift
/// do {
///     let file = try AssetLinksFile(json: bytes)
/// } catch where error.code == .invalidAssetLinks {
///     print(error.description)
/// }
/// ```
public struct AndroidError: CodedError, Hashable {
    /// The stable, machine-readable reason.
    public let code: Code
    /// What was wrong and how to fix it.
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
        if let position { return "\(position): \(code.rawValue): \(message)" }
        return "\(code.rawValue): \(message)"
    }
}

extension AndroidError {
    /// A stable error reason, spelled in kebab-case.
    ///
    /// Codes are values rather than enum cases, so new codes never break a caller's `switch`.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The kebab-case spelling, for example `invalid-manifest`.
        public let rawValue: String

        /// Creates a code from its kebab-case spelling.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The kebab-case spelling.
        public var description: String { rawValue }

        /// The `assetlinks.json` file is not valid: not strict JSON, too large, or a finding of
        /// severity error.
        public static let invalidAssetLinks = Code(rawValue: "invalid-assetlinks")
        /// The manifest (or fragment of `<intent-filter>` elements) is not valid: not XML, too
        /// large, or an attribute Android would reject, such as an invalid path pattern.
        public static let invalidManifest = Code(rawValue: "invalid-manifest")
        /// A path, query or fragment pattern that Android's `PatternMatcher` rejects.
        public static let invalidPattern = Code(rawValue: "invalid-pattern")
        /// A SHA-256 certificate fingerprint that is not 32 bytes of hexadecimal.
        public static let invalidFingerprint = Code(rawValue: "invalid-fingerprint")
        /// The URL to match is not an absolute URL.
        public static let invalidURL = Code(rawValue: "invalid-url")
        /// No spec claims the domain to generate a file for, in `app.domains`.
        public static let unknownDomain = Code(rawValue: "unknown-domain")
        /// The specs that claim the domain describe no Android app (`app.android`).
        public static let missingAndroidApp = Code(rawValue: "missing-android-app")
    }
}

// Foundation's `LocalizedError` (Apple's Foundation reference, "LocalizedError") supplies
// `localizedDescription`, so an alert built from a caught error says what went wrong.
extension AndroidError: LocalizedError {
    /// The message, after the position in the file when there is one: `line:column: message`.
    public var errorDescription: String? {
        position.map { "\($0): \(message)" } ?? message
    }
}
