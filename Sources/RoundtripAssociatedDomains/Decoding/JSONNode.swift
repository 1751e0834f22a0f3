/// A parsed JSON value with the position of its first character, so that every later message can
/// say where in the file a problem is (Foundation's `JSONSerialization` keeps no positions).
struct JSONNode: Sendable {
    /// One `"key": value` pair of an object, in file order (duplicates kept for the linter).
    struct Member: Sendable {
        let key: String
        let keyPosition: SourcePosition
        let value: JSONNode
    }

    /// The value.
    enum Value: Sendable {
        case object([Member])
        case array([JSONNode])
        case string(String)
        case number(String)
        case bool(Bool)
        case null
    }

    let value: Value
    let position: SourcePosition

    /// The members when the value is an object.
    var members: [Member]? {
        if case .object(let members) = value { return members }
        return nil
    }

    /// The elements when the value is an array.
    var elements: [JSONNode]? {
        if case .array(let elements) = value { return elements }
        return nil
    }

    /// The text when the value is a string.
    var string: String? {
        if case .string(let text) = value { return text }
        return nil
    }

    /// The truth value when the value is a Boolean.
    var bool: Bool? {
        if case .bool(let flag) = value { return flag }
        return nil
    }

    /// The JSON type name, for messages.
    var typeName: String {
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
