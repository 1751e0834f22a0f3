import Roundtrip

/// Reads the YAML that spec files are written in straight into a ``DocumentNode`` tree, in one
/// pass over the UTF-8 bytes.
///
/// It reads block mappings and sequences (compact ones too: `key:` followed by `- item` at the
/// key's own indentation, `- key: value`), flow collections (`[a, b]`, `{type: string}`, and so
/// JSON), plain, single-quoted and double-quoted scalars on one line, literal (`|`) and folded
/// (`>`) block scalars, comments, a leading `---` and a trailing `...`, anchors (`&name`) and
/// aliases (`*name`). For anything else it answers ``Outcome/unsupported(_:)`` without guessing,
/// and the caller hands the text to Yams: tags, directives, complex keys (`? `), several
/// documents, scalars that continue on the next line, tab characters, carriage returns
/// and the other Unicode line breaks, and every text that is not valid YAML (so that syntax
/// errors are always libyaml's own).
///
/// Every scalar is a ``DocumentNode/Value/string(_:)``: the spec reader decides what a value
/// means. Aliases share the anchored node's storage and count the nodes they stand for; past the
/// expansion limit the text is refused (rule `alias-expansion`).
package struct FastYAMLReader {
    /// What reading a text gave.
    package enum Outcome {
        /// The document.
        case document(DocumentNode)
        /// The text uses what this reader leaves to Yams, named for messages ("tags (!)").
        case unsupported(String)
        /// The text is certainly refused: empty, an alias past the expansion limit, or an alias
        /// to no anchor.
        case failure(SpecDiagnostic)
    }

    /// Why reading stopped early.
    enum Stop: Error {
        case unsupported(String)
        case failure(SpecDiagnostic)
    }

    /// A node and the number of nodes it stands for with its aliases expanded.
    struct Sized {
        var node: DocumentNode
        var size: Int
    }

    /// Collections nested deeper than this are refused, as the JSON parser refuses them.
    static let maximumDepth = 256

    let bytes: UnsafeBufferPointer<UInt8>
    let expansionLimit: Int
    /// The next byte to read.
    var index = 0
    /// The 1-based line of `index`.
    var line = 1
    /// Where the line of `index` starts.
    var lineStart = 0
    /// How deeply collections are nested at `index`.
    var depth = 0
    /// The anchored nodes defined so far, by name.
    var anchors: [String: Sized] = [:]
    /// How many aliases have been read so far: a flow collection that read none has a value its
    /// text alone decides (see ``parseFlowCollection(blockIndent:)``).
    var aliasesRead = 0

    /// Reads a text.
    ///
    /// - Parameters:
    ///   - text: The YAML text.
    ///   - expansionLimit: The most nodes the document may stand for with its aliases expanded.
    /// - Complexity: O(*n*) in the length of the text.
    package static func read(_ text: String, expansionLimit: Int) -> Outcome {
        var text = text
        return text.withUTF8 { bytes in
            var reader = FastYAMLReader(bytes: bytes, expansionLimit: expansionLimit)
            do throws(Stop) {
                return .document(try reader.readDocument())
            } catch {
                switch error {
                case .unsupported(let construct): return .unsupported(construct)
                case .failure(let diagnostic): return .failure(diagnostic)
                }
            }
        }
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, expansionLimit: Int) {
        self.bytes = bytes
        self.expansionLimit = expansionLimit
    }

    // MARK: - The document

    private mutating func readDocument() throws(Stop) -> DocumentNode {
        try checkCharacters()
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            index = 3  // libyaml counts the byte order mark as the first line's first column.
        }
        guard var column = try skipToContent() else { throw empty() }
        if column == 0, byte() == UInt8(ascii: "%") { throw Stop.unsupported("directives (%YAML, %TAG)") }
        if atDocumentMarker(UInt8(ascii: "-")) {
            index += 3
            try finishLine()
            guard let next = try skipToContent() else { throw empty() }
            column = next
        }
        if atDocumentMarker(UInt8(ascii: ".")) { throw empty() }
        let root = try parseBlockNode(parentIndent: -1, column: column, context: .document)
        if try skipToContent() != nil {
            guard atDocumentMarker(UInt8(ascii: ".")) else {
                throw Stop.unsupported(atDocumentMarker(UInt8(ascii: "-")) ? "several documents (---)" : "content after the document")
            }
            index += 3
            try finishLine()
            if try skipToContent() != nil { throw Stop.unsupported("several documents (...)") }
        }
        return root.node
    }

    private func empty() -> Stop {
        .failure(SpecDiagnostic(severity: .error, rule: "empty", keyPath: "", message: "the file is empty"))
    }

    /// Refuses what libyaml would refuse or read differently, before any parsing: control
    /// characters (YAML 1.1 allows only tab, LF and CR among them), C1 controls but NEL, a byte
    /// order mark past the start, the non-characters U+FFFE and U+FFFF; and leaves carriage
    /// returns and the Unicode line breaks (NEL, LS, PS) to Yams.
    private func checkCharacters() throws(Stop) {
        var position = 0
        let count = bytes.count
        while position < count {
            let byte = bytes[position]
            if byte >= 0x20, byte < 0x7F {
                position += 1
                continue
            }
            switch byte {
            case 0x0A:
                break
            case 0x09:
                // libyaml reads tabs differently by place (content, separation, indentation).
                throw Stop.unsupported("tabs (write spaces, or \\t inside double quotes)")
            case 0x0D:
                throw Stop.unsupported("carriage returns (CR LF line ends)")
            case 0xC2 where position + 1 < count && bytes[position + 1] <= 0x9F:
                throw Stop.unsupported(bytes[position + 1] == 0x85 ? "the NEL line break" : "C1 control characters")
            case 0xE2 where position + 2 < count && bytes[position + 1] == 0x80 && (bytes[position + 2] == 0xA8 || bytes[position + 2] == 0xA9):
                throw Stop.unsupported("the Unicode line and paragraph separators")
            case 0xEF where position + 2 < count && bytes[position + 1] == 0xBB && bytes[position + 2] == 0xBF && position > 0:
                throw Stop.unsupported("a byte order mark inside the text")
            case 0xEF where position + 2 < count && bytes[position + 1] == 0xBF && bytes[position + 2] >= 0xBE:
                throw Stop.unsupported("the non-characters U+FFFE and U+FFFF")
            default:
                if byte < 0x80 { throw Stop.unsupported("control characters") }
            }
            position += 1
        }
    }

    // MARK: - Bytes and places

    /// The byte at `index + offset`, or 0 past the end (the text holds no NUL).
    @inline(__always)
    func byte(_ offset: Int = 0) -> UInt8 {
        let position = index + offset
        return position < bytes.count ? bytes[position] : 0
    }

    @inline(__always)
    static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

    /// A line break or the end of the text.
    @inline(__always)
    static func isBreak(_ byte: UInt8) -> Bool { byte == 0x0A || byte == 0 }

    @inline(__always)
    static func isBlankOrBreak(_ byte: UInt8) -> Bool { isBlank(byte) || isBreak(byte) }

    static func isFlowIndicator(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ",") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}")
    }

    /// The place of `index`: columns count Unicode scalars, as libyaml's do.
    func position() -> SourcePosition {
        var column = 1
        var scan = lineStart
        while scan < index {
            if bytes[scan] & 0xC0 != 0x80 { column += 1 }
            scan += 1
        }
        return SourcePosition(line: line, column: column, offset: index)
    }

    /// The text of `start..<end`.
    func text(_ start: Int, _ end: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }

    /// Consumes a line break at `index`.
    mutating func newLine() {
        index += 1
        line += 1
        lineStart = index
    }

    /// Whether `index`, at the start of a line, holds `---` or `...` followed by a blank or the
    /// end of the line.
    func atDocumentMarker(_ mark: UInt8) -> Bool {
        index == lineStart && byte() == mark && byte(1) == mark && byte(2) == mark && Self.isBlankOrBreak(byte(3))
    }

    // MARK: - Lines

    /// Skips blank lines and comment lines from the start of a line (or the end of a finished
    /// one) to the first character of the next line with content.
    ///
    /// - Returns: That character's column (its indentation), or `nil` at the end of the text.
    mutating func skipToContent() throws(Stop) -> Int? {
        while index < bytes.count {
            var sawTab = false
            while Self.isBlank(byte()) {
                if byte() == 0x09 { sawTab = true }
                index += 1
            }
            switch byte() {
            case 0x0A:
                newLine()
            case 0:
                return nil
            case UInt8(ascii: "#"):
                skipComment()
            default:
                if sawTab { throw Stop.unsupported("tabs in indentation") }
                return index - lineStart
            }
        }
        return nil
    }

    /// Skips a comment to the end of its line (not the break).
    mutating func skipComment() {
        while !Self.isBreak(byte()) { index += 1 }
    }

    /// After a value on a line: blanks, an optional comment, then the line break (consumed) or
    /// the end of the text. Anything else is left to Yams.
    mutating func finishLine() throws(Stop) {
        while Self.isBlank(byte()) { index += 1 }
        if byte() == UInt8(ascii: "#") {
            guard index > lineStart, Self.isBlank(bytes[index - 1]) else { throw Stop.unsupported("a '#' that does not start a comment") }
            skipComment()
        }
        switch byte() {
        case 0x0A: newLine()
        case 0: break
        default: throw Stop.unsupported("more than one value on a line")
        }
    }

    // MARK: - Sizes and anchors

    /// Adds a child's size to a collection's, refusing a document past the expansion limit.
    mutating func add(_ child: Int, to total: inout Int, at place: SourcePosition) throws(Stop) {
        total += child
        if total > expansionLimit {
            throw failure(
                "alias-expansion",
                at: place,
                "its aliases (*name) expand the file to more than \(expansionLimit) nodes; write the repeated parts out instead of nesting aliases"
            )
        }
    }

    /// Reads an anchor or alias name after its `&` or `*`: letters, digits, `-` and `_`, as
    /// libyaml reads them, ending at a blank, a line break, `,`, `]` or `}`. libyaml refuses a
    /// name that runs into an opening `[` or `{` (`&a[1]`), so the text is left to it.
    mutating func readName() throws(Stop) -> String {
        let start = index
        while true {
            let byte = self.byte()
            guard URLSplit.isAlpha(byte) || URLSplit.isDigit(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") else { break }
            index += 1
        }
        let next = byte()
        guard index > start, Self.isBlankOrBreak(next) || next == UInt8(ascii: ",") || next == UInt8(ascii: "]") || next == UInt8(ascii: "}")
        else {
            throw Stop.unsupported("an anchor or alias name with characters other than letters, digits, '-' and '_', or not followed by a space")
        }
        return text(start, index)
    }

    /// The node an alias (`*name`, with `index` at the `*`) stands for.
    mutating func readAlias() throws(Stop) -> Sized {
        let place = position()
        let start = index
        index += 1
        let name: String
        do {
            name = try readName()
        } catch {
            // `*.example.com` unquoted: YAML reads a leading '*' as an alias.
            var end = start
            while end < bytes.count, !Self.isBlankOrBreak(bytes[end]), bytes[end] != UInt8(ascii: ","), bytes[end] != UInt8(ascii: "]") { end += 1 }
            throw failure(
                "syntax",
                at: place,
                "not valid YAML or JSON: '\(text(start, end))' starts with '*', which YAML reads as an alias; put the value in quotes"
            )
        }
        guard let anchored = anchors[name] else {
            throw failure("syntax", at: place, "not valid YAML or JSON: the alias *\(name) refers to no anchor &\(name) defined before it")
        }
        aliasesRead += 1
        return anchored
    }

    /// A certain refusal, at a place.
    private func failure(_ rule: String, at place: SourcePosition, _ message: String) -> Stop {
        .failure(SpecDiagnostic(severity: .error, rule: rule, keyPath: "", line: place.line, column: place.column, message: message))
    }

    /// Enters a nested collection.
    mutating func enter() throws(Stop) {
        depth += 1
        if depth > Self.maximumDepth {
            throw failure("syntax", at: position(), "not valid YAML or JSON: the text nests deeper than \(Self.maximumDepth) levels")
        }
    }
}
