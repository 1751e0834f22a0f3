import Foundation
import Roundtrip

/// An example JSON text that a `json` parameter's `schema:` accepts: every declared member,
/// each with an example of its own schema, so that documentation shows the value's shape.
enum JSONSchemaExample {
    /// The example text for `schema`: the first `enum` value; an object of every declared member;
    /// an array of one example item; `"example"` cut to `max-length`; `42` or `12.5` moved within
    /// `minimum` and `maximum`; `true`; `null`. The member at `omitting` (a JSON pointer's
    /// tokens, RFC 6901) is left out: a caller's request builder writes it (a callback).
    static func text(for schema: JSONValueSchema, omitting: ArraySlice<String> = []) -> String {
        if let first = schema.allowedValues?.first {
            return schema.type == .string ? JSONStringLiteral.quoted(first) : first
        }
        switch schema.type ?? impliedType(of: schema) {
        case .object:
            let members = schema.properties.compactMap { member -> String? in
                guard member.name == omitting.first else { return JSONStringLiteral.quoted(member.name) + ":" + text(for: member.schema) }
                return omitting.count == 1
                    ? nil : JSONStringLiteral.quoted(member.name) + ":" + text(for: member.schema, omitting: omitting.dropFirst())
            }
            return "{" + members.joined(separator: ",") + "}"
        case .array:
            return "[" + (schema.items.map { text(for: $0) } ?? "") + "]"
        case .string:
            return JSONStringLiteral.quoted(String("example".prefix(schema.maximumLength ?? 7)))
        case .integer:
            return number(42, within: schema, wholeOnly: true).description
        case .number:
            return number(12.5, within: schema, wholeOnly: false).description
        case .boolean:
            return "true"
        case .null:
            return "null"
        }
    }

    /// The kind of value a schema without `type` describes, by its keywords.
    private static func impliedType(of schema: JSONValueSchema) -> JSONValueSchema.ValueType {
        if schema.items != nil { return .array }
        if schema.maximumLength != nil { return .string }
        if schema.minimum != nil || schema.maximum != nil { return .number }
        return .object
    }

    /// `preferred`, or the nearest bound when it is outside them (rounded inwards for an integer).
    private static func number(_ preferred: Decimal, within schema: JSONValueSchema, wholeOnly: Bool) -> Decimal {
        var value = preferred
        if let minimum = schema.minimum, value < minimum { value = rounded(minimum, wholeOnly ? .up : .plain) }
        if let maximum = schema.maximum, value > maximum { value = rounded(maximum, wholeOnly ? .down : .plain) }
        return value
    }

    private static func rounded(_ value: Decimal, _ mode: NSDecimalNumber.RoundingMode) -> Decimal {
        guard mode != .plain else { return value }
        var result = Decimal()
        var copy = value
        NSDecimalRound(&result, &copy, 0, mode)
        return result
    }
}
