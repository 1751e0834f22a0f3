import Foundation

/// The members a `json` parameter's value must have (`schema:`): a subset of JSON Schema
/// draft 2020-12 ("JSON Schema Validation", sections 6.1 to 6.5, for `type`, `enum`, `minimum`,
/// `maximum`, `maxLength` and `required`; "JSON Schema Core", section 10.3, for `properties`,
/// `additionalProperties` and `items`), with the spec's own spelling of two keywords
/// (`max-length`, `additional-properties`).
///
/// Every keyword applies only to a value of the kind it describes, as in JSON Schema: `minimum`
/// to numbers, `max-length` to strings, `properties`, `required` and `additional-properties` to
/// objects, `items` to arrays. A value is checked in one pass over it, in time linear in its
/// length (see ``check(_:name:steps:)``).
public struct JSONValueSchema: Sendable, Equatable {
    /// The kind of JSON value a schema's `type` names (JSON Schema Validation, section 6.1.1).
    public enum ValueType: String, Sendable, Equatable, CaseIterable, CustomStringConvertible {
        /// A JSON object.
        case object
        /// A JSON array.
        case array
        /// A JSON string.
        case string
        /// A number with no fractional part: `1` and `1.0` are integers, `1.5` is not.
        case integer
        /// Any JSON number.
        case number
        /// `true` or `false`.
        case boolean
        /// `null`.
        case null

        /// The spelling in a spec file.
        public var description: String { rawValue }

        /// The type in words for a message: "an integer", "a string".
        var phrase: String {
            switch self {
            case .object: "an object"
            case .array: "an array"
            case .string: "a string"
            case .integer: "an integer"
            case .number: "a number"
            case .boolean: "a boolean (true or false)"
            case .null: "null"
            }
        }

        /// Whether an `enum` of this type lists single values a spec can write as text.
        var isScalar: Bool { ![.object, .array, .null].contains(self) }
    }

    /// One declared member of an object (`properties:`).
    public struct Property: Sendable, Equatable {
        /// The member's name.
        public let name: String
        /// What its value must be.
        public let schema: JSONValueSchema

        /// Creates a declared member.
        public init(name: String, schema: JSONValueSchema) {
            self.name = name
            self.schema = schema
        }
    }

    /// The kind of value (`type`), or `nil` for any.
    public let type: ValueType?
    /// The members an object must have (`required`), each one of ``properties``.
    public let required: [String]
    /// The declared members of an object, in the spec's order (`properties`).
    public let properties: [Property]
    /// Whether an object may have members ``properties`` does not declare
    /// (`additional-properties`); `true` by default, as in JSON Schema.
    public let allowsAdditionalProperties: Bool
    /// The schema of every item of an array (`items`), or `nil` for items of any kind.
    public var items: JSONValueSchema? { itemSchema.first }
    /// The only values allowed (`enum`), in canonical form for ``type``: a string as it is, a
    /// number as `Decimal` writes it (`1.50` is `1.5`), a boolean as `true` or `false`.
    public let allowedValues: [String]?
    /// The smallest number allowed (`minimum`).
    public let minimum: Decimal?
    /// The largest number allowed (`maximum`).
    public let maximum: Decimal?
    /// The most Unicode scalars a string may have (`max-length`), as JSON Schema counts length.
    public let maximumLength: Int?

    /// ``items``, in an array: a structure cannot hold an optional of itself.
    private let itemSchema: [JSONValueSchema]
    /// Each declared member's index in ``properties``, for a lookup per member of a value.
    private let propertyIndex: [String: Int]
    /// Whether the member at each index of ``properties`` is required.
    private let isRequired: [Bool]
    /// ``allowedValues`` as a set, so a value is matched in one lookup however long the list.
    private let allowedSet: Set<String>?

    /// Creates a schema. Only ``type`` values of `enum` are meaningful; a `required` name
    /// must be one of `properties`.
    public init(
        type: ValueType? = nil,
        required: [String] = [],
        properties: [Property] = [],
        allowsAdditionalProperties: Bool = true,
        items: JSONValueSchema? = nil,
        allowedValues: [String]? = nil,
        minimum: Decimal? = nil,
        maximum: Decimal? = nil,
        maximumLength: Int? = nil
    ) {
        self.type = type
        self.required = required
        self.properties = properties
        self.allowsAdditionalProperties = allowsAdditionalProperties
        self.itemSchema = items.map { [$0] } ?? []
        self.allowedValues = allowedValues
        self.minimum = minimum
        self.maximum = maximum
        self.maximumLength = maximumLength
        var index: [String: Int] = [:]
        for (position, property) in properties.enumerated() where index[property.name] == nil { index[property.name] = position }
        propertyIndex = index
        let requiredNames = Set(required)
        isRequired = properties.map { requiredNames.contains($0.name) }
        allowedSet = allowedValues.map(Set.init)
    }

