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
    }

    /// The value.
    package let value: Value
    /// Where the value starts.
    package var position: SourcePosition { place.position }
    /// The offset just past the value's text, when the front end keeps it (JSON), so that the
    /// value's text is the source's bytes from `position.offset` up to here; `nil` otherwise
    /// (YAML, where the same text can mean different values: an alias names an anchor set
    /// elsewhere).
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
    package var members: [Member]? {
        if case .object(let members) = value { return members }
        return nil
    }

    /// The elements when the value is an array (a sequence).
    package var elements: [DocumentNode]? {
        if case .array(let elements) = value { return elements }
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
        case .object, .array: nil
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
