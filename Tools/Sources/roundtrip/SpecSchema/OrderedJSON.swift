/// A JSON value whose objects keep their members in the order they are written, printed with
/// two-space indentation: what ``SpecSchema`` is written in, so the printed schema reads in the
/// order of the spec format's reference (`$schema` first, a description before the properties
/// it describes) and prints the same bytes every time.
enum OrderedJSON: Sendable, Equatable {
    case string(String)
    case integer(Int)
    /// A number beyond `Int`, written as given in JSON's number syntax (`1e38`).
    case number(String)
    case bool(Bool)
    case array([OrderedJSON])
    case object([Member])

    /// One `"key": value` member of an object.
    struct Member: Sendable, Equatable {
        let key: String
        let value: OrderedJSON
    }

    /// The empty object, `{}`: the schema that every value matches.
    static let anything = OrderedJSON.object([])

    /// This object with `member` appended (a value other than an object is returned unchanged).
    func adding(_ key: String, _ value: OrderedJSON) -> OrderedJSON {
        guard case .object(let members) = self else { return self }
        return .object(members + [Member(key: key, value: value)])
    }

    /// The text: objects and arrays over several lines, indented by two spaces a level; an array
    /// of a few short scalars on one line.
    func rendered(indentation: String = "") -> String {
        let inner = indentation + "  "
        switch self {
        case .string(let text): return Self.quoted(text)
        case .integer(let number): return String(number)
        case .number(let text): return text
        case .bool(let flag): return flag ? "true" : "false"
        case .array(let elements):
            if elements.isEmpty { return "[]" }
            if elements.allSatisfy(\.isScalar) {
                let line = "[" + elements.map { $0.rendered() }.joined(separator: ", ") + "]"
                if line.count <= 100 { return line }
            }
            return "[\n" + elements.map { inner + $0.rendered(indentation: inner) }.joined(separator: ",\n") + "\n" + indentation + "]"
        case .object(let members):
            if members.isEmpty { return "{}" }
            let lines = members.map { inner + Self.quoted($0.key) + ": " + $0.value.rendered(indentation: inner) }
            return "{\n" + lines.joined(separator: ",\n") + "\n" + indentation + "}"
        }
    }

    private var isScalar: Bool {
        switch self {
        case .string, .integer, .number, .bool: true
        case .array, .object: false
        }
    }

    /// A JSON string literal (RFC 8259, section 7): quotes, backslashes and control characters
    /// escaped, everything else as is.
    static func quoted(_ text: String) -> String {
        var output = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\t": output += "\\t"
            case "\r": output += "\\r"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output + "\""
    }
}

extension OrderedJSON: ExpressibleByStringLiteral {
    init(stringLiteral value: String) { self = .string(value) }
}

extension OrderedJSON: ExpressibleByIntegerLiteral {
    init(integerLiteral value: Int) { self = .integer(value) }
}

extension OrderedJSON: ExpressibleByBooleanLiteral {
    init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension OrderedJSON: ExpressibleByArrayLiteral {
    init(arrayLiteral elements: OrderedJSON...) { self = .array(elements) }
}

extension OrderedJSON: ExpressibleByDictionaryLiteral {
    /// An object with the members in the order the literal lists them.
    init(dictionaryLiteral elements: (String, OrderedJSON)...) {
        self = .object(elements.map { Member(key: $0.0, value: $0.1) })
    }
}
