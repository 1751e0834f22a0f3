import Foundation
import Roundtrip
import RoundtripTestSupport
import RoundtripYAML
import Testing

/// Convention `custom`: callbacks in a partner's own places (`callback-parameters`) and answers
/// in its own shape (`answer`), read from the spec and taken through the whole callback policy
/// (`Tests/Fixtures/custom/payments.yaml`).
@Suite("Conventions: a partner's own callbacks and answer (custom)")
struct CustomWayBackTests {
    static func payments() throws -> Spec {
        try SpecLoader.load(contentsOf: Fixture.repositoryPath("Tests/Fixtures/custom/payments.yaml")).spec
    }

    /// A query value, percent-encoded.
    static func q(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
    }

    // MARK: - The model as loaded

    @Test func theFixtureLoadsIntoTheModel() throws {
        let spec = try Self.payments()
        let pay = try #require(spec.action(named: "pay"))
        #expect(pay.convention == .custom)
        #expect(
            pay.wayBack.callbacks == [
                CallbackLocation(outcome: "success", place: .query("callbacksuccess")),
                CallbackLocation(outcome: "error", place: .query("callbackfail")),
            ]
        )
        #expect(pay.wayBack.answer.prefix == "smp-")
        #expect(pay.wayBack.answer.outcome?.name == "status")
        #expect(pay.wayBack.answer.outcome?.words(for: "error") == ["failed"])
        #expect(pay.wayBack.answer.outcome?.outcome(saidBy: "failed", among: pay.outcomes) == "error")
        #expect(pay.wayBack.answer.echo == ["foreign-tx-id"])
        #expect(pay.wayBack.answer.form == .query)

        let charge = try #require(spec.action(named: "charge"))
        let pointer = try JSONPointer("/callback_url")
        #expect(charge.wayBack.callbacks == [CallbackLocation(outcome: "any", place: .jsonMember(parameter: "data", pointer: pointer))])
        #expect(charge.wayBack.answer.form == .json(parameter: "data"))

