import Foundation
import Roundtrip
import RoundtripYAML
import Testing

/// A `json` parameter's `schema:`: the members its value must have, in a subset of JSON Schema
/// (draft 2020-12), read with exact errors and checked when a request is decided, each refusal
/// naming the member's path from the parameter.
@Suite("Validation: the members of a json parameter (schema)")
struct JSONParameterSchemaTests {
    /// A spec whose action `pay` takes one `json` parameter `data` with `schema` (YAML, indented
    /// for its place): required, or with `defaultValue`.
    static func spec(schema: String, type: String = "json", defaultValue: String? = nil) -> String {
        """
        roundtrip: 1
        app: {name: Shop, schemes: [shop]}
        actions:
          pay:
            url: shop://pay
            convention: none
            parameters:
              data:
                type: \(type)
                \(defaultValue.map { "default: '\($0)'" } ?? "required: true")
                schema:
        \(schema.split(separator: "\n", omittingEmptySubsequences: false).map { "          " + $0 }.joined(separator: "\n"))
        """
    }

    static let orderSchema = """
        type: object
        required: [amount]
        additional-properties: false
        properties:
          amount: {type: integer, minimum: 1}
          currency: {type: string, enum: [EUR, USD]}
          note: {type: string, max-length: 5}
          lines:
            type: array
            items:
              type: object
              required: [sku]
              properties:
                sku: {type: string}
                qty: {type: integer, maximum: 10}
          unit price: {type: number}
          paid: {type: boolean}
          rate: {type: number, enum: [1.5, 2]}
        """

    static func url(_ json: String) -> String {
        "shop://pay?data=" + (json.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? json)
    }

    // MARK: - Decision

