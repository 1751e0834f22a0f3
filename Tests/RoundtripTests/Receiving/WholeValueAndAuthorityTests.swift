import Foundation
import RoundtripTestSupport
import RoundtripYAML
import Testing

@testable import Roundtrip

/// Whole-query and fragment values decided like parameters (secrets compared, `multiline` and
/// `query-encoding: form` honoured), URLs with user-info or a port refused, lengths counted in
/// Unicode scalars, and the other receiving-side rules that reviewers found skipped.
@Suite("Receiving side: whole values, authorities, lengths and reserved prefixes")
struct WholeValueAndAuthorityTests {
    static let yaml = """
        roundtrip: 1
        app: {name: Notes, schemes: [notes], domains: [n.example.com]}
        actions:
          qv: {url: "notes://qv", convention: none, query-value: {name: tok, type: secret, secret-env: NOTES_TOKEN, required: true}}
          fr: {url: "notes://fr", convention: none, fragment: {name: tok, type: secret, secret-env: NOTES_TOKEN, required: true}}
          text: {url: "notes://text", convention: none, query-value: {name: body, multiline: true}, fragment: {name: note, multiline: true}}
          plain: {url: "notes://plain", convention: none, query-value: {name: body}, fragment: {name: note}}
          form: {url: "notes://form", convention: none, query-encoding: form, query-value: {name: q}, fragment: {name: f}}
          open: {url: "notes://open", convention: none}
          page: {url: "https://n.example.com/x", convention: none}
          short: {url: "notes://short", convention: none, parameters: {s: {max-length: 5}, t: {min-length: 3}}}
          pin: {url: "notes://pin", convention: none, parameters: {on: {type: boolean, format: yes-no, enum: ["yes"]}}}
          charge:
            url: "terminal://charge"
            convention: return-url
            response-prefix: ifcc_
            unknown-parameters: accept
            parameters: {amount: {type: decimal}}
        """

    static func endpoint(_ environment: [String: String] = ["NOTES_TOKEN": "t0k3n"]) throws -> Endpoint {
        try Endpoint(spec: try SpecLoader.load(yaml: yaml).spec, keys: EnvironmentKeyResolver(environment: environment))
    }

    struct Reject: Sendable, CustomTestStringConvertible {
        let url: String
        let code: RoundtripError.Code
        let parameter: String?
        let message: String
        var testDescription: String { "\(code): \(url.prefix(80))" }
    }

    static let rejects: [Reject] = [
        // A secret whole query or fragment is compared like a secret parameter.
        Reject(url: "notes://qv?nope", code: .unauthorized, parameter: "tok", message: "the parameter 'tok' does not match the app's secret"),
        Reject(url: "notes://fr#nope", code: .unauthorized, parameter: "tok", message: "the parameter 'tok' does not match the app's secret"),
        Reject(
            url: "notes://qv",
            code: .missingParameter,
            parameter: "tok",
            message: "the action 'qv' needs its value 'tok' as the whole query ('?…')"
        ),
        // Without `multiline`, a whole value holds no line break.
        Reject(
            url: "notes://plain?a%0Ab",
            code: .invalidEncoding,
            parameter: "body",
            message: "the value 'body' contains the control character U+000A"
        ),
        Reject(
            url: "notes://plain#a%0Ab",
            code: .invalidEncoding,
            parameter: "note",
            message: "the value 'note' contains the control character U+000A"
        ),
        // With it, a lone CR is still refused.
        Reject(
            url: "notes://text?a%0Db",
            code: .invalidEncoding,
            parameter: "body",
            message: "the value 'body' contains the control character U+000D"
        ),
        // User-info and ports: no route has them.
        Reject(
            url: "https://u:p@n.example.com/x",
            code: .unknownRoute,
            parameter: nil,
            message:
                "no action is routed at 'https://n.example.com/x': the URL has user-info (text before '@' in its authority); no route has user-info"
        ),
        Reject(
            url: "https://n.example.com:8443/x",
            code: .unknownRoute,
            parameter: nil,
            message: "no action is routed at 'https://n.example.com:8443/x': the URL has a port (8443); no route has a port"
        ),
        Reject(
            url: "notes://u@open",
            code: .unknownRoute,
            parameter: nil,
            message: "no action is routed at 'notes://open': the URL has user-info (text before '@' in its authority); no route has user-info"
        ),
        Reject(
            url: "notes://open:99",
            code: .unknownRoute,
            parameter: nil,
            message: "no action is routed at 'notes://open:99': the URL has a port (99); no route has a port"
        ),
        Reject(
            url: "notes://open:",
            code: .unknownRoute,
            parameter: nil,
            message: "no action is routed at 'notes://open:': the URL has an empty port (a ':' after its host); no route has a port"
        ),
        Reject(
            url: "notes://@open:1",
            code: .unknownRoute,
            parameter: nil,
            message:
                "no action is routed at 'notes://open:1': the URL has user-info (text before '@' in its authority) and a port (1); no route has either"
        ),
        // Lengths count Unicode scalars: one letter with 2000 combining marks is 2001 long.
        Reject(
            url: "notes://short?s=a" + String(repeating: "%CC%81", count: 2000),
            code: .invalidParameter,
            parameter: "s",
            message: "the parameter 's' is 2001 Unicode scalars long; the maximum is 5"
        ),
        Reject(
            url: "notes://short?s=abcdef",
            code: .invalidParameter,
            parameter: "s",
            message: "the parameter 's' is 6 characters long; the maximum is 5"
        ),
        Reject(
            url: "notes://short?t=e%CC%81",
            code: .invalidParameter,
            parameter: "t",
            message: "the parameter 't' is 2 Unicode scalars long; the minimum is 3"
        ),
        // A yes-no boolean's allowed values are named as it spells them.
        Reject(url: "notes://pin?on=no", code: .invalidParameter, parameter: "on", message: "the parameter 'on' must be one of yes, not 'no'"),
        // The response prefix is the answer's, even when undeclared parameters are accepted.
        Reject(
            url: "terminal://charge?returnURL=caller%3A%2F%2Fr&ifcc_responseType=approved",
            code: .reservedParameter,
            parameter: "ifcc_responseType",
            message:
                "the parameter 'ifcc_responseType' starts with the response prefix 'ifcc_', which only the action's answers use; a request may not carry it"
        ),
    ]

