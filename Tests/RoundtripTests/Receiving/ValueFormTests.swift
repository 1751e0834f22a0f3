import Foundation
import Roundtrip
import RoundtripTestSupport
import RoundtripYAML
import Testing

/// The value forms real apps' URL APIs use (lists, multi-line text, empty values, yes/no
/// booleans, JSON, base64, secrets, undeclared parameters, form encoding), each accepted in its
/// declared form and refused, with its code, in every other.
@Suite("Value forms: lists, multiline, allow-empty, yes-no, json, base64, secret, accept, form")
struct ValueFormTests {
    static let yaml = """
        roundtrip: 1
        app: {name: Notes, schemes: [notes]}
        actions:
          create:
            url: [notes:///create, notes://x-callback-url/create]
            convention: x-callback-url
            outcomes: [success, error]
            returns:
              id: {type: uuid, required: true}
              tags: {type: string, list: repeated}
            parameters:
              text: {type: string, multiline: true}
              title: {type: string}
              tag: {type: string, list: repeated, max-items: 3}
              tags: {type: string, list: comma, min-items: 2, max-items: 4, pattern: "[a-z]+"}
              numbers: {type: integer, list: comma, maximum: 10}
              lines: {type: string, list: newline}
              pin: {type: boolean, format: yes-no}
              flag: {type: boolean}
              meta: {type: json}
              file: {type: base64, max-bytes: 4}
              due: {type: date, format: yyyy-MM-dd, allow-empty: true}
              size: {type: integer, allow-empty: true, minimum: 1}
              kinds: {type: string, list: comma, enum: [a, b], default: [a, b]}
              token: {type: secret, secret-env: NOTES_TOKEN}
          search:
            url: notes:///search
            convention: none
            query-encoding: form
            unknown-parameters: accept
            parameters:
              query: {type: string}
        """

    static func endpoint() throws -> Endpoint {
        let spec = try SpecLoader.load(yaml: yaml).spec
        return try Endpoint(spec: spec, keys: EnvironmentKeyResolver(environment: ["NOTES_TOKEN": "s3cret-token"]))
    }

    static let base = "notes:///create?"

    struct Accept: CustomTestStringConvertible, Sendable {
        let query: String
        let expected: [String: CanonicalValue]
        var url: String { ValueFormTests.base + query }
        var testDescription: String { query }
    }

    static let accepts: [Accept] = [
        Accept(query: "tag=a&tag=b&tag=a", expected: ["tag": .list(["a", "b", "a"])]),
        Accept(query: "tags=home,work", expected: ["tags": .list(["home", "work"])]),
        Accept(query: "numbers=1,-2,10", expected: ["numbers": .list(["1", "-2", "10"])]),
        Accept(query: "lines=Milk%0aBeer%0D%0ABread", expected: ["lines": .list(["Milk", "Beer", "Bread"])]),
        Accept(query: "text=line%201%0Aline%202%0D%0A%09indented", expected: ["text": .text("line 1\nline 2\r\n\tindented")]),
        Accept(query: "pin=YES&flag=1", expected: ["pin": .text("true"), "flag": .text("true")]),
        Accept(query: "pin=no", expected: ["pin": .text("false")]),
        Accept(query: "meta=%7B%22a%22%3A%5B1%2C2%5D%7D", expected: ["meta": .text("{\"a\":[1,2]}")]),
        Accept(query: "file=AAEC", expected: ["file": .text("AAEC")]),
        Accept(query: "file=AA%3D%3D", expected: ["file": .text("AA==")]),
        Accept(query: "due=&size=", expected: ["due": .text(""), "size": .text("")]),
        Accept(query: "due=2026-02-28", expected: ["due": .text("2026-02-28")]),
        Accept(query: "token=s3cret-token", expected: ["token": .text("***")]),
        Accept(query: "kinds=b", expected: ["kinds": .list(["b"])]),
        Accept(query: "title=a+b", expected: ["title": .text("a+b")]),
    ]

    @Test(arguments: accepts)
    func accepted(_ example: Accept) throws {
        let request = try Self.endpoint().evaluate(example.url)
        for (name, value) in example.expected {
            #expect(request.canonicalValues[name] == value, "\(name)")
        }
        #expect(request.canonicalValues["kinds"] != nil, "the list default applies")
    }

    struct Reject: CustomTestStringConvertible, Sendable {
        let query: String
        let code: RoundtripError.Code
        let parameter: String?
        let messageContains: String
        var testDescription: String { "\(code): \(query.prefix(60))" }
    }

