import Foundation
import Roundtrip
import RoundtripGeneration
import RoundtripYAML
import Testing

/// A parameter in generated code is a call of `ParameterSpec(…)` with the arguments the model
/// lists (``ParameterSpec/Argument``), each value written by its kind: every field of the model
/// is an argument, and each kind keeps its Swift text.
@Suite("Generated code: a parameter's initializer arguments")
struct ParameterArgumentTests {
    /// A parameter with every field away from its default.
    static let everyField = ParameterSpec(
        name: "v",
        type: .date(.iso8601),
        isRequired: true,
        defaultValue: "d",
        allowedValues: ["a", "b"],
        pattern: try? ValuePattern("[a-z]+"),
        minimumLength: 1,
        maximumLength: 9,
        minimum: 1,
        maximum: 2,
        list: .comma,
        minimumItems: 1,
        maximumItems: 3,
        isMultiline: true,
        allowsEmpty: true,
        booleanFormat: .yesNo,
        maximumBytes: 64,
        secretEnvironment: "TOKEN",
        description: "text",
        defaultItems: ["a"],
        allowsLoneCarriageReturn: true,
        schema: JSONValueSchema(type: .object)
    )

    /// The names of the fields a parameter stores: its name and its storage's stored properties.
    static func storedFields(of parameter: ParameterSpec) -> Set<String> {
        var fields: Set<String> = []
        for child in Mirror(reflecting: parameter).children {
            if child.label == "name" { fields.insert("name") }
            if child.label == "storage" { fields.formUnion(Mirror(reflecting: child.value).children.compactMap(\.label)) }
        }
        return fields
    }

    @Test("Every field of the model is an argument of the initializer, given when it is not the default")
    func everyFieldIsAnArgument() {
        let given = ParameterSpec.Argument.allCases.filter { Self.everyField.argument($0) != nil }.map(\.rawValue)
        #expect(given == ParameterSpec.Argument.allCases.map(\.rawValue))
        #expect(Set(given) == Self.storedFields(of: Self.everyField))
    }

    @Test("A parameter left at its defaults gives its name and type only")
    func defaultsAreLeftOut() {
        let parameter = ParameterSpec(name: "v")
        let given = ParameterSpec.Argument.allCases.filter { parameter.argument($0) != nil }
        #expect(given == [.name, .type])
    }

    static let literals: [(definition: String, literal: String)] = [
        ("{type: base64, max-bytes: 64}", #"ParameterSpec(name: "v", type: .base64, maximumBytes: 64)"#),
        (
            "{type: string, required: true, min-length: 3, max-length: 32}",
            #"ParameterSpec(name: "v", type: .string, isRequired: true, minimumLength: 3, maximumLength: 32)"#
        ),
        (
            "{type: decimal, minimum: 0.01, maximum: 100}",
            #"ParameterSpec(name: "v", type: .decimal, minimum: Decimal(sign: .plus, exponent: -2, significand: 1), maximum: Decimal(sign: .plus, exponent: 2, significand: 1))"#
        ),
        ("{type: boolean, format: yes-no, default: yes}", #"ParameterSpec(name: "v", type: .boolean, defaultValue: "yes", booleanFormat: .yesNo)"#),
        ("{type: boolean, format: presence}", #"ParameterSpec(name: "v", type: .boolean, booleanFormat: .presence)"#),
        (
            "{type: string, list: comma, min-items: 1, max-items: 20, default: [home, work], allow-empty: true}",
            #"ParameterSpec(name: "v", type: .string, list: .comma, minimumItems: 1, maximumItems: 20, allowsEmpty: true, defaultItems: ["home", "work"])"#
        ),
        (
            "{type: string, multiline: any, description: 'A \"note\"'}",
            #"ParameterSpec(name: "v", type: .string, isMultiline: true, description: "A \"note\"", allowsLoneCarriageReturn: true)"#
        ),
        ("{type: secret, secret-env: NOTES_TOKEN}", #"ParameterSpec(name: "v", type: .secret, secretEnvironment: "NOTES_TOKEN")"#),
        ("{type: string, enum: [a, b]}", #"ParameterSpec(name: "v", type: .string, allowedValues: ["a", "b"])"#),
        ("{type: string, pattern: '[a-z]+'}", #"ParameterSpec(name: "v", type: .string, pattern: try! ValuePattern("[a-z]+"))"#),
        ("{type: date}", #"ParameterSpec(name: "v", type: .date(.iso8601))"#),
        ("{type: date, format: yyyy-MM-dd}", #"ParameterSpec(name: "v", type: .date(try! DateFormat("yyyy-MM-dd")))"#),
        (
            "{type: json, schema: {type: array, items: {type: string}}}",
            #"ParameterSpec(name: "v", type: .json, schema: JSONValueSchema(type: .array, items: JSONValueSchema(type: .string)))"#
        ),
    ]

    @Test("Each kind of argument keeps its Swift text", arguments: literals)
    func eachKindKeepsItsText(_ definition: String, _ literal: String) throws {
        let yaml = "roundtrip: 1\napp: {name: T, schemes: [t]}\nactions:\n  a: {url: 't://a', convention: none, parameters: {v: \(definition)}}\n"
        let spec = try SpecLoader.load(yaml: yaml).spec
        let source = SwiftGenerator.generate(spec, configuration: GeneratorConfiguration(role: .receiver), source: "t.yaml")
        #expect(source.contains(literal))
    }
}