    /// How many levels a schema may nest (`properties` and `items` within each other): as many
    /// as a `json` parameter's value may (``ParameterParsing/maximumJSONDepth``), since a deeper
    /// level could describe no value.
    public static let maximumDepth = 32

    /// How many levels this schema nests: 1 for a schema without `properties` or `items`.
    public var depth: Int {
        1 + max(properties.map(\.schema.depth).max() ?? 0, items?.depth ?? 0)
    }
}

// MARK: - Checking a value

extension JSONValueSchema {
    /// One step of the way from a parameter's value to one of its members, for a message.
    private enum PathStep {
        case member(String)
        case item(Int)
    }

    /// Checks a parsed JSON value of the parameter `name` against the schema.
    ///
    /// One pass over the value: each node is visited once, each object member is looked up once
    /// among the declared ones, and a `required` list is walked only as far as the members an
    /// object has. The work is linear in the value's length, whatever the size of the schema.
    ///
    /// - Parameter steps: Incremented by the units of work done (a node visited, a member's name
    ///   hashed byte by byte, a string's or number's bytes read), for tests of the bound.
    /// - Throws: ``RoundtripError`` `invalid-parameter` naming the member's path from the
    ///   parameter (`data.amount`, `data.items[2]`) and the rule it broke.
    package func check(_ value: DocumentNode, name: String, steps: inout Int) throws(RoundtripError) {
        var path: [PathStep] = []
        try check(value, name: name, path: &path, steps: &steps)
    }

    private func check(_ value: DocumentNode, name: String, path: inout [PathStep], steps: inout Int) throws(RoundtripError) {
        steps += 1
        func invalid(_ why: String) -> RoundtripError {
            RoundtripError(.invalidParameter, Self.render(name, path) + " " + why, parameter: name)
        }
        if let type, !Self.isOfType(value, type, steps: &steps) {
            throw invalid("must be \(type.phrase)")
        }
        switch value.value {
        case .string(let text):
            if let maximumLength {
                steps += text.utf8.count
                let length = text.unicodeScalars.count
                if length > maximumLength { throw invalid("is \(length) characters long; the maximum is \(maximumLength)") }
            }
            if let allowedSet {
                steps += text.utf8.count  // hashed once for the lookup
                if !allowedSet.contains(text) { throw invalid(notAllowed(text)) }
            }
        case .number(let text):
            guard minimum != nil || maximum != nil || allowedSet != nil else { break }
            steps += text.utf8.count
            guard let number = SpecNumber.decimal(text) else {
                throw invalid(
                    "is \(ParameterParsing.abbreviated(text)), beyond the numbers the schema compares (at most 38 significant digits, below 10^38)"
                )
            }
            if let minimum, number < minimum { throw invalid("is \(number); the minimum is \(minimum)") }
            if let maximum, number > maximum { throw invalid("is \(number); the maximum is \(maximum)") }
            if let allowedSet, !allowedSet.contains(number.description) { throw invalid(notAllowed(text)) }
        case .bool(let flag):
            if let allowedSet, !allowedSet.contains(flag ? "true" : "false") { throw invalid(notAllowed(flag ? "true" : "false")) }
        case .null:
            break
        case .object, .array, .repeated:
            if let members = value.members {
                try checkMembers(members, name: name, path: &path, steps: &steps)
            } else if let items, let elements = value.elements {
                for (index, element) in elements.enumerated() {
                    path.append(.item(index))
                    try items.check(element, name: name, path: &path, steps: &steps)
                    path.removeLast()
                }
            }
        }
    }

    /// Checks an object's members: each one once, against its declared schema; then that every
    /// required member was among them.
    private func checkMembers(
        _ members: [DocumentNode.Member],
        name: String,
        path: inout [PathStep],
        steps: inout Int
    ) throws(RoundtripError) {
        // Duplicate names are refused: RFC 8259 section 4 leaves their meaning to each parser,
        // so the member checked here might not be the one the app reads.
        var seen = Set<String>(minimumCapacity: members.count)
        var requiredCount = 0
        for member in members {
            steps += 1 + member.key.utf8.count
            path.append(.member(member.key))
            if !seen.insert(member.key).inserted {
                throw RoundtripError(.invalidParameter, Self.render(name, path) + " is given twice; a member may appear once", parameter: name)
            }
            if let index = propertyIndex[member.key] {
                if isRequired[index] { requiredCount += 1 }
                try properties[index].schema.check(member.value, name: name, path: &path, steps: &steps)
            } else if !allowsAdditionalProperties {
                let declared = properties.map(\.name).joined(separator: ", ")
                throw RoundtripError(
                    .invalidParameter,
                    Self.render(name, path) + " is not a member the schema declares"
                        + (declared.isEmpty ? " (it declares none)" : " (it declares \(declared))"),
                    parameter: name
                )
            }
            path.removeLast()
        }
        guard requiredCount < required.count else { return }
        // Reached once, to name the first missing member before refusing.
        for requiredName in required where !seen.contains(requiredName) {
            steps += 1
            path.append(.member(requiredName))
            throw RoundtripError(.invalidParameter, Self.render(name, path) + " is missing; the schema requires it", parameter: name)
        }
    }

