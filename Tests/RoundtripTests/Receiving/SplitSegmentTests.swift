import Roundtrip
import RoundtripYAML
import Testing

/// Several placeholders in one segment, split by literal text: a WalletConnect URI
/// (`wc:TOPIC@VERSION?…`) and an EIP-681 payment link (`ethereum:ADDRESS@CHAIN/FUNCTION?…`),
/// each value checked like a declared parameter.
@Suite("Routes: placeholders split by literal text")
struct SplitSegmentTests {
    static let topic = "7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9"
    static let yaml = """
        roundtrip: 1
        app: {name: Wallet, schemes: [wc, ethereum, files]}
        actions:
          pair:
            url: wc::topic@:version
            convention: none
            unknown-parameters: ignore
            parameters:
              topic: {type: string, pattern: "[0-9a-f]{64}"}
              version: {type: integer, minimum: 2}
          pay:
            url: ethereum::address@:chain/:function
            convention: none
            unknown-parameters: accept
            parameters:
              address: {type: string, pattern: "0x[0-9a-fA-F]{40}"}
              chain: {type: integer}
              function: {type: string, enum: [transfer, approve]}
          open:
            url: files:///:name.:ext.json
            convention: none
          tagged:
            url: files:///tags/:tags~:page
            convention: none
            parameters:
              tags: {type: string, list: comma}
              page: {type: integer}
        """

    static func endpoint() throws -> Endpoint { try Endpoint(spec: try SpecLoader.load(yaml: yaml).spec) }

    @Test(arguments: [
        (
            "wc:\(topic)@2?relay-protocol=irn&symKey=587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303",
            ["topic": CanonicalValue.text(topic), "version": .text("2")]
        ),
        (
            "ethereum:0xfb6916095ca1df60bb79Ce92ce3ea74c37c5d359@1/transfer?uint256=1000000000000000000",
            [
                "address": .text("0xfb6916095ca1df60bb79Ce92ce3ea74c37c5d359"), "chain": .text("1"), "function": .text("transfer"),
                "uint256": .text("1000000000000000000"),
            ]
        ),
        ("files:///report.v2.pdf.json", ["name": .text("report"), "ext": .text("v2.pdf")]),
        ("files:///tags/red,blue~3", ["tags": .list(["red", "blue"]), "page": .text("3")]),
        ("files:///tags/a%7Eb~3", ["tags": .list(["a~b"]), "page": .text("3")]),
    ])
    func aSplitSegmentIsDecided(url: String, values: [String: CanonicalValue]) throws {
        #expect(try Self.endpoint().evaluate(url).canonicalValues == values)
    }

    @Test(
        arguments: [
            ("wc:\(topic)", RoundtripError.Code.unknownRoute, nil, "no '@' after a value for ':topic'"),
            ("wc:@2", .unknownRoute, nil, "no '@' after a value for ':topic'"),
            ("wc:\(topic)@", .unknownRoute, nil, "no value for ':version'"),
            ("wc:\(topic)@1", .invalidParameter, "version", "version"),
            ("wc:\(topic.dropLast())@2", .invalidParameter, "topic", "topic"),
            // The first '@' after the topic ends it: the rest is the version, here no integer.
            ("wc:\(topic)@2@2", .invalidParameter, "version", "version"),
            ("ethereum:0xfb6916095ca1df60bb79Ce92ce3ea74c37c5d359@1/mint", .invalidParameter, "function", "function"),
            ("files:///report.pdf", .unknownRoute, nil, "it does not end with '.json' after a value for ':ext'"),
            ("files:///report.json", .unknownRoute, nil, "it does not end with '.json' after a value for ':ext'"),
            ("files:///tags/red~x", .invalidParameter, "page", "page"),
        ] as [(String, RoundtripError.Code, String?, String)]
    )
    func aSegmentThatDoesNotSplitOrCheckIsRefused(url: String, code: RoundtripError.Code, parameter: String?, message: String) throws {
        TestSpecs.expectRefusal(TestSpecs.decide(try Self.endpoint(), url), code, parameter: parameter, message: message)
    }

    @Test(arguments: [
        ("t://x/:a:b", "the placeholders ':a' and the next one touching in ':a:b'"),
        ("t://x/:a-:b", "the placeholders ':a-' and the next one touching"),
        ("t://x/:a@:", "a ':' without a placeholder name after it in ':a@:'"),
        ("t://x/:a@:b@:a", "the placeholder ':a' twice"),
    ])
    func aSegmentThatCannotSplitOneWayIsRefused(route: String, message: String) {
        let yaml = """
            roundtrip: 1
            app: {name: T, schemes: [t]}
            actions:
              act:
                url: "\(route)"
                convention: none
            """
        #expect(TestSpecs.loadFails(yaml, code: "invalid-route", message: message))
    }

    @Test(arguments: [
        ("pair", ["topic": topic, "version": "2"]),
        ("tagged", ["tags": "a~b,c", "page": "1"]),
        ("open", ["name": "a.b", "ext": "c@d"]),
    ])
    func aBuiltRequestIsDecidedToItsValues(action: String, values: [String: String]) throws {
        let (url, request) = try TestSpecs.roundTrip(try SpecLoader.load(yaml: Self.yaml).spec, action, values)
        #expect(request.actionName == action)
        #expect(request.canonicalParameters == values, "\(url)")
    }

    @Test("request build refuses a value the receiving side would split elsewhere")
    func theCallingSideRefusesAnAmbiguousValue() throws {
        let builder = try RequestBuilder(partner: try SpecLoader.load(yaml: Self.yaml).spec)
        #expect(throws: RoundtripError.self) {
            try builder.build("open", parameters: [QueryItem(name: "name", value: "a"), QueryItem(name: "ext", value: "")])
        }
    }

    /// The split reads each byte of the segment about once per byte of literal text: its
    /// steps grow linearly with the URL, also when the literal's first byte repeats throughout.
    @Test(arguments: [1_000, 10_000, 100_000])
    func splittingIsLinear(length: Int) throws {
        let route = try RoutePattern("t://x/:a@@:b.json")
        let split = try #require(route.splitSegments["a@@:b.json"])
        var steps = 0
        let segment = String(repeating: "@x", count: length / 2) + "@@v.json"
        #expect(split.values(of: segment, steps: &steps) == [String(repeating: "@x", count: length / 2), "v"])
        #expect(steps <= 3 * (length + 8))
    }
}
