import Foundation
import Roundtrip
import RoundtripTestSupport
import RoundtripYAML
import Testing

/// The decision on the parameter shapes of real URL APIs: a space list, a presence switch (a
/// browser's `&new-tab`), `multiline: any` (text from an editor that writes lone CRs), prefix
/// names (AnkiMobile's `fldFront`, `fldBack`) and bracket names (Uber's `pickup[latitude]`),
/// each accepted in its form and refused, with its code and message, in every other; and every
/// URL `RequestBuilder` makes from them accepted.
@Suite("Parameter shapes: space lists, presence switches, multiline any, prefix and bracket names")
struct ParameterShapeTests {
    static let yaml = """
        roundtrip: 1
        app: {name: Browser, schemes: [browser]}
        actions:
          open:
            url: browser://open
            convention: none
            parameters:
              url: {type: url}
              new-tab: {type: boolean, format: presence}
              private: {type: boolean}
              tags: {type: string, list: space, max-items: 3, pattern: "[a-z]+"}
              text: {type: string, multiline: any, max-length: 100}
              note: {type: string, multiline: true}
              label: {type: string}
          search:
            url: browser://search
            convention: none
            query-encoding: form
            parameters:
              words: {type: string, list: space}
          add-note:
            url: browser://x-callback-url/addnote
            convention: x-callback-url
            parameters:
              deck: {type: string, required: true}
              fld*: {type: string, multiline: true, max-length: 50}
              fldTags: {type: string, list: space}
              n*: {type: integer, list: comma}
          set-pickup:
            url: browser://pickup
            convention: none
            parameters:
              pickup[latitude]: {type: decimal, required: true}
              pickup[longitude]: {type: decimal, required: true}
        """

    static func endpoint() throws -> Endpoint {
        try Endpoint(spec: SpecLoader.load(yaml: yaml).spec)
    }

    struct Accept: CustomTestStringConvertible, Sendable {
        let url: String
        let expected: [String: CanonicalValue]
        var testDescription: String { url }
    }

    static let accepts: [Accept] = [
        // list: space
        Accept(url: "browser://open?tags=a%20b%20c", expected: ["tags": .list(["a", "b", "c"])]),
        Accept(url: "browser://open?tags=solo", expected: ["tags": .list(["solo"])]),
        Accept(url: "browser://search?words=a+b%20c", expected: ["words": .list(["a", "b", "c"])]),
        Accept(url: "browser://search?words=a%2Bb", expected: ["words": .list(["a+b"])]),
        // format: presence, and a bare name elsewhere is still the empty value
        Accept(url: "browser://open?new-tab", expected: ["new-tab": .text("true")]),
        Accept(url: "browser://open?new-tab=", expected: ["new-tab": .text("true")]),
        Accept(url: "browser://open?new-tab=1", expected: ["new-tab": .text("true")]),
        Accept(url: "browser://open?new-tab=false", expected: ["new-tab": .text("false")]),
        Accept(url: "browser://open?new-tab=0", expected: ["new-tab": .text("false")]),
        Accept(url: "browser://open?url=https%3A%2F%2Fexample.com", expected: ["new-tab": .text("false")]),
        Accept(url: "browser://open?label&new-tab", expected: ["label": .text(""), "new-tab": .text("true")]),
        // multiline: any
        Accept(url: "browser://open?text=a%0Db%0Ac%0D%0Ad%09e", expected: ["text": .text("a\rb\nc\r\nd\te")]),
        Accept(url: "browser://open?text=a%0D", expected: ["text": .text("a\r")]),
        // Prefix names: each name reported under its own, an exact name winning
        Accept(
            url: "browser://x-callback-url/addnote?deck=Default&fldFront=front%20text&fldBack=back%0Aline",
            expected: ["deck": .text("Default"), "fldFront": .text("front text"), "fldBack": .text("back\nline")]
        ),
        Accept(url: "browser://x-callback-url/addnote?deck=D&fldTags=a%20b", expected: ["fldTags": .list(["a", "b"])]),
        Accept(url: "browser://x-callback-url/addnote?deck=D&n1=1,2&n2=3", expected: ["n1": .list(["1", "2"]), "n2": .list(["3"])]),
        Accept(url: "browser://x-callback-url/addnote?deck=D", expected: ["deck": .text("D")]),
        // Bracket names, as written or percent-encoded
        Accept(
            url: "browser://pickup?pickup[latitude]=48.85&pickup[longitude]=2.35",
            expected: ["pickup[latitude]": .text("48.85"), "pickup[longitude]": .text("2.35")]
        ),
        Accept(
            url: "browser://pickup?pickup%5Blatitude%5D=48.85&pickup%5blongitude%5d=-2.35",
            expected: ["pickup[latitude]": .text("48.85"), "pickup[longitude]": .text("-2.35")]
        ),
    ]

    @Test(arguments: accepts)
    func accepted(_ example: Accept) throws {
        let request = try Self.endpoint().evaluate(example.url)
        for (name, value) in example.expected {
            #expect(request.canonicalValues[name] == value, "\(name): \(String(describing: request.canonicalValues[name]))")
        }
    }

