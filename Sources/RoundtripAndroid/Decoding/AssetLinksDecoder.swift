import Roundtrip
import RoundtripAssociatedDomains

/// Decodes `assetlinks.json` files leniently, collecting every problem with its JSON path and
/// position; ``AssetLinksFile/init(json:)`` is the strict front end.
public enum AssetLinksDecoder {
    /// The largest file read, in bytes: 1 MiB. Android's App Links verifier gives up on larger
    /// responses, and so does the live check; a larger file is not parsed at all.
    public static let maximumSize = 1 << 20
    /// The deepest nesting of arrays and objects read. A statement list nests six levels at most
    /// (statement, relation_extensions, relation, rules, rule, query), so anything deeper is
    /// hostile and stops before it can exhaust the stack.
    public static let maximumDepth = 16

    /// A decoded file and what was found while decoding it.
    public struct Decoded: Sendable {
        /// The file, or `nil` when the bytes are not JSON or the root is not an array.
        public var file: AssetLinksFile?
        /// Syntax and schema findings, in file order.
        public var findings: [LintFinding]
    }

    /// Decodes a file.
    ///
    /// - Parameter bytes: The file's bytes (UTF-8 JSON).
    /// - Returns: The file (when the JSON is an array) and the findings. A file over
    ///   ``maximumSize`` bytes is not parsed: no file, one `file-size` error.
    /// - Complexity: O(*n*) in the size of the file.
    public static func decode(_ bytes: [UInt8]) -> Decoded {
        guard bytes.count <= maximumSize else {
            return Decoded(
                file: nil,
                findings: [
                    LintFinding(
                        .error,
                        rule: "file-size",
                        message:
                            "the file is \(bytes.count) bytes, over the limit of \(maximumSize) bytes (1 MiB), so it was not read; split it with include statements"
                    )
                ]
            )
        }
        let root: DocumentNode
        do {
            root = try JSONParser.parse(bytes, maximumDepth: maximumDepth)
        } catch {
            return Decoded(
                file: nil,
                findings: [LintFinding(.error, rule: "syntax", position: error.position, message: "not valid JSON: " + error.message)]
            )
        }
        var reader = AssetLinksReader()
        let file = reader.readFile(root)
        return Decoded(file: file, findings: reader.findings)
    }
}

extension AssetLinksFile {
    /// Reads a file strictly: any finding of severity error throws.
    ///
    /// - Parameter json: The file's bytes (UTF-8 JSON, at most ``AssetLinksDecoder/maximumSize``).
    /// - Throws: `invalid-assetlinks` with the first error's position and message.
    public init(json: [UInt8]) throws(AndroidError) {
        let decoded = AssetLinksDecoder.decode(json)
        if let first = decoded.findings.first(where: { $0.severity == .error }) ?? (decoded.file == nil ? decoded.findings.first : nil) {
            let place = first.path.isEmpty ? "" : first.path + ": "
            throw AndroidError(.invalidAssetLinks, place + first.message + " [\(first.rule)]", position: first.position)
        }
        guard let file = decoded.file else {
            throw AndroidError(.invalidAssetLinks, "the file holds no statement list")
        }
        self = file
    }
}
