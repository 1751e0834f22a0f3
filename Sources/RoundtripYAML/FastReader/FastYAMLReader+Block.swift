import Roundtrip

/// Block collections: mappings and sequences laid out by indentation.
extension FastYAMLReader {
    /// Where a node starts, which decides what may start there.
    enum Context {
        /// The document's root.
        case document
        /// After `key:` on the same line.
        case mappingValue
        /// After `- ` on the same line: a compact mapping or sequence may start here.
        case sequenceItem
    }

    /// Reads the block node whose first character is at `index` (at `column`), and leaves
    /// `index` at the first character of the next line with content, or at the end.
    ///
    /// - Parameter parentIndent: The indentation of the collection the node belongs to (-1 for
    ///   the root); a node on lines of its own is indented deeper than that.
    mutating func parseBlockNode(parentIndent: Int, column: Int, context: Context) throws(Stop) -> Sized {
        let first = byte()
        if first == UInt8(ascii: "-"), Self.isBlankOrBreak(byte(1)) {
            guard context != .mappingValue else { throw Stop.unsupported("a sequence entry after 'key:' on the same line") }
            return try parseBlockSequence(indent: column)
        }
        if first == UInt8(ascii: "?"), Self.isBlankOrBreak(byte(1)) { throw Stop.unsupported("complex mapping keys (?)") }
        if first == UInt8(ascii: "&") { return try parseAnchored(parentIndent: parentIndent, context: context) }
        if try lineHoldsMappingKey() {
            guard context != .mappingValue else { throw Stop.unsupported("a mapping after 'key:' on the same line") }
            return try parseBlockMapping(indent: column)
        }
        return try parseInlineNode(parentIndent: parentIndent)
    }

    /// Reads `&name` and the node it anchors.
    private mutating func parseAnchored(parentIndent: Int, context: Context) throws(Stop) -> Sized {
        let place = position()
        index += 1
        let name = try readName()
        while byte() == 0x20 { index += 1 }
        var anchored: Sized
        if byte() == UInt8(ascii: "#") || Self.isBreak(byte()) {
            try finishLine()
            anchored = try parseNodeOnFollowingLines(
                parentIndent: parentIndent,
                compactSequence: context == .mappingValue,
                place: place,
                isAnchored: true
            )
        } else {
            if byte() == UInt8(ascii: "&") || byte() == UInt8(ascii: "*") { throw Stop.unsupported("an anchor on an alias") }
            if try lineHoldsMappingKey() { throw Stop.unsupported("an anchor on a mapping key") }
            anchored = try parseBlockNode(parentIndent: parentIndent, column: index - lineStart, context: .mappingValue)
        }
        // libyaml places an anchored node where its anchor starts.
        anchored.node = DocumentNode(value: anchored.node.value, position: place)
        anchors[name] = anchored
        return anchored
    }

    /// After `key:` or `- ` and the end of that line: the node on the lines below, indented
    /// deeper than the parent (a sequence after `key:` may also sit at the key's own
    /// indentation), or an empty value when there is none.
    private mutating func parseNodeOnFollowingLines(
        parentIndent: Int,
        compactSequence: Bool,
        place: SourcePosition,
        isAnchored: Bool = false
    ) throws(Stop) -> Sized {
        guard let column = try skipToContent(), !atDocumentMarker(UInt8(ascii: "-")), !atDocumentMarker(UInt8(ascii: ".")) else {
            return Sized(node: DocumentNode(value: .string(""), position: place), size: 1)
        }
        if isAnchored, byte() == UInt8(ascii: "&") || byte() == UInt8(ascii: "*") {
            throw Stop.unsupported("two anchors, or an anchor and an alias, on one node")
        }
        if column > parentIndent {
            return try parseBlockNode(parentIndent: parentIndent, column: column, context: .document)
        }
        if compactSequence, column == parentIndent, byte() == UInt8(ascii: "-"), Self.isBlankOrBreak(byte(1)) {
            return try parseBlockSequence(indent: column)
        }
        return Sized(node: DocumentNode(value: .string(""), position: place), size: 1)
    }

    /// Reads the value after `key:` or `- `, with `index` just past the indicator.
    private mutating func parseValue(parentIndent: Int, context: Context) throws(Stop) -> Sized {
        let place = position()
        while Self.isBlank(byte()) {
            if byte() == 0x09 { throw Stop.unsupported("tabs outside quoted text") }
            index += 1
        }
        if byte() == UInt8(ascii: "#") || Self.isBreak(byte()) {
            try finishLine()
            return try parseNodeOnFollowingLines(parentIndent: parentIndent, compactSequence: context == .mappingValue, place: place)
        }
        return try parseBlockNode(parentIndent: parentIndent, column: index - lineStart, context: context)
    }

    /// Reads a block mapping whose keys sit at `indent`.
    private mutating func parseBlockMapping(indent: Int) throws(Stop) -> Sized {
        try enter()
        defer { depth -= 1 }
        let start = position()
        var members: [DocumentNode.Member] = []
        var size = 1
        while true {
            let keyPlace = position()
            let key = try readBlockKey()
            index += 1  // ':'
            let value = try parseValue(parentIndent: indent, context: .mappingValue)
            members.append(DocumentNode.Member(key: key, keyPosition: keyPlace, value: value.node))
            try add(1 + value.size, to: &size, at: keyPlace)
            guard index < bytes.count, !atDocumentMarker(UInt8(ascii: "-")), !atDocumentMarker(UInt8(ascii: ".")) else { break }
            let column = index - lineStart
            if column < indent { break }
            if column > indent { throw Stop.unsupported("a line indented deeper than its mapping (a value spanning lines?)") }
            if byte() == UInt8(ascii: "-"), Self.isBlankOrBreak(byte(1)) { throw Stop.unsupported("a sequence entry among mapping keys") }
        }
        return Sized(node: DocumentNode(value: .object(members), position: start), size: size)
    }