    @Test(arguments: rejects)
    func refuses(_ reject: Reject) throws {
        let error = try #require(rejection(of: { try Self.endpoint().evaluate(reject.url) }))
        #expect(error.code == reject.code, "\(error)")
        #expect(error.parameter == reject.parameter)
        #expect(error.message == reject.message)
    }

    @Test func aSecretWholeValueMatchesOnlyTheSecret() throws {
        let endpoint = try Self.endpoint()
        #expect(try endpoint.evaluate("notes://qv?t0k3n").parameters["tok"] == .secret)
        #expect(try endpoint.evaluate("notes://fr#t0k3n").parameters["tok"] == .secret)
        let unset = try #require(rejection(of: { try Self.endpoint([:]).evaluate("notes://qv?t0k3n") }))
        #expect(unset.code == .unauthorized)
        #expect(unset.message == "the secret for 'tok' is unavailable: the environment variable NOTES_TOKEN is not set")
    }

    /// A variable set to the empty string holds no secret, and the message says so rather than
    /// calling it unset.
    @Test func anEmptyVariableIsNamedAsEmpty() throws {
        let parameter = try #require(rejection(of: { try Self.endpoint(["NOTES_TOKEN": ""]).evaluate("notes://qv?x") }))
        #expect(parameter.code == .unauthorized)
        #expect(parameter.message == "the secret for 'tok' is unavailable: the environment variable NOTES_TOKEN is set but empty")
        let key = SigningKeyDescription(id: "k", algorithm: .hmacSHA256, material: .secretEnvironment("SIGNING"))
        let signing = rejection(of: { try EnvironmentKeyResolver(environment: ["SIGNING": ""]).verificationKey(for: key) })
        #expect(signing?.code == .badSignature)
        #expect(signing?.message == "the secret of key 'k' is unavailable: the environment variable SIGNING is set but empty")
        let unset = rejection(of: { try EnvironmentKeyResolver(environment: [:]).verificationKey(for: key) })
        #expect(unset?.message == "the secret of key 'k' is unavailable: the environment variable SIGNING is not set")
    }

    /// A secret rule built without a resolved secret (as the building side makes them) refuses
    /// when asked to check: nothing to compare with never matches.
    @Test func aSecretRuleWithoutASecretRefuses() {
        let rule = ParameterRule(ParameterSpec(name: "tok", type: .secret, secretEnvironment: "NOTES_TOKEN"))
        let error = rejection(of: { try ParameterParsing.parse("anything", rule: rule) })
        #expect(error?.code == .unauthorized)
        #expect(error?.message == "the secret parameter 'tok' has no secret to be compared with; the app resolved none")
    }

    @Test func wholeValuesHonourMultilineAndFormEncoding() throws {
        let endpoint = try Self.endpoint()
        let text = try endpoint.evaluate("notes://text?line%201%0D%0Aline%202%09end#a%0Ab")
        #expect(text.parameters["body"] == .string("line 1\r\nline 2\tend"))
        #expect(text.parameters["note"] == .string("a\nb"))
        let form = try endpoint.evaluate("notes://form?red+shoes%2B#a+b")
        #expect(form.parameters["q"] == .string("red shoes+"))
        // The fragment is not part of the query: its '+' stays a plus.
        #expect(form.parameters["f"] == .string("a+b"))
        #expect(try endpoint.evaluate("notes://plain?a+b").parameters["body"] == .string("a+b"))
    }

    @Test func lengthsWithinBoundsAreAccepted() throws {
        let endpoint = try Self.endpoint()
        #expect(try endpoint.evaluate("notes://short?s=%C3%A9t%C3%A9s&t=abc").parameters["s"] == .string("étés"))
        #expect(try endpoint.evaluate("notes://pin?on=YES").parameters["on"] == .boolean(true))
        let request = try endpoint.evaluate("terminal://charge?returnURL=caller%3A%2F%2Fr&utm_source=x")
        #expect(request.undeclaredParameters == [QueryItem(name: "utm_source", value: "x")])
    }

    /// A caller builds a request to a secret whole value with the token it holds; the partner checks it.
    @Test func aCallerBuildsARequestToASecretWholeValue() throws {
        let spec = try SpecLoader.load(yaml: Self.yaml).spec
        let request = try RequestBuilder(partner: spec).build("qv", parameters: [QueryItem(name: "tok", value: "t0k3n")])
        #expect(request.url == "notes://qv?t0k3n")
        #expect(try Self.endpoint().evaluate(request.url).actionName == "qv")
    }
}