    /// The message for a value that is not one of ``allowedValues``.
    private func notAllowed(_ text: String) -> String {
        let values = allowedValues ?? []
        let listed = values.prefix(10).joined(separator: ", ") + (values.count > 10 ? ", … (\(values.count) values)" : "")
        return "must be one of \(listed), not '\(ParameterParsing.abbreviated(text))'"
    }

    /// Whether `value` is of `type`; an integer is a number whose value has no fraction.
    private static func isOfType(_ value: DocumentNode, _ type: ValueType, steps: inout Int) -> Bool {
        switch value.value {
        case .object: return type == .object
        case .array: return type == .array
        case .string: return type == .string
        case .bool: return type == .boolean
        case .null: return type == .null
        case .repeated(let earlier): return isOfType(earlier.original, type, steps: &steps)
        case .number(let text):
            guard type == .integer else { return type == .number }
            steps += text.utf8.count
            return isIntegral(text)
        }
    }

    /// Whether a JSON number (RFC 8259 section 6) has no fractional part, read from its text in
    /// one pass: `10`, `1.0` and `1.5e1` do, `1.5` and `1e-1` do not.
    static func isIntegral(_ text: String) -> Bool {
        let bytes = text.utf8
        var exponent = 0
        var mantissa = Substring(text).utf8[...]
        if let mark = bytes.firstIndex(where: { $0 == 0x65 || $0 == 0x45 }) {
            mantissa = Substring(text).utf8[..<mark]
            var digits = bytes[bytes.index(after: mark)...]
            let isNegative = digits.first == 0x2D
            if digits.first == 0x2D || digits.first == 0x2B { digits = digits.dropFirst() }
            for digit in digits {
                // Capped past any text's length: beyond it only its sign decides.
                exponent = min(exponent * 10 + Int(digit &- 0x30), 1 << 40)
            }
            if isNegative { exponent = -exponent }
        }
        // The digits of the mantissa, without the sign and the point; those after the point
        // count against the exponent, and trailing zeros for it.
        var fractionDigits = 0
        var isAfterPoint = false
        var trailingZeros = 0
        var isZero = true
        for byte in mantissa {
            switch byte {
            case 0x2E: isAfterPoint = true
            case 0x30...0x39:
                if isAfterPoint { fractionDigits += 1 }
                if byte == 0x30 {
                    trailingZeros += 1
                } else {
                    trailingZeros = 0
                    isZero = false
                }
            default: break
            }
        }
        return isZero || exponent - fractionDigits + trailingZeros >= 0
    }

    /// The path of a member from the parameter: `data.amount`, `data.items[2]`, and a name that
    /// is not a plain identifier in brackets, as a JSON string (`data["unit price"]`).
    private static func render(_ name: String, _ path: [PathStep]) -> String {
        var text = name
        for step in path {
            switch step {
            case .item(let index): text += "[\(index)]"
            case .member(let key):
                // Letters, digits, `_` and `-`, not starting with a digit.
                let isPlain =
                    !key.isEmpty && !URLSplit.isDigit(key.utf8.first ?? 0)
                    && key.utf8.allSatisfy { URLSplit.isDigit($0) || $0 == 0x5F || $0 == 0x2D || (0x61...0x7A).contains($0 | 0x20) }
                text += isPlain ? "." + key : "[" + JSONStringLiteral.quoted(ParameterParsing.abbreviated(key)) + "]"
            }
        }
        return text
    }
}

// MARK: - Writing back

extension JSONValueSchema {
    /// The schema in the spec's own keywords, as JSON text that the spec loader reads back to
    /// the same schema (see ``ParameterDefinition``).
    var json: String {
        let quoted = ParameterDefinition.quoted
        var members: [String] = []
        if let type { members.append("\"type\":" + quoted(type.rawValue)) }
        if !required.isEmpty { members.append("\"required\":" + ParameterDefinition.array(required)) }
        if !properties.isEmpty {
            members.append("\"properties\":{" + properties.map { quoted($0.name) + ":" + $0.schema.json }.joined(separator: ",") + "}")
        }
        if !allowsAdditionalProperties { members.append("\"additional-properties\":false") }
        if let items { members.append("\"items\":" + items.json) }
        if let allowedValues { members.append("\"enum\":" + ParameterDefinition.array(allowedValues)) }
        if let minimum { members.append("\"minimum\":" + quoted(minimum.description)) }
        if let maximum { members.append("\"maximum\":" + quoted(maximum.description)) }
        if let maximumLength { members.append("\"max-length\":\(maximumLength)") }
        return "{" + members.joined(separator: ",") + "}"
    }
}