    /// Reads a block sequence whose `-` entries sit at `indent`.
    private mutating func parseBlockSequence(indent: Int) throws(Stop) -> Sized {
        try enter()
        defer { depth -= 1 }
        let start = position()
        var elements: [DocumentNode] = []
        var size = 1
        while true {
            let entryPlace = position()
            index += 1  // '-'
            let element = try parseValue(parentIndent: indent, context: .sequenceItem)
            elements.append(element.node)
            try add(element.size, to: &size, at: entryPlace)
            guard index < bytes.count, !atDocumentMarker(UInt8(ascii: "-")), !atDocumentMarker(UInt8(ascii: ".")) else { break }
            let column = index - lineStart
            if column < indent { break }
            if column > indent { throw Stop.unsupported("a line indented deeper than its sequence (a value spanning lines?)") }
            guard byte() == UInt8(ascii: "-"), Self.isBlankOrBreak(byte(1)) else { break }
        }
        return Sized(node: DocumentNode(value: .array(elements), position: start), size: size)
    }

    /// Reads a block mapping's key and leaves `index` at its `:`.
    private mutating func readBlockKey() throws(Stop) -> String {
        let first = byte()
        let key: String
        switch first {
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            key = try readQuotedScalar()
        case UInt8(ascii: "?") where Self.isBlankOrBreak(byte(1)):
            throw Stop.unsupported("complex mapping keys (?)")
        case UInt8(ascii: "&"), UInt8(ascii: "*"), UInt8(ascii: "!"):
            throw Stop.unsupported("anchors, aliases or tags on mapping keys")
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            throw Stop.unsupported("collections as mapping keys")
        default:
            key = try readPlainScalar(inFlow: false, isKey: true)
        }
        while byte() == 0x20 { index += 1 }
        guard byte() == UInt8(ascii: ":"), Self.isBlankOrBreak(byte(1)) else { throw Stop.unsupported("a mapping key without ': '") }
        return key
    }

    /// Whether the line from `index` is `key: …` (a plain or quoted key, then `:` and a blank
    /// or the end of the line).
    func lineHoldsMappingKey() throws(Stop) -> Bool {
        var scan = index
        let first = scan < bytes.count ? bytes[scan] : 0
        if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
            scan += 1
            while scan < bytes.count, bytes[scan] != 0x0A {
                let byte = bytes[scan]
                if first == UInt8(ascii: "\""), byte == UInt8(ascii: "\\") {
                    scan += 2
                    continue
                }
                if byte == first {
                    if first == UInt8(ascii: "'"), scan + 1 < bytes.count, bytes[scan + 1] == first {
                        scan += 2
                        continue
                    }
                    break
                }
                scan += 1
            }
            guard scan < bytes.count, bytes[scan] == first else { return false }
            scan += 1
            while scan < bytes.count, bytes[scan] == 0x20 { scan += 1 }
            return scan < bytes.count && bytes[scan] == UInt8(ascii: ":") && (scan + 1 == bytes.count || Self.isBlankOrBreak(bytes[scan + 1]))
        }
        if first == UInt8(ascii: "[") || first == UInt8(ascii: "{") || first == UInt8(ascii: "|") || first == UInt8(ascii: ">")
            || first == UInt8(ascii: "*")
        {
            return false
        }
        while scan < bytes.count, bytes[scan] != 0x0A {
            let byte = bytes[scan]
            if byte == UInt8(ascii: "#"), scan > index, Self.isBlank(bytes[scan - 1]) { return false }
            if byte == UInt8(ascii: ":"), scan + 1 == bytes.count || Self.isBlankOrBreak(bytes[scan + 1]) { return true }
            scan += 1
        }
        return false
    }

    /// Reads a node that is written on the line at `index`: a scalar, a flow collection, an alias
    /// or a block scalar; then finishes the line and moves to the next content.
    private mutating func parseInlineNode(parentIndent: Int) throws(Stop) -> Sized {
        let place = position()
        let node: Sized
        switch byte() {
        case UInt8(ascii: "|"), UInt8(ascii: ">"):
            let text = try readBlockScalar(parentIndent: parentIndent)
            node = Sized(node: DocumentNode(value: .string(text), position: place), size: 1)
            _ = try skipToContent()
            return node
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            node = try parseFlowCollection(blockIndent: parentIndent)
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            node = Sized(node: DocumentNode(value: .string(try readQuotedScalar()), position: place), size: 1)
        case UInt8(ascii: "*"):
            node = try readAlias()
        case UInt8(ascii: "!"):
            throw Stop.unsupported("tags (!)")
        default:
            node = Sized(node: DocumentNode(value: .string(try readPlainScalar(inFlow: false, isKey: false)), position: place), size: 1)
        }
        try finishLine()
        _ = try skipToContent()
        return node
    }
}
