import Roundtrip
import Yams

/// Reads YAML text into the document tree the spec reader walks.
///
/// Two readers stand behind it. ``FastYAMLReader`` reads the YAML that spec files are written in
/// (block and flow collections, plain and quoted scalars, block scalars, comments, anchors and
/// aliases) straight into the tree, in one pass over the bytes: at app launch that is what makes a
/// YAML spec ready in well under a millisecond. Whatever it does not read (tags, directives,
/// complex keys, multi-line flow scalars and the like) goes to Yams, which reads all of YAML 1.1
/// with libyaml. The two agree on every text both read; a differential test holds them to it.
///
/// Aliases are expanded only by the fast reader, which counts the nodes they stand for and stops
/// at ``maximumExpandedNodes(for:)``. Yams shares aliased nodes but hashes mapping keys whole, so a
/// text that may hold an alias is never handed to it.
package enum YAMLDocumentReader {
    /// The most nodes a document may expand to through aliases: 100,000, or twice its length in
    /// bytes when that is more (a text without aliases has fewer nodes than that, so only
    /// aliases can reach the limit).
    package static func maximumExpandedNodes(for text: String) -> Int {
        max(100_000, 2 * text.utf8.count)
    }

    /// Reads a document.
    ///
    /// - Parameters:
    ///   - text: The YAML (or JSON) text.
    ///   - file: The file name for messages, if any.
    /// - Throws: ``SpecError`` marked unreadable, with one diagnostic (rules `syntax`, `empty`,
    ///   `duplicate-key`, `alias-expansion`, `wrong-type`).
    /// - Complexity: O(*n*) in the length of the text.
    package static func read(_ text: String, file: String? = nil) throws(SpecError) -> DocumentNode {
        do {
            return try readDocument(text)
        } catch {
            throw SpecError(file: file, isUnreadable: true, diagnostics: [error.diagnostic])
        }
    }

    /// A diagnostic as a thrown error, inside this reader.
    package struct Failure: Error {
        /// What is wrong.
        package let diagnostic: SpecDiagnostic
    }

    private static func readDocument(_ text: String) throws(Failure) -> DocumentNode {
        switch FastYAMLReader.read(text, expansionLimit: maximumExpandedNodes(for: text)) {
        case .document(let root):
            return root
        case .failure(let diagnostic):
            throw Failure(diagnostic: diagnostic)
        case .unsupported(let construct):
            if let alias = AliasIndicator.firstPossibleAlias(in: text) {
                throw fail(
                    severity: .error,
                    rule: "alias-expansion",
                    keyPath: "",
                    line: alias.line,
                    column: alias.column,
                    message:
                        "the file combines what looks like a YAML alias (*name) with \(construct), which Roundtrip reads only without aliases; write the aliased parts out, or avoid \(construct)"
                )
            }
            return try composeWithYams(text)
        }
    }

    /// Reads the text with Yams (libyaml) and converts its nodes.
    package static func composeWithYams(_ text: String) throws(Failure) -> DocumentNode {
        let root: Node?
        do {
            // The basic resolver: the spec reader gives scalars their meaning, so Yams need not
            // match each one against its regular expressions for numbers, dates and Booleans.
            root = try Yams.compose(yaml: text, .basic)
        } catch let error as YamlError {
            throw Failure(diagnostic: syntaxDiagnostic(error))
        } catch {
            throw fail(severity: .error, rule: "syntax", keyPath: "", message: "the file is not valid YAML or JSON: \(error)")
        }
        guard let root else {
            throw fail(severity: .error, rule: "empty", keyPath: "", message: "the file is empty")
        }
        return try convert(root)
    }

    private static func fail(
        severity: SpecDiagnostic.Severity,
        rule: String,
        keyPath: String,
        line: Int? = nil,
        column: Int? = nil,
        message: String
    ) -> Failure {
        Failure(diagnostic: SpecDiagnostic(severity: severity, rule: rule, keyPath: keyPath, line: line, column: column, message: message))
    }

    private static func position(_ mark: Mark?) -> SourcePosition {
        // libyaml reports no byte offsets through Yams; line and column are what messages use.
        SourcePosition(line: mark?.line ?? 1, column: mark?.column ?? 1, offset: 0)
    }

    private static func convert(_ node: Node) throws(Failure) -> DocumentNode {
        switch node {
        case .scalar(let scalar):
            return DocumentNode(value: .string(scalar.string), position: position(scalar.mark))
        case .sequence(let sequence):
            var elements: [DocumentNode] = []
            elements.reserveCapacity(sequence.count)
            for element in sequence { elements.append(try convert(element)) }
            return DocumentNode(value: .array(elements), position: position(sequence.mark))
        case .mapping(let mapping):
            var members: [DocumentNode.Member] = []
            members.reserveCapacity(mapping.count)
            for (key, value) in mapping {
                guard case .scalar(let name) = key else {
                    let place = position(key.mark)
                    throw fail(
                        severity: .error,
                        rule: "wrong-type",
                        keyPath: "",
                        line: place.line,
                        column: place.column,
                        message: "keys must be plain strings, not a list or mapping"
                    )
                }
                members.append(DocumentNode.Member(key: name.string, keyPosition: position(name.mark), value: try convert(value)))
            }
            return DocumentNode(value: .object(members), position: position(mapping.mark))
        case .alias(let alias):
            // Only texts that certainly hold no alias reach Yams (see the type's discussion).
            let place = position(alias.mark)
            throw fail(
                severity: .error,
                rule: "alias-expansion",
                keyPath: "",
                line: place.line,
                column: place.column,
                message: "an alias (*name) that Roundtrip did not expand"
            )
        }
    }

    private static func syntaxDiagnostic(_ error: YamlError) -> SpecDiagnostic {
        switch error {
        case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _), .composer(_, let problem, let mark, _):
            return SpecDiagnostic(
                severity: .error,
                rule: "syntax",
                keyPath: "",
                line: mark.line,
                column: mark.column,
                message: "not valid YAML or JSON: \(problem)"
            )
        case .duplicatedKeysInMapping(let duplicates, _):
            return SpecDiagnostic(
                severity: .error,
                rule: "duplicate-key",
                keyPath: "",
                message: "a mapping repeats the key(s) \(duplicates.joined(separator: ", "))"
            )
        default:
            return SpecDiagnostic(severity: .error, rule: "syntax", keyPath: "", message: "not valid YAML or JSON: \(error)")
        }
    }
}
