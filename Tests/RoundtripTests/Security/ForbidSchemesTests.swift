import Roundtrip
import RoundtripYAML
import Testing

/// `forbid-schemes`: schemes one action refuses for its callbacks, in every convention's
/// callbacks and beside whatever the `callbacks` list or `allow-schemes` would allow.
@Suite("forbid-schemes")
struct ForbidSchemesTests {
    static let yaml = """
        roundtrip: 1
        app: {name: Till, schemes: [till]}
        allow-schemes: [http]
        actions:
          sale:
            url: till://x-callback-url/sale
            convention: x-callback-url
            forbid-schemes: [HTTPS, mailto, http]
          open:
            url: till://x-callback-url/open
            convention: x-callback-url
          back:
            url: till://back
            convention: return-url
            forbid-schemes: [shop]
          pay:
            url: till://pay
            convention: custom
            forbid-schemes: [shop]
            callback-parameters: {any: {parameter: data, pointer: /cb}}
            answer: {json: data, outcome: {name: status}}
            parameters: {data: {type: json}}
        """

    static func decide(_ url: String) throws -> Result<[String: CanonicalValue], RoundtripError> {
        TestSpecs.decide(try Endpoint(spec: try SpecLoader.load(yaml: yaml).spec), url)
    }

    @Test(arguments: [
        ("till://x-callback-url/sale?x-success=https%3A%2F%2Fshop.example%2Fdone", "x-success", "'https:'"),
        ("till://x-callback-url/sale?x-error=MAILTO%3Aa%40b.example", "x-error", "'mailto:'"),
        // allow-schemes opts http back in for every action but this one.
        ("till://x-callback-url/sale?x-success=http%3A%2F%2Fshop.example%2F", "x-success", "'http:'"),
        ("till://back?returnURL=shop%3A%2F%2Fdone", "returnURL", "'shop:'"),
        ("till://pay?data=%7B%22cb%22%3A%22shop%3A%2F%2Fpaid%22%7D", "data", "'shop:'"),
    ])
    func aForbiddenSchemeIsRefused(url: String, parameter: String, scheme: String) throws {
        TestSpecs.expectRefusal(
            try Self.decide(url),
            .forbiddenCallback,
            parameter: parameter,
            message: "uses the scheme \(scheme), which this action refuses for its callbacks (forbid-schemes)"
        )
    }

    @Test(arguments: [
        "till://x-callback-url/sale?x-success=shop%3A%2F%2Fdone",
        "till://x-callback-url/open?x-success=https%3A%2F%2Fshop.example%2Fdone",
        "till://x-callback-url/open?x-success=http%3A%2F%2Fshop.example%2F",
        "till://back?returnURL=other%3A%2F%2Fdone",
    ])
    func otherSchemesAndActionsAreDecidedAsBefore(url: String) throws {
        _ = try Self.decide(url).get()
    }

    @Test("the list refuses even what the callbacks list allows")
    func theCallbacksListDoesNotOverride() throws {
        let yaml = """
            roundtrip: 1
            app: {name: Till, schemes: [till]}
            callbacks: [https://shop.example/done]
            actions:
              sale:
                url: till://x-callback-url/sale
                convention: x-callback-url
                forbid-schemes: [https]
            """
        let endpoint = try Endpoint(spec: try SpecLoader.load(yaml: yaml).spec)
        let url = "till://x-callback-url/sale?x-success=https%3A%2F%2Fshop.example%2Fdone"
        TestSpecs.expectRefusal(TestSpecs.decide(endpoint, url), .forbiddenCallback, parameter: "x-success", message: "(forbid-schemes)")
    }

    @Test(arguments: [
        ("forbid-schemes: ['https:']", "invalid-scheme", "'https:' is not a URL scheme"),
        ("forbid-schemes: [https, HTTPS]", "duplicate-value", "'https' is listed twice"),
        ("forbid-schemes: {a: b}", "wrong-type", "forbid-schemes"),
    ])
    func aListThatCannotMeanWhatItSaysIsRefused(line: String, code: String, message: String) {
        let yaml = """
            roundtrip: 1
            app: {name: Till, schemes: [till]}
            actions:
              sale:
                url: till://x-callback-url/sale
                convention: x-callback-url
                \(line)
            """
        #expect(TestSpecs.loadFails(yaml, code: code, message: message))
    }
}
