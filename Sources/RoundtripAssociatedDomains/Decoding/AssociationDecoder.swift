import Roundtrip

/// Decodes association files leniently, collecting every problem with its position.
///
/// The decoder reads what iOS reads: unknown keys are reported (`unknown-key`, a warning) and
/// otherwise ignored; a key of the wrong type is an error (`schema`) and its value is skipped, so
/// one run reports every problem. ``AssociationFile/init(json:)`` is the strict front end.
public enum AssociationDecoder {
    /// A decoded file and what was found while decoding it.
    public struct Decoded: Sendable {
        /// The file, or `nil` when the bytes are not JSON or the root is not an object.
        public var file: AssociationFile?
        /// Syntax and schema findings, in file order.
        public var findings: [LintFinding]
    }

    /// Decodes a file.
    ///
    /// - Parameter bytes: The file's bytes (UTF-8 JSON).
    /// - Returns: The file (when the JSON is an object) and the findings. A file over
    ///   ``AssociationLinter/maximumSize`` bytes is not parsed: no file, one `file-size` error.
    /// - Complexity: O(*n*) in the size of the file, which is at most 128 KB.
    public static func decode(_ bytes: [UInt8]) -> Decoded {
        // Apple's "Supporting associated domains": the file must be at most 128 KB uncompressed,
        // so iOS never reads a larger one, and neither does this decoder.
        guard bytes.count <= AssociationLinter.maximumSize else {
            return Decoded(
                file: nil,
                findings: [
                    LintFinding(
                        .error,
                        rule: "file-size",
                        message:
                            "the file is over Apple's limit of \(AssociationLinter.maximumSize) bytes (128 KB) uncompressed (\(bytes.count) bytes were read), so iOS ignores it and it was not read further. Merge rules with wildcards or substitution variables"
                    )
                ]
            )
        }
        let root: DocumentNode
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            return Decoded(
                file: nil,
                findings: [
                    LintFinding(.error, rule: "syntax", position: error.position, message: "not valid JSON: " + error.message)
                ]
            )
        }
        var reader = ModelReader()
        let file = reader.readFile(root)
        return Decoded(file: file, findings: reader.findings)
    }

    /// Parses the JSON only (for the linter's own passes over the tree).
    static func parseTree(_ bytes: [UInt8]) throws(AssociationError) -> DocumentNode {
        do {
            return try JSONParser.parse(bytes)
        } catch {
            throw AssociationError(.syntax, error.message, position: error.position)
        }
    }
}