    static let rejects: [Reject] = [
        // Lists
        Reject(
            query: "tags=home,,work",
            code: .invalidParameter,
            parameter: "tags",
            messageContains: "item 2 of the parameter 'tags' is empty (two commas in a row, or one at either end); a list item needs a value"
        ),
        Reject(query: "tags=,,", code: .invalidParameter, parameter: "tags", messageContains: "whose items are all empty"),
        Reject(query: "tags=a,b,c,d,e", code: .invalidParameter, parameter: "tags", messageContains: "has 5 items; the maximum is 4"),
        Reject(query: "tags=solo", code: .invalidParameter, parameter: "tags", messageContains: "has 1 item; the minimum is 2"),
        Reject(query: "tags=home,Work", code: .invalidParameter, parameter: "tags", messageContains: "item 2 of the parameter 'tags' does not match"),
        Reject(
            query: "numbers=1,x,3",
            code: .invalidParameter,
            parameter: "numbers",
            messageContains: "item 2 of the parameter 'numbers' must be a whole number"
        ),
        Reject(
            query: "numbers=1,11",
            code: .invalidParameter,
            parameter: "numbers",
            messageContains: "item 2 of the parameter 'numbers' is 11; the maximum is 10"
        ),
        Reject(query: "tag=a&tag=b&tag=c&tag=d", code: .invalidParameter, parameter: "tag", messageContains: "has 4 items; the maximum is 3"),
        Reject(
            query: "tag=a&tag=",
            code: .invalidParameter,
            parameter: "tag",
            messageContains: "item 2 of the parameter 'tag' is empty (the name is given with no value); a list item needs a value"
        ),
        Reject(
            query: "lines=a%0A%0Ab",
            code: .invalidParameter,
            parameter: "lines",
            messageContains: "item 2 of the parameter 'lines' is empty (an empty line); a list item needs a value"
        ),
        Reject(query: "title=a&title=b", code: .duplicateParameter, parameter: "title", messageContains: "appears more than once"),
        Reject(query: "tags=a,b&tags=c,d", code: .duplicateParameter, parameter: "tags", messageContains: "appears more than once"),
        Reject(
            query: "kinds=a,c",
            code: .invalidParameter,
            parameter: "kinds",
            messageContains: "item 2 of the parameter 'kinds' must be one of a, b"
        ),
        // Multi-line text
        Reject(query: "text=a%0Db", code: .invalidEncoding, parameter: "text", messageContains: "U+000D"),
        Reject(query: "text=a%00b", code: .invalidEncoding, parameter: "text", messageContains: "U+0000"),
        Reject(query: "text=a%E2%80%AEb", code: .invalidEncoding, parameter: "text", messageContains: "U+202E"),
        Reject(query: "title=a%0Ab", code: .invalidEncoding, parameter: "title", messageContains: "U+000A"),
        Reject(query: "title=a%09b", code: .invalidEncoding, parameter: "title", messageContains: "U+0009"),
        Reject(query: "lines=a%09b", code: .invalidEncoding, parameter: "lines", messageContains: "U+0009"),
        // Empty values
        Reject(query: "flag=", code: .invalidParameter, parameter: "flag", messageContains: "must be true, false, 1 or 0, not ''"),
        Reject(query: "size=0", code: .invalidParameter, parameter: "size", messageContains: "the minimum is 1"),
        Reject(query: "due=2026-02-30", code: .invalidParameter, parameter: "due", messageContains: "must be a real date"),
        // Booleans
        Reject(query: "pin=true", code: .invalidParameter, parameter: "pin", messageContains: "must be yes or no, not 'true'"),
        Reject(query: "pin=y", code: .invalidParameter, parameter: "pin", messageContains: "must be yes or no"),
        Reject(query: "flag=yes", code: .invalidParameter, parameter: "flag", messageContains: "must be true, false, 1 or 0"),
        // JSON
        Reject(query: "meta=%7Ba%7D", code: .invalidParameter, parameter: "meta", messageContains: "must be JSON text"),
        Reject(
            query: "meta=" + String(repeating: "%5B", count: 33) + String(repeating: "%5D", count: 33),
            code: .invalidParameter,
            parameter: "meta",
            messageContains: "nests deeper than 32"
        ),
        Reject(query: "meta=%7B%7D%20x", code: .invalidParameter, parameter: "meta", messageContains: "must be JSON text"),
        // Base64
        Reject(query: "file=AA-_", code: .invalidParameter, parameter: "file", messageContains: "outside the base64 alphabet"),
        Reject(query: "file=AAE", code: .invalidParameter, parameter: "file", messageContains: "not padded base64"),
        Reject(query: "file=A%3D%3D%3D", code: .invalidParameter, parameter: "file", messageContains: "not padded base64"),
        Reject(query: "file=AB%3D%3D", code: .invalidParameter, parameter: "file", messageContains: "not canonical"),
        Reject(query: "file=AAECAwQ%3D", code: .invalidParameter, parameter: "file", messageContains: "decodes to 5 bytes; the maximum is 4"),
        // Secrets
        Reject(query: "token=s3cret-tokeN", code: .unauthorized, parameter: "token", messageContains: "does not match the app's secret"),
        Reject(query: "token=", code: .unauthorized, parameter: "token", messageContains: "does not match"),
    ]

