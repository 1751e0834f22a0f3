import Roundtrip
import RoundtripYAML
import Testing

/// `invalid-callback: drop`: a callback the policy refuses is dropped and reported when it is
/// optional, and the request is accepted without it; a required one is still refused.
@Suite("invalid-callback")
struct InvalidCallbackTests {
    static let yaml = """
        roundtrip: 1
        app: {name: Till, schemes: [till]}
        actions:
          tip:
            url: till://x-callback-url/tip
            convention: x-callback-url
            invalid-callback: drop
            required-callbacks: [success]
          sale:
            url: till://x-callback-url/sale
            convention: x-callback-url
            invalid-callback: drop
            forbid-schemes: [mailto]
          strict:
            url: till://x-callback-url/strict
            convention: x-callback-url
            invalid-callback: refuse
          pay:
            url: paymentapp://pay
            convention: custom
            invalid-callback: drop
            callback-parameters: {success: callbacksuccess, error: callbackfail}
            answer: {prefix: smp-, outcome: {name: status}}
          charge:
            url: pos://payment/create
            convention: custom
            invalid-callback: drop
            callback-parameters: {any: {parameter: data, pointer: /cb}}
            answer: {json: data, outcome: {name: status}}
            parameters: {data: {type: json}}
        """

    static func endpoint() throws -> Endpoint { try Endpoint(spec: try SpecLoader.load(yaml: yaml).spec) }

    @Test(
        arguments: [
            (
                "till://x-callback-url/tip?x-success=shop%3A%2F%2Fok&x-error=javascript%3Aalert(1)",
                ["success": "shop://ok"], "error", "x-error", "forbidden-callback"
            ),
            (
                "till://x-callback-url/sale?x-success=mailto%3Aa%40b.example&x-cancel=shop%3A%2F%2Fno",
                ["cancel": "shop://no"], "success", "x-success", "forbidden-callback"
            ),
            (
                "till://x-callback-url/sale?x-success=shop%3A%2F%2Fok%3Frt-id%3D1",
                [:], "success", "x-success", "reserved-parameter"
            ),
            (
                "paymentapp://pay?callbacksuccess=shop%3A%2F%2Fok&callbackfail=till%3A%2F%2Floop",
                ["success": "shop://ok"], "error", "callbackfail", "forbidden-callback"
            ),
            (
                "pos://payment/create?data=%7B%22cb%22%3A%22https%3A%2F%2Fu%40shop.example%2F%22%7D",
                [:], "any", "data", "forbidden-callback"
            ),
        ] as [(String, [String: String], String, String, String)]
    )
    func aRefusedOptionalCallbackIsDroppedAndReported(
        url: String,
        kept: [String: String],
        key: String,
        parameter: String,
        code: String
    ) throws {
        let request = try Self.endpoint().evaluate(url)
        #expect(request.callbacks == kept)
        let dropped = try #require(request.droppedCallbacks.first)
        #expect(request.droppedCallbacks.count == 1)
        #expect(dropped.key == key)
        #expect(dropped.refusal.code.rawValue == code)
        #expect(dropped.refusal.parameter == parameter)
    }

    @Test(arguments: [
        // Required: still refused, with the policy's own error rather than missing-callback.
        ("till://x-callback-url/tip?x-success=javascript%3Aalert(1)", "x-success", "forbidden scheme 'javascript:'"),
        ("till://x-callback-url/strict?x-error=javascript%3Aalert(1)", "x-error", "forbidden scheme 'javascript:'"),
    ])
    func aRequiredCallbackOrARefusingActionStillRefuses(url: String, parameter: String, message: String) throws {
        TestSpecs.expectRefusal(TestSpecs.decide(try Self.endpoint(), url), .forbiddenCallback, parameter: parameter, message: message)
    }

    @Test("a request whose callbacks all pass drops nothing")
    func nothingDroppedWhenEveryCallbackPasses() throws {
        let request = try Self.endpoint().evaluate("till://x-callback-url/tip?x-success=shop%3A%2F%2Fok&x-error=shop%3A%2F%2Fno")
        #expect(request.callbacks == ["success": "shop://ok", "error": "shop://no"])
        #expect(request.droppedCallbacks.isEmpty)
    }

    @Test(arguments: [
        ("return-url", "url: till://back", "drop", "convention-mismatch", "'invalid-callback' applies to x-callback-url and custom actions only"),
        ("ulc", "url: https://till.example/ulc", "drop", "convention-mismatch", "applies to x-callback-url and custom actions only"),
        ("none", "url: till://fire", "drop", "convention-mismatch", "a none request has no callbacks"),
        ("x-callback-url", "url: till://x-callback-url/act", "ignore", "invalid-value", "refuse, drop"),
    ])
    func aValueThatCannotApplyIsRefused(convention: String, url: String, value: String, code: String, message: String) {
        let yaml = """
            roundtrip: 1
            app: {name: Till, schemes: [till]}
            actions:
              act:
                \(url)
                convention: \(convention)
                invalid-callback: \(value)
            """
        #expect(TestSpecs.loadFails(yaml, code: code, message: message))
    }

    @Test(arguments: [
        ("convention: x-callback-url\n    required-callbacks: [success, error, cancel]", true),
        ("convention: x-callback-url\n    required-callbacks: [success, error]", false),
        ("convention: custom\n    callback-parameters: {any: cb}\n    answer: {outcome: {name: status}}\n    required-callbacks: [any]", true),
    ])
    func lintNotesADropThatNeverDrops(keys: String, noted: Bool) throws {
        let yaml = """
            roundtrip: 1
            app: {name: Till, schemes: [till]}
            actions:
              act:
                url: till://x-callback-url/act
                invalid-callback: drop
                \(keys)
            """
        let diagnostics = try SpecLoader.load(yaml: yaml).diagnostics
        #expect(diagnostics.contains { $0.rule == "invalid-callback-redundant" } == noted, "\(diagnostics)")
    }
}