    @Test(
        "a value is checked member by member, and a refusal names the member's path",
        arguments: [
            (#"{"amount":5}"#, nil),
            (#"{"amount":1.0,"currency":"EUR","note":"hello","paid":true,"rate":1.50}"#, nil),
            (#"{"amount":5,"lines":[{"sku":"a","qty":10},{"sku":"b"}],"unit price":12.5}"#, nil),
            (#"{"amount":"5"}"#, "data.amount must be an integer"),
            (#"{"amount":1.5}"#, "data.amount must be an integer"),
            (#"{"amount":0}"#, "data.amount is 0; the minimum is 1"),
            (#"{}"#, "data.amount is missing; the schema requires it"),
            (
                #"{"amount":5,"extra":1}"#,
                "data.extra is not a member the schema declares (it declares amount, currency, note, lines, unit price, paid, rate)"
            ),
            (#"{"amount":5,"currency":"GBP"}"#, "data.currency must be one of EUR, USD, not 'GBP'"),
            (#"{"amount":5,"rate":3}"#, "data.rate must be one of 1.5, 2, not '3'"),
            (#"{"amount":5,"note":"toolong"}"#, "data.note is 7 characters long; the maximum is 5"),
            (#"{"amount":5,"lines":[{"sku":"a"},{"sku":"b"},{"qty":1}]}"#, "data.lines[2].sku is missing; the schema requires it"),
            (#"{"amount":5,"lines":[{"sku":"a","qty":11}]}"#, "data.lines[0].qty is 11; the maximum is 10"),
            (#"{"amount":5,"lines":{"sku":"a"}}"#, "data.lines must be an array"),
            (#"{"amount":5,"unit price":"x"}"#, #"data["unit price"] must be a number"#),
            (#"{"amount":5,"amount":6}"#, "data.amount is given twice; a member may appear once"),
            (#"[1]"#, "data must be an object"),
            (#"{"amount":5,"paid":"yes"}"#, "data.paid must be a boolean (true or false)"),
        ] as [(String, String?)]
    )
    func decision(json: String, refusal: String?) throws {
        let endpoint = try Endpoint(spec: try SpecLoader.load(yaml: Self.spec(schema: Self.orderSchema)).spec)
        do {
            let request = try endpoint.evaluate(Self.url(json))
            #expect(refusal == nil, "accepted \(json)")
            #expect(request.parameters["data"] == .json(json))
        } catch {
            #expect(error.code == .invalidParameter)
            #expect(error.parameter == "data")
            #expect(error.message == refusal)
        }
    }

    @Test("text that is not JSON is refused before any member is looked at")
    func notJSON() throws {
        let endpoint = try Endpoint(spec: try SpecLoader.load(yaml: Self.spec(schema: Self.orderSchema)).spec)
        #expect(throws: RoundtripError.self) { try endpoint.evaluate(Self.url("{amount:5}")) }
    }

    // MARK: - Reading

    @Test(
        "a schema that cannot be read is refused where it is written",
        arguments: [
            ("type: object\nmaxLength: 3", "unknown-key", "schema.maxLength", "did you mean 'max-length'?"),
            ("type: decimal", "invalid-value", "schema.type", "unknown type 'decimal'"),
            (
                "type: object\nrequired: [amount]", "invalid-value", "schema.required",
                "'required' names 'amount', which 'properties' does not declare"
            ),
            (
                "type: string\nminimum: 1", "type-mismatch", "schema.minimum",
                "'minimum' applies to integers and numbers, not to a schema of type string"
            ),
            ("type: array\nproperties: {a: {type: string}}", "type-mismatch", "schema.properties", "'properties' applies to objects"),
            ("enum: [a, b]", "invalid-enum", "schema.enum", "an enum needs the schema's type"),
            ("type: integer\nenum: [1, 1.5]", "invalid-enum", "schema.enum", "'1.5' is not an integer"),
            ("type: string\nmax-length: -1", "wrong-type", "schema.max-length", "expected a whole number"),
            ("type: object\nadditional-properties: maybe", "wrong-type", "schema.additional-properties", "expected true or false"),
            ("type: integer\nminimum: 5\nmaximum: 1", "empty-range", "schema", "minimum 5 is greater than maximum 1"),
            ("[type, object]", "wrong-type", "schema", "expected a mapping of schema keywords"),
            ("properties: {a: {tipe: string}}", "unknown-key", "schema.properties.a.tipe", "did you mean 'type'?"),
        ] as [(String, String, String, String)]
    )
    func readingErrors(schema: String, rule: String, path: String, message: String) throws {
        let diagnostic = specLoadError(Self.spec(schema: schema), rule: rule, path: "actions.pay.parameters.data." + path)
        #expect(diagnostic?.message.contains(message) == true, "\(diagnostic?.message ?? "")")
    }

    @Test("an unknown keyword is reported at its line")
    func unknownKeywordLine() throws {
        let diagnostic = specLoadError(
            Self.spec(schema: "type: object\nmaxLength: 3"),
            rule: "unknown-key",
            path: "actions.pay.parameters.data.schema.maxLength"
        )
        #expect(diagnostic?.line == 13)
    }

    @Test("schema applies to json parameters only")
    func onlyJSON() throws {
        let diagnostic = specLoadError(
            Self.spec(schema: "type: object", type: "string"),
            rule: "type-mismatch",
            path: "actions.pay.parameters.data.schema"
        )
        #expect(diagnostic?.message == "'schema' applies to json parameters, not to a string parameter")
    }

    @Test("a schema nested deeper than a json value may be is refused, one level past the limit")
    func nestingIsBounded() throws {
        func nested(_ levels: Int) -> String {
            String(repeating: "{items: ", count: levels - 1) + "{type: string}" + String(repeating: "}", count: levels - 1)
        }
        #expect(JSONValueSchema.maximumDepth == 32)
        let deepest = try SpecLoader.load(yaml: Self.spec(schema: "type: array\nitems: " + nested(31))).spec
        #expect(deepest.action(named: "pay")?.parameters.first?.schema?.depth == 32)
        let path = "actions.pay.parameters.data.schema" + String(repeating: ".items", count: 32)
        let diagnostic = specLoadError(Self.spec(schema: "type: array\nitems: " + nested(32)), rule: "invalid-value", path: path)
        #expect(diagnostic?.message.contains("more than 32 levels") == true)
    }

    @Test("the default of a json parameter must itself satisfy the schema")
    func defaultSatisfiesTheSchema() throws {
        let yaml = Self.spec(schema: "{type: object, properties: {amount: {type: integer, minimum: 1}}}", defaultValue: #"{"amount":0}"#)
        let diagnostic = specLoadError(yaml, rule: "invalid-default", path: "actions.pay.parameters.data.default")
        #expect(diagnostic?.message.contains("data.amount is 0; the minimum is 1") == true)
    }

    @Test("a schema written back in the spec's keys reads back the same (the ledger's returns)")
    func writtenBack() throws {
        let spec = try SpecLoader.load(yaml: Self.spec(schema: Self.orderSchema)).spec
        let parameter = try #require(spec.action(named: "pay")?.parameters.first)
        let read = try ParameterDefinition.parameters(fromJSON: ParameterDefinition.json([parameter]))
        #expect(read.first?.schema == parameter.schema)
        #expect(parameter.schema?.properties.map(\.name) == ["amount", "currency", "note", "lines", "unit price", "paid", "rate"])
        #expect(parameter.schema?.properties.last?.schema.allowedValues == ["1.5", "2"])
    }
}