        let take = try #require(spec.action(named: "take-payment"))
        #expect(take.wayBack.callbacks == [CallbackLocation(outcome: "any", place: .template(parameter: "returnUrl"))])
        #expect(take.wayBack.answer.form == .template)
        #expect(take.wayBack.answer.outcome?.words(for: "success") == ["success"])
    }

    /// Each convention is one fixed value of the model: its callbacks as query parameters, its
    /// answer's shape from its facts.
    @Test(
        arguments: [
            (
                "x-callback-url", "notes://x-callback-url/add", "", ["success": "x-success", "error": "x-error", "cancel": "x-cancel"], nil,
                AnswerShape.Form.query
            ),
            ("return-url", "notes://add", "response-prefix: ifcc_", ["return": "returnURL"], "responseType", .query),
            ("ulc", "https://notes.example.com/add", "", ["success": "ulc-success", "error": "ulc-error"], nil, .unchanged),
            ("none", "notes://add", "", [:], nil, .unchanged),
        ] as [(String, String, String, [String: String], String?, AnswerShape.Form)]
    )
    func conventionsArePresetsOfTheModel(
        convention: String,
        url: String,
        keys: String,
        callbacks: [String: String],
        outcomeField: String?,
        form: AnswerShape.Form
    ) throws {
        let yaml = """
            roundtrip: 1
            app: {name: Notes, schemes: [notes], domains: [notes.example.com]}
            actions:
              add:
                url: \(url)
                convention: \(convention)
                \(keys)

            """
        let action = try #require(try SpecLoader.load(yaml: yaml).spec.action(named: "add"))
        let wayBack = action.wayBack
        #expect(action.customWayBack == nil)
        var found: [String: String] = [:]
        for location in wayBack.callbacks {
            guard case .query(let name) = location.place else {
                Issue.record("a preset callback is a query parameter")
                continue
            }
            found[location.outcome] = name
        }
        #expect(found == callbacks)
        #expect(wayBack.callbacks.map(\.place.parameter) == action.callbackParameters.map(\.parameter))
        #expect(wayBack.answer.outcome?.name == outcomeField)
        #expect(wayBack.answer.form == form)
        #expect(wayBack.answer.prefix == (convention == "return-url" ? "ifcc_" : ""))
    }

    // MARK: - Receiving: accepted

    struct Accepted: Sendable, CustomTestStringConvertible {
        let url: String
        let callbacks: [String: String]
        let parameters: [String]
        var testDescription: String { url }
    }

    static let accepted: [Accepted] = [
        Accepted(
            url: "paymentapp://pay/1.0?amount=10.00&callbacksuccess=\(q("myshop://paid"))&callbackfail=\(q("myshop://failed?order=7"))",
            callbacks: ["success": "myshop://paid", "error": "myshop://failed?order=7"],
            parameters: ["amount"]
        ),
        // Every callback of a custom action is optional unless `required-callbacks` says otherwise.
        Accepted(url: "paymentapp://pay/1.0?amount=1", callbacks: [:], parameters: ["amount"]),
        Accepted(
            url: "pos://payment/create?data=\(q(#"{"amount":5,"callback_url":"myshop://charged"}"#))",
            callbacks: ["any": "myshop://charged"],
            parameters: ["data"]
        ),
        // A json parameter without the member carries no callback.
        Accepted(url: "pos://payment/create?data=\(q(#"{"amount":5}"#))", callbacks: [:], parameters: ["data"]),
        Accepted(
            url: "terminal://takePayment/v2?amount=5&returnUrl=\(q("myshop://done/{Type}?tx={TransactionId}"))",
            callbacks: ["any": "myshop://done/{Type}?tx={TransactionId}"],
            parameters: ["amount"]
        ),
    ]

    @Test(arguments: accepted)
    func callbacksAreTakenFromWhereTheSpecSays(_ testCase: Accepted) throws {
        let request = try Endpoint(spec: try Self.payments()).evaluate(testCase.url)
        #expect(request.callbacks == testCase.callbacks)
        // A callback is reported under callbacks, never as a parameter.
        #expect(Set(request.parameters.keys) == Set(testCase.parameters))
        #expect(request.undeclaredParameters.isEmpty)
    }

    // MARK: - Receiving: refused

    struct Refused: Sendable, CustomTestStringConvertible {
        let url: String
        let code: RoundtripError.Code
        let parameter: String
        let messageContains: String
        var testDescription: String { "\(code): \(url)" }
    }

    static let refused: [Refused] = [
        // A custom-named query parameter goes through the same policy as x-success.
        Refused(
            url: "paymentapp://pay/1.0?amount=1&callbacksuccess=\(q("javascript:alert(1)"))",
            code: .forbiddenCallback,
            parameter: "callbacksuccess",
            messageContains: "the callback 'callbacksuccess' uses the forbidden scheme 'javascript:'"
        ),
        Refused(
            url: "paymentapp://pay/1.0?amount=1&callbackfail=\(q("paymentapp://pay/1.0"))",
            code: .forbiddenCallback,
            parameter: "callbackfail",
            messageContains: "this app's own scheme 'paymentapp:'"
        ),
        Refused(
            url: "paymentapp://pay/1.0?amount=1&callbacksuccess=\(q("http://example.com/done"))",
            code: .forbiddenCallback,
            parameter: "callbacksuccess",
            messageContains: "forbidden scheme 'http:'"
        ),
        Refused(
            url: "paymentapp://pay/1.0?amount=1&callbacksuccess=\(q("myshop://paid#top"))",
            code: .forbiddenCallback,
            parameter: "callbacksuccess",
            messageContains: "has a fragment"
        ),
        // The answer's prefix may not already be on the callback: the answer would overwrite it.
        Refused(
            url: "paymentapp://pay/1.0?amount=1&callbacksuccess=\(q("myshop://paid?smp-status=success"))",
            code: .reservedParameter,
            parameter: "callbacksuccess",
            messageContains: "'smp-status', which has the response prefix 'smp-'"
        ),
        // The JSON Pointer member.
        Refused(
            url: "pos://payment/create?data=\(q(#"{"callback_url":"javascript:alert(1)"}"#))",
            code: .forbiddenCallback,
            parameter: "data",
            messageContains: "the callback '/callback_url' in 'data' uses the forbidden scheme 'javascript:'"
        ),
        Refused(
            url: "pos://payment/create?data=\(q(#"{"callback_url":"myshop://a\u0000b"}"#))",
            code: .forbiddenCallback,
            parameter: "data",
            messageContains: "the callback '/callback_url' in 'data' contains a control character"
        ),
        Refused(
            url: "pos://payment/create?data=\(q(#"{"callback_url":5}"#))",
            code: .invalidParameter,
            parameter: "data",
            messageContains: "the callback '/callback_url' in 'data' is a number, not a URL string"
        ),
        Refused(
            url: "pos://payment/create?data=\(q("{not json"))",
            code: .invalidParameter,
            parameter: "data",
            messageContains: "the parameter 'data' is not JSON"
        ),
        // The template: scheme and host literal, placeholders the answer fills, the policy after.
        Refused(
            url: "terminal://takePayment/v2?amount=5&returnUrl=\(q("myshop://{Type}/done"))",
            code: .forbiddenCallback,
            parameter: "returnUrl",
            messageContains: "has the placeholder '{Type}' in its scheme or host"
        ),
        Refused(
            url: "terminal://takePayment/v2?amount=5&returnUrl=\(q("{Type}://done"))",
            code: .forbiddenCallback,
            parameter: "returnUrl",
            messageContains: "in its scheme or host"
        ),
        Refused(
            url: "terminal://takePayment/v2?amount=5&returnUrl=\(q("myshop://done?card={CardNumber}"))",
            code: .invalidParameter,
            parameter: "returnUrl",
            messageContains: "the placeholder '{CardNumber}', which is neither the outcome nor a field the answer carries (TransactionId, Type)"
        ),
        Refused(
            url: "terminal://takePayment/v2?amount=5&returnUrl=\(q("myshop://done/{Type"))",
            code: .forbiddenCallback,
            parameter: "returnUrl",
            messageContains: "has a '{' that no '}' closes"
        ),
        Refused(
            url: "terminal://takePayment/v2?amount=5&returnUrl=\(q("javascript:{Type}"))",
            code: .forbiddenCallback,
            parameter: "returnUrl",
            messageContains: "forbidden scheme 'javascript:'"
        ),
    ]

    @Test(arguments: refused)
    func everyCallbackGoesThroughThePolicy(_ testCase: Refused) throws {
        let endpoint = try Endpoint(spec: try Self.payments())
        #expect {
            try endpoint.evaluate(testCase.url)
        } throws: { error in
            guard let error = error as? RoundtripError else { return false }
            return error.code == testCase.code && error.parameter == testCase.parameter && error.message.contains(testCase.messageContains)
        }
    }

    /// A `javascript:` callback gets the same code in a partner's own parameter as in x-success.
    @Test func theSameCodeAsAConventionsCallback() throws {
        let yaml = """
            roundtrip: 1
            app: {name: Pay, schemes: [pay]}
            actions:
              x:
                url: pay://x-callback-url/x
                convention: x-callback-url
              custom:
                url: pay://custom
                convention: custom
                callback-parameters: {success: callbacksuccess}

            """
        let endpoint = try Endpoint(spec: try SpecLoader.load(yaml: yaml).spec)
        let script = Self.q("javascript:alert(1)")
        var codes: [RoundtripError.Code] = []
        for url in ["pay://x-callback-url/x?x-success=\(script)", "pay://custom?callbacksuccess=\(script)"] {
            do {
                _ = try endpoint.evaluate(url)
            } catch {
                codes.append(error.code)
            }
        }
        #expect(codes == [.forbiddenCallback, .forbiddenCallback])
    }

    /// The app's `callbacks` allow-list and `required-callbacks` apply to custom callbacks.
    @Test(
        arguments: [
            ("pay://custom?callbacksuccess=\(q("myshop://paid"))", nil, nil),
            ("pay://custom?callbacksuccess=\(q("myshop://other"))", RoundtripError.Code.forbiddenCallback, "callbacksuccess"),
            ("pay://custom?callbackfail=\(q("myshop://paid"))", .missingCallback, "callbacksuccess"),
            ("pay://json?data=\(q(#"{"cb":"myshop://paid"}"#))", nil, nil),
            ("pay://json?data=\(q(#"{"cb":"myshop://other"}"#))", .forbiddenCallback, "data"),
            ("pay://json?data=\(q("{}"))", .missingCallback, "data"),
        ] as [(String, RoundtripError.Code?, String?)]
    )
    func allowListAndRequiredCallbacksApply(url: String, code: RoundtripError.Code?, parameter: String?) throws {
        let yaml = """
            roundtrip: 1
            app: {name: Pay, schemes: [pay]}
            callbacks: [myshop://paid]
            actions:
              custom:
                url: pay://custom
                convention: custom
                callback-parameters: {success: callbacksuccess, error: callbackfail}
                required-callbacks: [success]
              json:
                url: pay://json
                convention: custom
                parameters:
                  data: {type: json}
                callback-parameters: {any: {parameter: data, pointer: /cb}}
                answer: {outcome: {name: status}}
                required-callbacks: any

            """
        let endpoint = try Endpoint(spec: try SpecLoader.load(yaml: yaml).spec)
        do {
            _ = try endpoint.evaluate(url)
            #expect(code == nil)
        } catch {
            #expect(error.code == code)
            #expect(error.parameter == parameter)
        }
    }

    // MARK: - Calling: query callbacks placed from the model

    @Test func requestBuildPlacesQueryCallbacksThatTheEndpointTakes() throws {
        let spec = try Self.payments()
        let built = try RequestBuilder(partner: spec).build("pay", parameters: [QueryItem(name: "amount", value: "10.00")], callback: "myshop://back")
        let nonce = try #require(built.pending?.nonce)
        #expect(built.pending?.callbacks == ["success": "myshop://back/success", "error": "myshop://back/error"])
        let request = try Endpoint(spec: spec).evaluate(built.url)
        #expect(request.callbacks == ["success": "myshop://back/success?rt-state=\(nonce)", "error": "myshop://back/error?rt-state=\(nonce)"])
    }

    @Test func requestBuildPlacesACallbackInsideAJSONParameter() throws {
        let spec = try Self.payments()
        let built = try RequestBuilder(partner: spec).build("charge", parameters: [QueryItem(name: "data", value: "{}")], callback: "myshop://back")
        let nonce = try #require(built.pending?.nonce)
        #expect(try Endpoint(spec: spec).evaluate(built.url).callbacks == ["any": "myshop://back?rt-state=\(nonce)"])
        // Without a callback base the request is built, and carries no callback.
        let bare = try RequestBuilder(partner: spec).build("charge", parameters: [QueryItem(name: "data", value: "{}")])
        #expect(try Endpoint(spec: spec).evaluate(bare.url).callbacks.isEmpty)
    }

    // MARK: - Reading: exact errors

    static func spec(_ action: String) -> String {
        """
        roundtrip: 1
        app: {name: Pay, schemes: [pay]}
        actions:
          a:
            url: pay://a
        \(action.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n"))

        """
    }

    static let loadErrors: [(String, String, String, String)] = [
        ("convention: custom", "missing-key", "actions.a.callback-parameters", "a custom action needs 'callback-parameters'"),
        (
            "convention: x-callback-url\nanswer: {prefix: a-}", "convention-mismatch", "actions.a.answer",
            "'answer' applies to custom actions only; a x-callback-url action's callbacks and answer are the convention's own"
        ),
        (
            "convention: return-url\ncallback-parameters: {success: cb}", "convention-mismatch", "actions.a.callback-parameters",
            "'callback-parameters' applies to custom actions only"
        ),
        (
            "convention: custom\ncallback-parameters: {approved: cb}", "invalid-value", "actions.a.callback-parameters.approved",
            "'approved' is not among the action's outcomes (success, error, cancel)"
        ),
        (
            "convention: custom\ncallback-parameters: {any: cb, success: cb2}\nanswer: {outcome: {name: s}}", "invalid-value",
            "actions.a.callback-parameters.any",
            "'any' is one callback for every outcome; it cannot stand beside callbacks of single outcomes (success)"
        ),
        (
            "convention: custom\nparameters: {data: {type: json}}\ncallback-parameters: {success: {parameter: data, pointer: callback_url}}",
            "invalid-value", "actions.a.callback-parameters.success.pointer", "does not start with '/' (RFC 6901 section 3)"
        ),
        (
            "convention: custom\nparameters: {data: {type: json}}\ncallback-parameters: {success: {parameter: data, pointer: /a~2}}",
            "invalid-value", "actions.a.callback-parameters.success.pointer", "'~' stands only before 0 or 1"
        ),
        (
            "convention: custom\ncallback-parameters: {success: {parameter: data, pointer: /cb}}", "invalid-value",
            "actions.a.callback-parameters.success.parameter", "'data' is not a parameter of the action; declare it with type: json"
        ),
        (
            "convention: custom\nparameters: {data: {type: string}}\ncallback-parameters: {success: {parameter: data, pointer: /cb}}",
            "type-mismatch", "actions.a.callback-parameters.success.parameter", "'data' is a string parameter"
        ),
        (
            "convention: custom\nparameters: {cb: {type: url}}\ncallback-parameters: {success: cb}", "reserved-parameter",
            "actions.a.callback-parameters.success", "'cb' carries a callback"
        ),
        (
            "convention: custom\ncallback-parameters: {success: rt-cb}", "reserved-parameter", "actions.a.callback-parameters.success",
            "names starting with 'rt-' belong to Roundtrip"
        ),
        (
            "convention: custom\ncallback-parameters: {success: cb, error: cb}", "duplicate-value", "actions.a.callback-parameters.error",
            "the parameter 'cb' already carries the callback of 'success'"
        ),
        (
            "convention: custom\ncallback-parameters: {success: {parameter: cb}}", "missing-key", "actions.a.callback-parameters.success",
            "give 'pointer' (a member of the json parameter 'cb') or 'template: true'"
        ),
        (
            "convention: custom\ncallback-parameters: {success: {parameter: cb, where: query}}", "unknown-key",
            "actions.a.callback-parameters.success.where", "allowed here: parameter, pointer, template"
        ),
        (
            "convention: custom\ncallback-parameters: {success: cb}\nanswer: {json: data, template: true}", "invalid-value",
            "actions.a.answer.json", "an answer has one form"
        ),
        (
            "convention: custom\ncallback-parameters: {any: cb}", "missing-key", "actions.a.answer.outcome",
            "one callback serves every outcome ('any'), so the answer needs an 'outcome' field"
        ),
        (
            "convention: custom\ncallback-parameters: {any: {parameter: cb, template: true}}\nanswer: {outcome: {name: Type}}", "invalid-value",
            "actions.a.answer", "the callback 'cb' is a template, so the answer must be 'template: true'"
        ),
        (
            "convention: custom\ncallback-parameters: {success: cb}\nanswer: {template: true}", "invalid-value", "actions.a.answer.template",
            "every callback must be 'template: true'"
        ),
        (
            "convention: custom\ncallback-parameters: {success: cb}\nanswer: {outcome: {name: s, values: {success: ok, error: [no, ok]}}}",
            "duplicate-value", "actions.a.answer.outcome.values.error", "the word 'ok' already says 'success'"
        ),
        (
            "convention: custom\ncallback-parameters: {success: cb}\nanswer: {outcome: {name: s, values: {approved: ok}}}", "invalid-value",
            "actions.a.answer.outcome.values.approved", "'approved' is not among the action's outcomes"
        ),
        (
            "convention: custom\ncallback-parameters: {success: cb}\nanswer: {echo: [ref]}", "invalid-value", "actions.a.answer.echo",
            "'ref' is not a parameter of the action"
        ),
        (
            "convention: custom\ncallback-parameters: {success: cb}\nanswer: {status: x}", "unknown-key", "actions.a.answer.status",
            "allowed here: prefix, outcome, echo, json, template"
        ),
        (
            "convention: custom\nparameters: {ref: {type: string}}\ncallback-parameters: {success: cb}\nstate-parameter: ref", "invalid-value",
            "actions.a.state-parameter", "'ref' is not echoed; list it under 'answer.echo'"
        ),
        (
            "convention: custom\ncallback-parameters: {success: cb}\nrequired-callbacks: [error]", "invalid-value", "actions.a.required-callbacks",
            "'error' has no callback in 'callback-parameters' (success)"
        ),
        (
            "convention: custom\ncallback-parameters: {success: cb}\nreturn-parameter: back", "convention-mismatch", "actions.a.return-parameter",
            "a custom action names its callbacks in 'callback-parameters'"
        ),
        (
            "convention: custom\noutcomes: [success, any]\ncallback-parameters: {success: cb}", "invalid-value", "actions.a.outcomes",
            "'any' stands for every outcome"
        ),
    ]

    @Test(arguments: loadErrors)
    func wrongWayBacksAreLoadErrors(action: String, rule: String, path: String, message: String) {
        let found = specLoadError(Self.spec(action), rule: rule, path: path)
        #expect(found?.message.contains(message) == true, "\(found?.message ?? "none")")
    }

    @Test func errorReturnsAndStateParameterLoad() throws {
        let yaml = Self.spec(
            """
            convention: custom
            parameters: {ref: {type: string}}
            callback-parameters: {success: cb}
            answer: {prefix: p-, echo: [ref]}
            state-parameter: ref
            error-returns:
              reason: {type: string, required: true}
            """
        )
        let action = try #require(try SpecLoader.load(yaml: yaml).spec.action(named: "a"))
        #expect(action.stateParameter == "ref")
        #expect(action.errorReturns?.map(\.name) == ["reason"])
    }

    // MARK: - Lint

    @Test func lintNotesAnOutcomeWithoutThePartnersWord() throws {
        let yaml = Self.spec(
            """
            convention: custom
            callback-parameters: {success: cb, error: cb-error}
            answer: {prefix: p-, outcome: {name: status, values: {success: ok}}}
            """
        )
        let findings = SpecLinter.lint(try SpecLoader.load(yaml: yaml).spec).filter { $0.rule == "outcome-word-missing" }
        #expect(findings.map { $0.message.components(separatedBy: " ").first } == ["'error'", "'cancel'"])
        // A custom action takes callbacks, so a spec without an allow-list is told so.
        #expect(SpecLinter.lint(try SpecLoader.load(yaml: yaml).spec).contains { $0.rule == "open-callbacks" })
    }

    @Test func aQueryAnswerWithoutPrefixIsWarned() throws {
        let yaml = Self.spec("convention: custom\ncallback-parameters: {success: cb}\nanswer: {outcome: {name: status}}")
        #expect(try SpecLoader.load(yaml: yaml).diagnostics.contains { $0.rule == "no-response-prefix" && $0.keyPath == "actions.a.answer" })
    }

    // MARK: - JSON Pointer

    @Test(
        arguments: [
            ("/callback_url", #"{"callback_url":"myshop://a"}"#, "myshop://a"),
            ("/a~1b/0", #"{"a/b":["myshop://x","myshop://y"]}"#, "myshop://x"),
            ("/m~0n", #"{"m~n":"myshop://z"}"#, "myshop://z"),
            ("/list/01", #"{"list":["myshop://x","myshop://y"]}"#, nil),
            ("/missing", #"{"a":"myshop://b"}"#, nil),
        ] as [(String, String, String?)]
    )
    func pointersFollowRFC6901(pointer: String, document: String, expected: String?) throws {
        let yaml = """
            roundtrip: 1
            app: {name: Pay, schemes: [pay]}
            actions:
              a:
                url: pay://a
                convention: custom
                parameters: {data: {type: json}}
                callback-parameters: {any: {parameter: data, pointer: "\(pointer)"}}
                answer: {outcome: {name: status}}

            """
        let endpoint = try Endpoint(spec: try SpecLoader.load(yaml: yaml).spec)
        let request = try endpoint.evaluate("pay://a?data=\(Self.q(document))")
        #expect(request.callbacks["any"] == expected)
    }
}
