/// A parsed JSON or YAML value with the position of its first character, so that every later
/// message can say where in the file a problem is (Foundation's `JSONSerialization` keeps no
/// positions).
///
/// JSON text yields every case. A YAML reader yields `.string` for every scalar, whatever its
/// style: the spec reader gives scalars their meaning itself (`yes` is a Boolean only where a
/// Boolean is expected), so a value never changes type because of how YAML would resolve it.
package struct DocumentNode: Sendable {
    /// One `key: value` pair of a mapping, in file order (duplicates kept for the linters).
    package struct Member: Sendable {
        /// The key.
        package let key: String
        /// Where the key starts.
        package var keyPosition: SourcePosition { keyPlace.position }
        /// The value.
        package let value: DocumentNode

        private let keyPlace: CompactPosition

        /// Creates a member.
        @inline(__always)
        package init(key: String, keyPosition: SourcePosition, value: DocumentNode) {
            self.key = key
            self.keyPlace = CompactPosition(keyPosition)
            self.value = value
        }
    }

    /// The value.
    package enum Value: Sendable {
        case object([Member])
        case array([DocumentNode])
        case string(String)
        case number(String)
        case bool(Bool)
        case null
        /// An object or array whose text repeats one read earlier in the same source (see
        /// ``Repeat``): its members or elements are the earlier ones, placed here when read.
        case repeated(Repeat)
    }

    /// An object or array whose text is, byte for byte, that of one parsed earlier in the same
    /// source, so it is the same value at another place. Its members or elements are made from
    /// the earlier ones, with their positions moved to where the repeat stands (its node's
    /// position), only when they are read: a reader that recognises the text (a spec's repeated
    /// definitions) never reads them. The repeats of one text share one `Repeat`.
    package final class Repeat: Sendable {
        /// The earlier object or array, as parsed (never itself a repeat).
        let original: DocumentNode

        init(original: DocumentNode) {
            self.original = original
        }

        /// The earlier members, placed at `position`; `nil` for an array.
        @inline(never)
        func members(at position: SourcePosition) -> [Member]? {
            let shift = PositionShift(from: original.position, to: position)
            return original.members.map { members in
                members.map { Member(key: $0.key, keyPosition: shift.apply($0.keyPosition), value: shift.apply($0.value)) }
            }
        }

        /// The earlier elements, placed at `position`; `nil` for an object.
        @inline(never)
        func elements(at position: SourcePosition) -> [DocumentNode]? {
            let shift = PositionShift(from: original.position, to: position)
            return original.elements.map { elements in elements.map { shift.apply($0) } }
        }
    }

    /// How the positions of a text move when the same bytes stand elsewhere: every offset by the
    /// same amount; lines by the same amount; columns only on the text's first line (after a
    /// line break a column counts from the line's start, which the bytes fix).
    package struct PositionShift: Sendable {
        /// The line the earlier text starts on.
        let fromLine: Int
        let lines: Int
        let columns: Int
        let offsets: Int

        /// The shift from a text at `from` to the same text at `to`.
        init(from: SourcePosition, to: SourcePosition) {
            fromLine = from.line
            lines = to.line - from.line
            columns = to.column - from.column
            offsets = to.offset - from.offset
        }

        func apply(_ position: SourcePosition) -> SourcePosition {
            SourcePosition(
                line: position.line + lines,
                column: position.line == fromLine ? position.column + columns : position.column,
                offset: position.offset + offsets
            )
        }

        /// The node placed here: a scalar with its position moved, an object or array as a
        /// repeat of it (read when its members or elements are). A repeat within the moved text
        /// stays a repeat of the same text, standing where it is moved to.
        func apply(_ node: DocumentNode) -> DocumentNode {
            let end = node.sourceEnd.map { $0 + offsets }
            switch node.value {
            case .object, .array:
                return DocumentNode(value: .repeated(Repeat(original: node)), position: apply(node.position), sourceEnd: end)
            default:
                return DocumentNode(value: node.value, position: apply(node.position), sourceEnd: end)
            }
        }
    }

    /// The value.
    package let value: Value
    /// Where the value starts.
    package var position: SourcePosition { place.position }
    /// The offset just past the value's text, when the front end keeps it, so that the value's
    /// text is the source's bytes from `position.offset` up to here and decides the value: the
    /// JSON parser keeps it for every value, the YAML reader for a flow collection with no alias
    /// inside (`{type: string}`); `nil` otherwise (in YAML the same text can mean different
    /// values where an alias names an anchor set elsewhere).
    package var sourceEnd: Int? { end < 0 ? nil : end }

    private let place: CompactPosition
    /// ``sourceEnd``, or -1: an optional would take a word of its own.
    private let end: Int

    /// Creates a node.
    @inline(__always)
    package init(value: Value, position: SourcePosition, sourceEnd: Int? = nil) {
        self.value = value
        self.place = CompactPosition(position)
        self.end = sourceEnd ?? -1
    }

    /// The members when the value is an object (a mapping).
    @inline(__always)
    package var members: [Member]? {
        if case .object(let members) = value { return members }
        // Rare (a repeat the reader did not recognise), and kept out of line.
        if case .repeated(let earlier) = value { return earlier.members(at: position) }
        return nil
    }

    /// The elements when the value is an array (a sequence).
    @inline(__always)
    package var elements: [DocumentNode]? {
        if case .array(let elements) = value { return elements }
        if case .repeated(let earlier) = value { return earlier.elements(at: position) }
        return nil
    }

    /// The text when the value is a string.
    package var string: String? {
        if case .string(let text) = value { return text }
        return nil
    }

    /// The truth value when the value is a Boolean.
    package var bool: Bool? {
        if case .bool(let flag) = value { return flag }
        return nil
    }

    /// The value's text when it is a single value of any kind (JSON's `true`, `12.5` and `null`
    /// read as they are written), or `nil` for an object or array.
    package var scalarText: String? {
        switch value {
        case .string(let text), .number(let text): text
        case .bool(let flag): flag ? "true" : "false"
        case .null: "null"
        case .object, .array, .repeated: nil
        }
    }

    /// The JSON type name, for messages.
    package var typeName: String {
        switch value {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a Boolean"
        case .null: "null"
        case .repeated(let earlier): earlier.original.typeName
        }
    }
}

/// A ``SourcePosition`` in 16 bytes rather than 24, for the many nodes of a parsed document: a
/// line or column past 2³² − 1 (in a text of more than 4 GiB) is kept as 2³² − 1.
private struct CompactPosition: Sendable {
    private let line: UInt32
    private let column: UInt32
    private let offset: Int

    @inline(__always)
    init(_ position: SourcePosition) {
        line = UInt32(clamping: position.line)
        column = UInt32(clamping: position.column)
        offset = position.offset
    }

    var position: SourcePosition { SourcePosition(line: Int(line), column: Int(column), offset: offset) }
}