    @Test func aPrefixReportsOnlyTheNamesItMatched() throws {
        let request = try Self.endpoint().evaluate("browser://x-callback-url/addnote?deck=D&fldFront=F&fldBack=B")
        #expect(Set(request.parameters.keys) == ["deck", "fldFront", "fldBack"])
        #expect(request.value(of: "fldFront") == .string("F"))
        #expect(request.value(of: "fld*") == nil)
    }

    struct Reject: CustomTestStringConvertible, Sendable {
        let url: String
        let code: RoundtripError.Code
        let parameter: String?
        let message: String
        var testDescription: String { "\(code): \(url)" }
    }

    static let rejects: [Reject] = [
        Reject(
            url: "browser://open?tags=a%20%20b",
            code: .invalidParameter,
            parameter: "tags",
            message: "item 2 of the parameter 'tags' is empty (two spaces in a row, or one at either end); a list item needs a value"
        ),
        Reject(
            url: "browser://open?tags=%20a",
            code: .invalidParameter,
            parameter: "tags",
            message: "item 1 of the parameter 'tags' is empty (two spaces in a row, or one at either end)"
        ),
        Reject(
            url: "browser://open?tags=a%20",
            code: .invalidParameter,
            parameter: "tags",
            message: "item 2 of the parameter 'tags' is empty (two spaces in a row, or one at either end)"
        ),
        Reject(url: "browser://open?tags=a+b", code: .invalidParameter, parameter: "tags", message: "item 1 of the parameter 'tags' does not match"),
        Reject(url: "browser://open?tags=a%20b%20c%20d", code: .invalidParameter, parameter: "tags", message: "has 4 items; the maximum is 3"),
        Reject(
            url: "browser://open?new-tab=yes",
            code: .invalidParameter,
            parameter: "new-tab",
            message: "the parameter 'new-tab' must be true, false, 1 or 0, or no value at all (the bare name is true), not 'yes'"
        ),
        Reject(url: "browser://open?new-tab&new-tab", code: .duplicateParameter, parameter: "new-tab", message: "appears more than once"),
        Reject(url: "browser://open?private", code: .invalidParameter, parameter: "private", message: "must be true, false, 1 or 0, not ''"),
        Reject(url: "browser://open?note=a%0Db", code: .invalidEncoding, parameter: "note", message: "contains the control character U+000D"),
        Reject(url: "browser://open?label=a%0Db", code: .invalidEncoding, parameter: "label", message: "contains the control character U+000D"),
        Reject(url: "browser://open?text=a%00b", code: .invalidEncoding, parameter: "text", message: "contains the control character U+0000"),
        Reject(url: "browser://open?text=a%0Bb", code: .invalidEncoding, parameter: "text", message: "contains the control character U+000B"),
        Reject(
            url: "browser://open?text=a%E2%80%AEb",
            code: .invalidEncoding,
            parameter: "text",
            message: "contains the control character U+202E"
        ),
        Reject(
            url: "browser://x-callback-url/addnote?deck=D&fldFront=a&fldFront=b",
            code: .duplicateParameter,
            parameter: "fldFront",
            message: "the parameter 'fldFront' appears more than once"
        ),
        Reject(
            url: "browser://x-callback-url/addnote?deck=D&fldFront=" + String(repeating: "x", count: 51),
            code: .invalidParameter,
            parameter: "fldFront",
            message: "the parameter 'fldFront' is 51 characters long; the maximum is 50"
        ),
        Reject(
            url: "browser://x-callback-url/addnote?deck=D&fld=x",
            code: .unknownParameter,
            parameter: "fld",
            message: "does not take a parameter 'fld'"
        ),
        Reject(
            url: "browser://x-callback-url/addnote?deck=D&nA=x",
            code: .invalidParameter,
            parameter: "nA",
            message: "item 1 of the parameter 'nA' must be a whole number"
        ),
        Reject(
            url: "browser://pickup?pickup[latitude]=48.85&pickup%5Blatitude%5D=1&pickup[longitude]=2",
            code: .duplicateParameter,
            parameter: "pickup[latitude]",
            message: "appears more than once"
        ),
        Reject(
            url: "browser://pickup?pickup[latitude]=north&pickup[longitude]=2",
            code: .invalidParameter,
            parameter: "pickup[latitude]",
            message: "must be a decimal number"
        ),
        Reject(
            url: "browser://pickup?pickup[latitude]=1",
            code: .missingParameter,
            parameter: "pickup[longitude]",
            message: "requires the parameter 'pickup[longitude]'"
        ),
        Reject(
            url: "browser://pickup?pickup%5Blatitude=1&pickup[longitude]=2",
            code: .unknownParameter,
            parameter: "pickup[latitude",
            message: "does not take a parameter 'pickup[latitude'"
        ),
    ]

    @Test(arguments: rejects)
    func rejected(_ example: Reject) throws {
        let endpoint = try Self.endpoint()
        let error = try #require(rejection(of: { try endpoint.evaluate(example.url) }))
        #expect(error.code == example.code, "\(error)")
        #expect(error.parameter == example.parameter, "\(error)")
        #expect(error.message.contains(example.message), "\(error.message)")
    }

