import Foundation
import Roundtrip
import RoundtripYAML
import Testing

/// A `json` parameter's schema check is one pass over the value: its steps (a node visited, a
/// member's name hashed byte by byte, a checked string's or number's bytes) stay within twice
/// the value's length for the shapes that could cost more (many members, long arrays of objects
/// with required members, deep nesting, long enums), and grow with the value, not the schema.
@Suite("Validation: a json value's schema check is linear in the value")
struct JSONSchemaWorkTests {
    /// The schema of the parameter `data` of a spec whose only action declares `schema` (YAML).
    static func schema(_ yaml: String) throws -> JSONValueSchema {
        let spec = try SpecLoader.load(yaml: JSONParameterSchemaTests.spec(schema: yaml)).spec
        return try #require(spec.action(named: "pay")?.parameters.first?.schema)
    }

    /// The steps checking `json` takes, after checking that it is accepted.
    static func steps(_ schema: JSONValueSchema, _ json: String) throws -> Int {
        let node = try JSONParser.parse(Array(json.utf8), maximumDepth: 32)
        var steps = 0
        try schema.check(node, name: "data", steps: &steps)
        return steps
    }

    /// A worst case of each kind: a schema, and the value of `count` units.
    struct Shape: Sendable, CustomTestStringConvertible {
        let name: String
        let schema: String
        let value: @Sendable (Int) -> String
        var testDescription: String { name }
    }

    static let shapes: [Shape] = [
        Shape(
            name: "many members, some declared",
            schema: "{type: object, properties: {" + (0..<100).map { "k\($0): {type: integer, minimum: 0}" }.joined(separator: ", ") + "}}",
            value: { count in "{" + (0..<count).map { "\"k\($0)\":\($0)" }.joined(separator: ",") + "}" }
        ),
        Shape(
            name: "a long array of objects with required members",
            schema: "{type: array, items: {type: object, required: [sku, qty], additional-properties: false, "
                + "properties: {sku: {type: string, max-length: 20}, qty: {type: integer, minimum: 1}}}}",
            value: { count in "[" + Array(repeating: #"{"sku":"ab-12","qty":3}"#, count: count).joined(separator: ",") + "]" }
        ),
        Shape(
            name: "deep nesting, repeated",
            schema: "{type: array, items: " + String(repeating: "{type: array, items: ", count: 30) + "{type: string, max-length: 3}"
                + String(repeating: "}", count: 31),
            value: { count in
                "["
                    + Array(repeating: String(repeating: "[", count: 30) + "\"abc\"" + String(repeating: "]", count: 30), count: count)
                    .joined(separator: ",") + "]"
            }
        ),
        Shape(
            name: "many enum values",
            schema: "{type: array, items: {type: string, enum: [" + (0..<5_000).map { "v\($0)" }.joined(separator: ", ") + "]}}",
            value: { count in "[" + (0..<count).map { "\"v\($0 % 5_000)\"" }.joined(separator: ",") + "]" }
        ),
    ]

    @Test("steps stay within twice the value's length, and grow as it does", arguments: shapes)
    func linear(_ shape: Shape) throws {
        let schema = try Self.schema(shape.schema)
        var previous: (bytes: Int, steps: Int)?
        for count in [250, 1_000, 4_000] {
            let json = shape.value(count)
            let steps = try Self.steps(schema, json)
            #expect(steps <= 2 * json.utf8.count, "\(steps) steps for \(json.utf8.count) bytes")
            if let previous {
                // Four times the units: the steps per byte stay where they were (linear).
                let perByte = Double(steps) / Double(json.utf8.count)
                let previousPerByte = Double(previous.steps) / Double(previous.bytes)
                #expect(perByte <= previousPerByte * 1.1, "\(previous.steps) steps for \(previous.bytes) bytes, then \(steps) for \(json.utf8.count)")
            }
            previous = (json.utf8.count, steps)
        }
    }

    @Test("an enum's length costs nothing per value: one lookup")
    func enumLengthIsFree() throws {
        let json = "[" + Array(repeating: "\"v7\"", count: 1_000).joined(separator: ",") + "]"
        let short = try Self.steps(
            try Self.schema("{type: array, items: {type: string, enum: [" + (0..<10).map { "v\($0)" }.joined(separator: ", ") + "]}}"),
            json
        )
        let long = try Self.steps(
            try Self.schema("{type: array, items: {type: string, enum: [" + (0..<10_000).map { "v\($0)" }.joined(separator: ", ") + "]}}"),
            json
        )
        #expect(short == long)
    }

    @Test("a long required list costs an object no more than its members, plus one to name the missing one")
    func requiredListIsBoundedByMembers() throws {
        let names = (0..<500).map { "r\($0)" }
        let schema = try Self.schema(
            "{type: array, items: {type: object, required: [\(names.joined(separator: ", "))], properties: {"
                + names.map { "\($0): {type: integer}" }.joined(separator: ", ") + "}}}"
        )
        let json = "[" + Array(repeating: "{}", count: 4_000).joined(separator: ",") + "]"
        let node = try JSONParser.parse(Array(json.utf8), maximumDepth: 32)
        var steps = 0
        #expect(throws: RoundtripError.self) { try schema.check(node, name: "data", steps: &steps) }
        // The array, its first object, and the first required name it lacks.
        #expect(steps == 3)
    }
}