    @Test(arguments: rejects)
    func rejected(_ example: Reject) throws {
        let endpoint = try Self.endpoint()
        let error = try #require(rejection(of: { try endpoint.evaluate(Self.base + example.query) }))
        #expect(error.code == example.code, "\(error)")
        #expect(error.parameter == example.parameter)
        #expect(error.message.contains(example.messageContains), "\(error.message)")
    }

    @Test func aWrongSecretNeverAppearsInTheMessage() throws {
        let endpoint = try Self.endpoint()
        let error = try #require(rejection(of: { try endpoint.evaluate(Self.base + "token=guess-s3cret") }))
        #expect(error.code == .unauthorized)
        #expect(!error.message.contains("guess"))
        #expect(!error.message.contains("s3cret"))
    }

    @Test func aSecretWithoutItsVariableRefusesEveryValue() throws {
        let spec = try SpecLoader.load(yaml: Self.yaml).spec
        let endpoint = try Endpoint(spec: spec, keys: EnvironmentKeyResolver(environment: [:]))
        let error = try #require(rejection(of: { try endpoint.evaluate(Self.base + "token=anything") }))
        #expect(error.code == .unauthorized)
        #expect(error.message.contains("NOTES_TOKEN is not set"))
    }

    @Test func formEncodingReadsPlusAsSpaceAndPercent2BAsPlus() throws {
        let request = try Self.endpoint().evaluate("notes:///search?query=milk+and%2Bhoney&x+y=1+2")
        #expect(request.canonicalValues["query"] == .text("milk and+honey"))
        #expect(request.undeclaredParameters == [QueryItem(name: "x y", value: "1 2")])
        #expect(request.canonicalValues["x y"] == .text("1 2"))
    }

    @Test func acceptedUndeclaredParametersAreStillDecodedStrictly() throws {
        let endpoint = try Self.endpoint()
        #expect(rejection(of: { try endpoint.evaluate("notes:///search?x=1&x=2") })?.code == .duplicateParameter)
        #expect(rejection(of: { try endpoint.evaluate("notes:///search?x=%0A") })?.code == .invalidEncoding)
        #expect(rejection(of: { try endpoint.evaluate("notes:///search?x=%ZZ") })?.code == .invalidEncoding)
    }

    @Test func everyRouteOfAListLeadsToTheAction() throws {
        let endpoint = try Self.endpoint()
        #expect(try endpoint.evaluate("notes:///create?title=a").actionName == "create")
        #expect(try endpoint.evaluate("notes://x-callback-url/create?title=a").actionName == "create")
        #expect(rejection(of: { try endpoint.evaluate("notes:///create/?title=a") })?.code == .unknownRoute)
    }

    struct Note: Decodable, Equatable {
        struct Meta: Decodable, Equatable { var a: [Int] }
        var text: String?
        var tag: [String]?
        var tags: [String]?
        var numbers: [Int]?
        var pin: Bool?
        var meta: Meta?
        var file: Data?
        var due: Date?
        var size: Int?
        var kinds: [String]
        var token: String?
    }

    @Test func decodesListsBooleansBytesAndJSONIntoSwiftTypes() throws {
        let url = Self.base + "tag=x&tag=y&tags=ab,cd&numbers=1,2&pin=Yes&meta=%7B%22a%22%3A%5B1%2C2%5D%7D&file=AAEC&due=&size=7"
        let note = try Self.endpoint().evaluate(url).decode(Note.self)
        #expect(note.tag == ["x", "y"])
        #expect(note.tags == ["ab", "cd"])
        #expect(note.numbers == [1, 2])
        #expect(note.pin == true)
        #expect(note.meta == Note.Meta(a: [1, 2]))
        #expect(note.file == Data([0, 1, 2]))
        #expect(note.due == nil, "an empty allow-empty value reads as nil")
        #expect(note.size == 7)
        #expect(note.kinds == ["a", "b"])
    }

