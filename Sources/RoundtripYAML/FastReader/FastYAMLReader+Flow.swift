import Roundtrip

/// Flow collections: `[a, b]` and `{key: value}`, which is also how JSON reads as YAML.
extension FastYAMLReader {
    /// Reads a flow sequence or mapping from its bracket through its closing bracket.
    ///
    /// - Parameter blockIndent: The indentation of the block collection around it: a line the
    ///   collection goes on to must be indented deeper.
    mutating func parseFlowCollection(blockIndent: Int) throws(Stop) -> Sized {
        try enter()
        defer { depth -= 1 }
        let start = position()
        let aliasesBefore = aliasesRead
        let isMapping = byte() == UInt8(ascii: "{")
        let close = isMapping ? UInt8(ascii: "}") : UInt8(ascii: "]")
        index += 1
        var members: [DocumentNode.Member] = []
        var elements: [DocumentNode] = []
        var size = 1
        try skipFlowSpace(blockIndent: blockIndent)
        while byte() != close {
            let entryPlace = position()
            if isMapping {
                let key = try readFlowKey()
                // libyaml wants a key's ':' on the key's own line.
                while byte() == 0x20 { index += 1 }
                guard byte() == UInt8(ascii: ":") else { throw Stop.unsupported("a flow mapping key without ':' on its line") }
                index += 1
                try skipFlowSpace(blockIndent: blockIndent)
                if byte() == UInt8(ascii: ",") || byte() == close { throw Stop.unsupported("a flow mapping entry with an empty value") }
                let value = try parseFlowNode(blockIndent: blockIndent)
                members.append(DocumentNode.Member(key: key, keyPosition: entryPlace, value: value.node))
                try add(1 + value.size, to: &size, at: entryPlace)
            } else {
                if byte() == UInt8(ascii: ",") { throw Stop.unsupported("an empty flow sequence entry") }
                let element = try parseFlowNode(blockIndent: blockIndent)
                elements.append(element.node)
                try add(element.size, to: &size, at: entryPlace)
            }
            try skipFlowSpace(blockIndent: blockIndent)
            if byte() == UInt8(ascii: ",") {
                index += 1
                try skipFlowSpace(blockIndent: blockIndent)
            } else if byte() != close {
                throw Stop.unsupported(
                    byte() == UInt8(ascii: ":") ? "a key: value pair inside a flow sequence" : "a flow collection that does not close as expected"
                )
            }
        }
        index += 1
        let value: DocumentNode.Value = isMapping ? .object(members) : .array(elements)
        // Without an alias inside, the collection's text alone decides its value (a scalar's
        // meaning is the spec reader's, from its text; line breaks and comments inside are the
        // same bytes wherever the text stands), so its end is kept: the spec reader then
        // recognises a definition the file repeats (`amount: {type: decimal, minimum: 0.01}` in
        // every action) by comparing bytes rather than parsed values.
        let end = aliasesRead == aliasesBefore ? index : nil
        return Sized(node: DocumentNode(value: value, position: start, sourceEnd: end), size: size)
    }

    /// Reads one node inside a flow collection.
    private mutating func parseFlowNode(blockIndent: Int) throws(Stop) -> Sized {
        let place = position()
        switch byte() {
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            return try parseFlowCollection(blockIndent: blockIndent)
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            return Sized(node: DocumentNode(value: .string(try readQuotedScalar()), position: place), size: 1)
        case UInt8(ascii: "*"):
            return try readAlias()
        case UInt8(ascii: "&"):
            index += 1
            let name = try readName()
            guard byte() == 0x20 else { throw Stop.unsupported("an anchor not followed by a space in a flow collection") }
            try skipFlowSpace(blockIndent: blockIndent)
            switch byte() {
            case UInt8(ascii: "*"), UInt8(ascii: "&"), UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"):
                throw Stop.unsupported("an anchor without its own node in a flow collection")
            default:
                break
            }
            var anchored = try parseFlowNode(blockIndent: blockIndent)
            anchored.node = DocumentNode(value: anchored.node.value, position: place)
            anchors[name] = anchored
            return anchored
        case UInt8(ascii: "!"):
            throw Stop.unsupported("tags (!)")
        default:
            let text = try readPlainScalar(inFlow: true, isKey: false)
            return Sized(node: DocumentNode(value: .string(text), position: place), size: 1)
        }
    }

    /// Reads a flow mapping's key: quoted, or plain.
    private mutating func readFlowKey() throws(Stop) -> String {
        switch byte() {
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            return try readQuotedScalar()
        case UInt8(ascii: "?"), UInt8(ascii: "&"), UInt8(ascii: "*"), UInt8(ascii: "!"), UInt8(ascii: "["), UInt8(ascii: "{"):
            throw Stop.unsupported("complex keys, anchors, aliases or tags as flow mapping keys")
        default:
            let key = try readPlainScalar(inFlow: true, isKey: true)
            // libyaml reads a plain key's ':' only before a blank or the end of the line. Its
            // plain scalar goes on past spaces, so the same holds for a ':' after them: `a :b`
            // is one key, and `a :{` or `a :,` a syntax error ("found unexpected ':'").
            var colon = 0
            while byte(colon) == 0x20 { colon += 1 }
            if byte(colon) == UInt8(ascii: ":"), !Self.isBlankOrBreak(byte(colon + 1)) {
                throw Stop.unsupported("a ':' inside a flow mapping key, or after it without a space")
            }
            return key
        }
    }

    /// Skips spaces, line breaks and comments between flow tokens. Like libyaml, it does not ask
    /// a line the collection goes on to for any indentation; a document marker ends it, which is
    /// left to Yams.
    private mutating func skipFlowSpace(blockIndent: Int) throws(Stop) {
        while true {
            switch byte() {
            case 0x20:
                index += 1
            case 0x09:
                throw Stop.unsupported("tabs outside quoted text")
            case 0x0A:
                newLine()
                if atDocumentMarker(UInt8(ascii: "-")) || atDocumentMarker(UInt8(ascii: ".")) {
                    throw Stop.unsupported("a document marker inside a flow collection")
                }
            case UInt8(ascii: "#"):
                guard index > lineStart, Self.isBlank(bytes[index - 1]) || bytes[index - 1] == 0x0A else {
                    if index == lineStart {
                        skipComment()
                        continue
                    }
                    throw Stop.unsupported("a '#' that does not start a comment")
                }
                skipComment()
            case 0:
                throw Stop.unsupported("a flow collection that never closes")
            default:
                return
            }
        }
    }
}
