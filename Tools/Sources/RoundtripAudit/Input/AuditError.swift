import Roundtrip

/// An input the audit cannot read, as data: a stable ``code``, a message and the file concerned.
///
/// The audit never crashes on input: a missing file, a corrupt archive, a plist that is not one or
/// an archive that is too large all become an `AuditError`, which the command line reports with
/// exit code 2.
///
/// ```swift
/// do {
///     let target = try AuditTarget.load(path: "Foo.ipa")
/// } catch where error.code == .corruptArchive {
///     print("\(error.path): \(error.message)")
/// }
/// ```
package struct AuditError: CodedError, Hashable {
    /// The stable, machine-readable reason.
    package let code: Code
    /// What is wrong, in one sentence.
    package let message: String
    /// The file or archive entry concerned.
    package let path: String

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - code: The stable reason.
    ///   - message: What is wrong.
    ///   - path: The file or entry concerned.
    package init(_ code: Code, _ message: String, path: String) {
        self.code = code
        self.message = message
        self.path = path
    }

    /// `path: message [code]`.
    package var description: String { "\(path): \(message) [\(code.rawValue)]" }
}

extension AuditError {
    /// A stable reason, spelled in kebab-case. Codes are values, so new ones never break a `switch`.
    package struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The kebab-case spelling.
        package let rawValue: String

        /// Creates a code from its spelling.
        package init(rawValue: String) { self.rawValue = rawValue }

        /// The kebab-case spelling.
        package var description: String { rawValue }

        /// The file or folder does not exist or cannot be read.
        package static let unreadable = Code(rawValue: "unreadable")
        /// The file is not an XML or binary property list with a dictionary at its root.
        package static let invalidPropertyList = Code(rawValue: "invalid-plist")
        /// The path is neither a plist, an `.app`, an `.ipa`, nor a folder of `.ipa` files.
        package static let unsupportedInput = Code(rawValue: "unsupported-input")
        /// The archive is not a readable zip file.
        package static let corruptArchive = Code(rawValue: "corrupt-archive")
        /// The archive has no `Payload/*.app/Info.plist`, or a folder has no Info.plist.
        package static let missingInfoPlist = Code(rawValue: "missing-info-plist")
        /// A file or archive entry is larger than the audit's limits.
        package static let tooLarge = Code(rawValue: "too-large")
        /// The AASA file given with `--aasa` is not JSON of the expected shape.
        package static let invalidAASA = Code(rawValue: "invalid-aasa")
    }
}