    struct Cleared: Decodable {
        var due: Date?
        var size: Int?
        var title: String?
        var kinds: [String]
    }

    @Test func anEmptyAllowEmptyValueDecodesAsNilIntoOtherTypes() throws {
        // The standard library's decodeIfPresent for Int asks decodeNil first; an empty value must say nil there.
        let cleared = try Self.endpoint().evaluate(Self.base + "due=&size=&title=").decode(Cleared.self)
        #expect(cleared.due == nil)
        #expect(cleared.size == nil)
        #expect(cleared.title == "", "title has no allow-empty: its empty value is an empty string")
    }

    struct ClearedText: Decodable {
        var note: String?
        var size: Int?
        var other: String?
    }

    @Test func anEmptyAllowEmptyStringDecodesAsAnEmptyString() throws {
        let yaml = """
            roundtrip: 1
            app: {name: Notes, schemes: [notes]}
            actions:
              edit:
                url: notes://edit
                convention: none
                parameters:
                  note: {type: string, allow-empty: true, min-length: 2}
                  size: {type: integer, allow-empty: true}
                  other: {type: string, allow-empty: true}
            """
        let endpoint = try Endpoint(spec: try SpecLoader.load(yaml: yaml).spec)
        let cleared = try endpoint.evaluate("notes://edit?note=&size=").decode(ClearedText.self)
        #expect(cleared.note == "", "a string holds the cleared value, so a handler tells it from an absent one")
        #expect(cleared.size == nil)
        #expect(cleared.other == nil, "absent")
    }

    @Test func wholeQueryAndFragmentValuesMayNotTakeRoundtripsNames() {
        for key in ["fragment", "query-value"] {
            let yaml = "roundtrip: 1\napp: {name: A, schemes: [a]}\nactions:\n  x: {url: \"a://x\", convention: none, \(key): {name: rt-state}}\n"
            do {
                _ = try SpecLoader.load(yaml: yaml)
                Issue.record("a \(key) named rt-state loaded")
            } catch {
                #expect(
                    error.diagnostics.contains { $0.rule == "reserved-parameter" && $0.keyPath == "actions.x.\(key).name" },
                    "\(error.diagnostics)"
                )
            }
        }
    }

    @Test func aPatternIsAtMost240Characters() {
        let pattern = String(repeating: "a", count: 241)
        let yaml =
            "roundtrip: 1\napp: {name: A, schemes: [a]}\nactions:\n  x: {url: \"a://x\", convention: none, parameters: {p: {pattern: \"\(pattern)\"}}}\n"
        do {
            _ = try SpecLoader.load(yaml: yaml)
            Issue.record("a 241-character pattern loaded")
        } catch {
            #expect(error.diagnostics.contains { $0.rule == "invalid-pattern" && $0.message.contains("limited to 240") }, "\(error.diagnostics)")
        }
    }

    struct Outgoing: Encodable {
        struct Meta: Encodable {
            var b: Int
            var a: String
        }
        var text: String
        var tag: [String]
        var tags: [String]
        var pin: Bool
        var meta: Meta
        var file: Data
    }

    @Test func theEncoderWritesEachValueInItsDeclaredFormAndTheEndpointReadsItBack() throws {
        let endpoint = try Self.endpoint()
        let action = try #require(endpoint.spec.action(named: "create"))
        let value = Outgoing(text: "a\nb", tag: ["x", "y"], tags: ["ab", "cd"], pin: false, meta: .init(b: 2, a: "z"), file: Data([0, 1, 2]))
        let items = try URLQueryEncoder(parameters: action.parameters).encode(value)
        #expect(
            items == [
                QueryItem(name: "text", value: "a\nb"), QueryItem(name: "tag", value: "x"), QueryItem(name: "tag", value: "y"),
                QueryItem(name: "tags", value: "ab,cd"), QueryItem(name: "pin", value: "no"),
                QueryItem(name: "meta", value: "{\"a\":\"z\",\"b\":2}"), QueryItem(name: "file", value: "AAEC"),
            ]
        )
        let request = try endpoint.evaluate(Self.base + QueryCodec.encode(items))
        #expect(request.canonicalValues["tag"] == .list(["x", "y"]))
        #expect(request.canonicalValues["text"] == .text("a\nb"))
        #expect(request.canonicalValues["pin"] == .text("false"))
    }
}