    /// What a caller builds from each shape, the receiver accepts with the same values: a space
    /// list with `%20`, a switch as its bare name (and nothing when off), lone CRs, prefixed and
    /// bracket names.
    @Test func builtRequestsAreAccepted() throws {
        let spec = try SpecLoader.load(yaml: Self.yaml).spec
        let builder = try RequestBuilder(partner: spec)
        let endpoint = try Self.endpoint()
        let open = try builder.build(
            "open",
            parameters: [
                QueryItem(name: "tags", value: "a"), QueryItem(name: "tags", value: "b"), QueryItem(name: "new-tab", value: "true"),
                QueryItem(name: "text", value: "one\rtwo"),
            ]
        )
        #expect(open.url == "browser://open?tags=a%20b&new-tab&text=one%0Dtwo")
        let accepted = try endpoint.evaluate(open.url)
        #expect(accepted.canonicalValues["tags"] == .list(["a", "b"]))
        #expect(accepted.canonicalValues["new-tab"] == .text("true"))
        #expect(accepted.canonicalValues["text"] == .text("one\rtwo"))

        let off = try builder.build("open", parameters: [QueryItem(name: "new-tab", value: "false"), QueryItem(name: "private", value: "0")])
        #expect(off.url == "browser://open?private=0")
        #expect(try endpoint.evaluate(off.url).canonicalValues["new-tab"] == .text("false"))
        let bare = try builder.build("open", parameters: [QueryItem(name: "new-tab", value: nil)])
        #expect(bare.url == "browser://open?new-tab")

        let note = try builder.build(
            "add-note",
            parameters: [
                QueryItem(name: "deck", value: "Default"), QueryItem(name: "fldFront", value: "Q"), QueryItem(name: "n1", value: "1"),
                QueryItem(name: "n1", value: "2"),
            ],
            callback: "app://done"
        )
        let decided = try endpoint.evaluate(note.url)
        #expect(decided.canonicalValues["fldFront"] == .text("Q"))
        #expect(decided.canonicalValues["n1"] == .list(["1", "2"]))

        let pickup = try builder.build(
            "set-pickup",
            parameters: [QueryItem(name: "pickup[latitude]", value: "48.85"), QueryItem(name: "pickup[longitude]", value: "2.35")]
        )
        #expect(pickup.url == "browser://pickup?pickup%5Blatitude%5D=48.85&pickup%5Blongitude%5D=2.35")
        #expect(try endpoint.evaluate(pickup.url).canonicalValues["pickup[latitude]"] == .text("48.85"))
    }

    @Test func aBuilderRefusesWhatTheReceiverWould() throws {
        let builder = try RequestBuilder(partner: SpecLoader.load(yaml: Self.yaml).spec)
        let spaced = rejection { try builder.build("open", parameters: [QueryItem(name: "tags", value: "a b"), QueryItem(name: "tags", value: "")]) }
        #expect(spaced?.code == .invalidParameter)
        let switched = rejection { try builder.build("open", parameters: [QueryItem(name: "new-tab", value: "maybe")]) }
        #expect(switched?.code == .invalidParameter)
        #expect(switched?.parameter == "new-tab")
    }

    /// A hostile URL of as many prefixed names as the limits let through, against prefixes that
    /// share a long start: each name costs at most one comparison per prefix byte, and the
    /// duplicate check hashes each name once above 16 names, so the decision stays linear in
    /// the URL's length (a quadratic one would take far longer than the limit).
    @Test(.timeLimit(.minutes(1)))
    func prefixMatchingStaysLinearOnAHostileURL() throws {
        let stem = String(repeating: "p", count: 40)
        let prefixes = (0..<16).map { "\(stem)\(Character(UnicodeScalar(UInt8(0x61 + $0))))*: {type: string}" }.joined(separator: ", ")
        let yaml = "roundtrip: 1\napp: {name: H, schemes: [h]}\nactions:\n  a: {url: \"h://a\", convention: none, parameters: {\(prefixes)}}\n"
        let endpoint = try Endpoint(spec: SpecLoader.load(yaml: yaml).spec)
        let names = (0..<255).map { "\(stem)z\($0)" }
        let query = names.map { "\($0)=v" }.joined(separator: "&")
        // Every name shares the 40-byte stem and matches no prefix: the worst case for matching.
        let error = rejection { try endpoint.evaluate("h://a?" + query) }
        #expect(error?.code == .unknownParameter)
        let matching = (0..<255).map { "\(stem)a\($0)=v" }.joined(separator: "&")
        let request = try endpoint.evaluate("h://a?" + matching)
        #expect(request.parameters.count == 255)
        let duplicated = try #require(rejection { try endpoint.evaluate("h://a?" + matching + "&\(stem)a254=w") })
        #expect(duplicated.code == .duplicateParameter)
        #expect(duplicated.parameter == "\(stem)a254")
    }
}
