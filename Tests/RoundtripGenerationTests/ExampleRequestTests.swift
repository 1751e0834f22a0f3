import Crypto
import Foundation
import Roundtrip
import RoundtripGeneration
import RoundtripTestSupport
import RoundtripYAML
import Testing

/// Example values and example requests: every action of every committed spec gets an example
/// URL that its own endpoint accepts, and an answer that the calling side accepts.
@Suite("Example requests: values that pass every constraint, URLs the receiving app accepts")
struct ExampleRequestTests {
    /// Every committed spec: the real apps' and the examples' in `Examples/`, the fixtures'.
    static let specPaths = Fixture.specPaths.map(Fixture.repositoryPath)

    /// The secret of every hmac key in the committed specs, for the actions that require signatures.
    static let signingSecret = "example-signing-secret"
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    /// Each action of each spec, by spec file and action name.
    static let actions: [ActionCase] = specPaths.flatMap { path in
        let spec = try! SpecLoader.load(contentsOf: path).spec
        return spec.actions.map { ActionCase(path: path, action: $0.name) }
    }

    struct ActionCase: Sendable, CustomTestStringConvertible {
        let path: String
        let action: String
        var testDescription: String { "\(URL(fileURLWithPath: path).lastPathComponent): \(action)" }
    }

    /// The signer for an action that requires signatures: the spec's first hmac key, holding
    /// ``signingSecret``.
    func signer(for action: Action, in spec: Spec) throws -> (RequestSigner, [String: String])? {
        guard action.signatures == .required else { return nil }
        let key = try #require(spec.keys.first { $0.algorithm == .hmacSHA256 }, "a signed action needs an hmac key in its spec")
        guard case .secretEnvironment(let variable) = key.material else { return nil }
        return (try RequestSigner(keyID: key.id, algorithm: .hmacSHA256, bytes: Array(Self.signingSecret.utf8)), [variable: Self.signingSecret])
    }

    @Test func theCommittedSpecsAreAllHere() {
        let names = Self.specPaths.map { URL(fileURLWithPath: $0).lastPathComponent }
        for expected in ["card-terminal.yaml", "things.yaml", "bear.yaml", "drafts.yaml", "rich.yaml", "notes-app.yaml"] {
            #expect(names.contains(expected))
        }
        #expect(Self.actions.count > 40)
    }

    @Test(arguments: actions)
    func theExampleURLIsAccepted(_ item: ActionCase) async throws {
        let spec = try SpecLoader.load(contentsOf: item.path).spec
        let action = try #require(spec.action(named: item.action))
        let signing = try signer(for: action, in: spec)
        for includingOptional in [true, false] {
            let example = try ExampleRequest(for: action, in: spec, includingOptional: includingOptional, signer: signing?.0, now: Self.now)
            let environment = example.environment.merging(signing?.1 ?? [:]) { $1 }
            let endpoint = try Endpoint(spec: spec, keys: EnvironmentKeyResolver(environment: environment))
            let source = action.sources.allow?.first
            let request = try endpoint.evaluate(example.url, source: source, now: Self.now)
            #expect(request.actionName == action.name)
            #expect(!example.needsSignature)

            // Exactly what a caller sends: the builder's URL for the same parameters.
            let built = try RequestBuilder(partner: spec).build(
                action.name,
                parameters: example.parameters,
                callback: example.callbackBase,
                signer: signing?.0,
                now: Self.now,
                nonce: ExampleRequest.nonce
            )
            if signing == nil { #expect(built.url == example.url) }

            // Every parameter the example carries was accepted, optional ones included.
            let declared = action.parameters.map(\.name) + [action.queryValue?.name, action.fragment?.name].compactMap { $0 }
            for name in declared where includingOptional {
                // A prefix (`fld*`) is reported under each name it matched.
                let prefix = action.parameter(named: name).flatMap { $0.isPrefix ? $0 : nil }
                let found =
                    prefix.map { prefix in request.parameters.keys.contains { prefix.matchesPrefix($0) } } ?? (request.parameters[name] != nil)
                #expect(found, "\(name) is missing from the accepted request")
            }
            if includingOptional {
                try await theAnswerIsAccepted(example, built, action: action, spec: spec)
            }
        }
    }

    /// The example answer is the success callback, with the returned values, and the calling
    /// side accepts it for the pending request.
    func theAnswerIsAccepted(_ example: ExampleRequest, _ built: OutgoingRequest, action: Action, spec: Spec) async throws {
        // A partner that signs its answers signs the example with its key: the test fixture's is
        // 32 bytes of 0x07.
        let answerSigner =
            action.answers.signatures == .off
            ? nil : try RequestSigner(keyID: action.answers.keyID ?? "", algorithm: .ed25519, bytes: Array(repeating: 7, count: 32))
        let answer = try example.answer(in: spec, signer: answerSigner, now: Self.now)
        switch action.convention {
        case .none:
            #expect(answer == nil)
            return
        case .xCallbackURL where !action.outcomes.contains("success"):
            #expect(answer == nil)
            return
        default:
            break
        }
        let url = try #require(answer, "\(action.name) answers, so it has an example answer")
        let pending = try #require(built.pending)
        let ledger = InMemoryLedgerStore()
        try await ledger.record(pending)
        let accepted = try await ResponseAcceptor(ledger: ledger).accept(url, now: Self.now)
        #expect(accepted.outcome == action.successOutcome)
        for returned in action.returns ?? [] {
            #expect(accepted.returns?[returned.name] != nil, "\(returned.name) is missing from the answer")
        }
    }

    @Test func signedActionsGiveTheURLBeforeSigningWithoutASigner() throws {
        let spec = try Self.richSpec()
        let pay = try #require(spec.action(named: "pay"))
        let example = try ExampleRequest(for: pay, in: spec)
        #expect(example.needsSignature)
        #expect(!example.url.contains("rt-sig"))
        let endpoint = try Self.richEndpoint()
        #expect(thrownError { try endpoint.evaluate(example.url) }?.code == .missingSignature)
        let signed = try RequestSignature.sign(example.url, keyID: "pos-2026", key: Self.hmacKey, timestamp: 1_800_000_000)
        #expect(try endpoint.evaluate(signed, now: Self.now).actionName == "pay")
    }

    @Test func thingsAddReadsAsDocumented() throws {
        let spec = try SpecLoader.load(contentsOf: Self.specPaths.first { $0.hasSuffix("things.yaml") }!).spec
        let add = try #require(spec.action(named: "add"))
        let example = try ExampleRequest(for: add, in: spec, includingOptional: false)
        #expect(
            example.url
                == "things:///add?x-source=Example%20Caller&x-success=example-caller%3A%2F%2Fcallback%2Fsuccess%3Frt-state%3DZXhhbXBsZS1ydC1zdGF0ZQ"
                + "&x-error=example-caller%3A%2F%2Fcallback%2Ferror%3Frt-state%3DZXhhbXBsZS1ydC1zdGF0ZQ"
                + "&x-cancel=example-caller%3A%2F%2Fcallback%2Fcancel%3Frt-state%3DZXhhbXBsZS1ydC1zdGF0ZQ"
        )
        #expect(
            try example.answer(in: spec) == "example-caller://callback/success?rt-state=ZXhhbXBsZS1ydC1zdGF0ZQ&x-things-id=example-1%2Cexample-2"
        )
        let full = try ExampleRequest(for: add, in: spec)
        #expect(full.url.hasPrefix("things:///add?title=example&titles=example-1%0Aexample-2&notes=first%20line%0Asecond%20line&"))
        #expect(full.url.contains("&use-clipboard=replace-title&"))
        #expect(full.url.contains("&creation-date=2026-03-14T09%3A30%3A00Z&"))
    }

    @Test func secretsCarryAPlaceholderThatDocumentationHides() throws {
        let spec = try SpecLoader.load(contentsOf: Self.specPaths.first { $0.hasSuffix("things.yaml") }!).spec
        let update = try #require(spec.action(named: "update"))
        let example = try ExampleRequest(for: update, in: spec, includingOptional: false)
        #expect(example.url.hasPrefix("things:///update?auth-token=example-secret-from-THINGS_AUTH_TOKEN&id=example&"))
        #expect(example.displayURL.hasPrefix("things:///update?auth-token=<secret from THINGS_AUTH_TOKEN>&id=example&"))
        #expect(example.environment == ["THINGS_AUTH_TOKEN": "example-secret-from-THINGS_AUTH_TOKEN"])
        // Without the placeholder in its key resolver, the app refuses the example, as it should.
        let endpoint = try Endpoint(spec: spec, keys: EnvironmentKeyResolver(environment: ["THINGS_AUTH_TOKEN": "the-real-token"]))
        #expect(thrownError { try endpoint.evaluate(example.url) }?.code == .unauthorized)
    }

    @Test func callbackBasesComeFromTheAllowList() throws {
        let spec = try SpecLoader.load(contentsOf: Self.specPaths.first { $0.hasSuffix("card-terminal.yaml") }!).spec
        let charge = try ExampleRequest(for: try #require(spec.action(named: "charge")), in: spec)
        #expect(charge.callbackBase == "pos-app://charge-result")
        #expect(
            charge.url == "com-example-terminal://charge/1.0.0/?amount=12.5&currency=USD&invoiceNumber=example&due=202603140930"
                + "&returnURL=pos-app%3A%2F%2Fcharge-result%3Frt-state%3DZXhhbXBsZS1ydC1zdGF0ZQ"
        )
        #expect(try charge.answer(in: spec) == "pos-app://charge-result?rt-state=ZXhhbXBsZS1ydC1zdGF0ZQ&ifcc_responseType=approved")
        let logout = try ExampleRequest(for: try #require(spec.action(named: "logout")), in: spec)
        #expect(logout.callbackBase == "https://appa.example.com")
        #expect(try logout.answer(in: spec) == "https://appa.example.com/success?rt-state=ZXhhbXBsZS1ydC1zdGF0ZQ")
        let task = try ExampleRequest(for: try #require(spec.action(named: "add-task")), in: spec)
        #expect(task.url == "todolist://www.acme.com?example#202603140930")
        #expect(task.callbackBase == nil)
        #expect(try task.answer(in: spec) == nil)
    }

    /// A custom action's example carries its callbacks where the partner's spec puts them: a
    /// query parameter of the partner's name per outcome, a member of its JSON parameter (which a
    /// schema's example leaves for the builder), or a template whose placeholders the answer fills.
    @Test(arguments: [
        (
            "pay",
            "paymentapp://pay/1.0?amount=12.5&foreign-tx-id=example"
                + "&callbacksuccess=example-caller%3A%2F%2Fcallback%2Fsuccess%3Frt-state%3DZXhhbXBsZS1ydC1zdGF0ZQ"
                + "&callbackfail=example-caller%3A%2F%2Fcallback%2Ferror%3Frt-state%3DZXhhbXBsZS1ydC1zdGF0ZQ",
            "example-caller://callback/success?rt-state=ZXhhbXBsZS1ydC1zdGF0ZQ&smp-status=success&smp-tx-code=example&foreign-tx-id=example"
        ),
        (
            "charge",
            "pos://payment/create?data=%7B%22callback_url%22%3A%22example-caller%3A%2F%2Fcallback%3Frt-state%3DZXhhbXBsZS1ydC1zdGF0ZQ%22%7D",
            "example-caller://callback?rt-state=ZXhhbXBsZS1ydC1zdGF0ZQ&data=%7B%22status%22%3A%22ok%22%7D"
        ),
        (
            "take-payment",
            "terminal://takepayment/v2?amount=42"
                + "&returnUrl=example-caller%3A%2F%2Fcallback%3FType%3D%7BType%7D%26TransactionId%3D%7BTransactionId%7D%26rt-state%3DZXhhbXBsZS1ydC1zdGF0ZQ",
            "example-caller://callback?Type=success&TransactionId=example&rt-state=ZXhhbXBsZS1ydC1zdGF0ZQ"
        ),
    ])
    func customExamplesCarryTheirCallbacks(_ name: String, _ url: String, _ answer: String) throws {
        let spec = try SpecLoader.load(contentsOf: Fixture.repositoryPath("Tests/Fixtures/custom/payments.yaml")).spec
        let example = try ExampleRequest(for: try #require(spec.action(named: name)), in: spec)
        #expect(example.url == url)
        #expect(try example.answer(in: spec) == answer)
    }

    /// A schema that declares the callback's member gets an example without it: the builder
    /// writes the callback there, and refuses a member the caller set itself.
    @Test func aSchemasCallbackMemberIsLeftToTheBuilder() throws {
        let schema = JSONValueSchema(
            type: .object,
            required: ["amount", "callback_url"],
            properties: [
                .init(name: "amount", schema: JSONValueSchema(type: .integer, minimum: 1)),
                .init(name: "callback_url", schema: JSONValueSchema(type: .string)),
            ]
        )
        let spec = Spec(
            app: AppDescription(name: "POS", schemes: ["pos"]),
            actions: [
                Action(
                    name: "charge",
                    routes: [try RoutePattern("pos://payment/create")],
                    convention: .custom,
                    parameters: [ParameterSpec(name: "data", type: .json, isRequired: true, schema: schema)],
                    customWayBack: WayBack(
                        callbacks: [
                            CallbackLocation(outcome: "any", place: .jsonMember(parameter: "data", pointer: try JSONPointer("/callback_url")))
                        ],
                        answer: AnswerShape(outcome: AnswerShape.OutcomeField(name: "status"), form: .json(parameter: "data"))
                    )
                )
            ]
        )
        let example = try ExampleRequest(for: spec.actions[0], in: spec)
        #expect(example.parameters == [QueryItem(name: "data", value: #"{"amount":42}"#)])
        let request = try Endpoint(spec: spec).evaluate(example.url)
        #expect(request.callbacks == ["any": "example-caller://callback?rt-state=ZXhhbXBsZS1ydC1zdGF0ZQ"])
    }

    @Test func anXCallbackActionWithoutAnAllowedBaseSendsNoCallbacks() throws {
        let spec = Spec(
            app: AppDescription(name: "Notes", schemes: ["notes"]),
            callbacks: [try CallbackBase("other://only")],
            actions: [Action(name: "open", routes: [try RoutePattern("notes://x-callback-url/open")], convention: .xCallbackURL)]
        )
        let example = try ExampleRequest(for: spec.actions[0], in: spec)
        #expect(example.url == "notes://x-callback-url/open?x-source=Example%20Caller")
        #expect(example.callbackBase == nil)
        #expect(try example.answer(in: spec) == nil)
        let given = try #require(thrownError { try ExampleRequest(for: spec.actions[0], in: spec, callbackBase: "evil://steal") })
        #expect(given.code == .forbiddenCallback)
    }

    // MARK: - Example values

    func value(_ parameter: ParameterSpec) throws -> String {
        let text = try ExampleValue.text(for: parameter)
        #expect(ExampleValue.isValid(try ExampleValue.texts(for: parameter), for: parameter), "\(text)")
        return text
    }

    @Test func eachTypeHasAnExample() throws {
        #expect(try value(ParameterSpec(name: "s")) == "example")
        #expect(try value(ParameterSpec(name: "n", type: .integer)) == "42")
        #expect(try value(ParameterSpec(name: "d", type: .decimal)) == "12.5")
        #expect(try value(ParameterSpec(name: "b", type: .boolean)) == "true")
        #expect(try value(ParameterSpec(name: "b", type: .boolean, booleanFormat: .yesNo)) == "yes")
        #expect(try value(ParameterSpec(name: "u", type: .uuid)) == ExampleValue.uuid)
        #expect(try value(ParameterSpec(name: "l", type: .url)) == "https://example.com/")
        #expect(try value(ParameterSpec(name: "t", type: .date(.iso8601))) == "2026-03-14T09:30:00Z")
        #expect(try value(ParameterSpec(name: "t", type: .date(try DateFormat("yyyy-MM-dd")))) == "2026-03-14")
        #expect(try value(ParameterSpec(name: "j", type: .json)) == "{}")
        #expect(try value(ParameterSpec(name: "f", type: .base64)) == "ZXhhbXBsZQ==")
        #expect(try value(ParameterSpec(name: "m", isMultiline: true)) == "first line\nsecond line")
        let secret = ParameterSpec(name: "token", type: .secret, secretEnvironment: "API_TOKEN")
        #expect(try ExampleValue.text(for: secret) == "example-secret-from-API_TOKEN")
        #expect(ExampleValue.secretDisplay(for: secret) == "<secret from API_TOKEN>")
    }

    @Test func constraintsAreMet() throws {
        #expect(try value(ParameterSpec(name: "c", allowedValues: ["USD", "EUR"])) == "USD")
        #expect(try value(ParameterSpec(name: "c", allowedValues: ["USD", "EUR"], pattern: try ValuePattern("E.*"))) == "EUR")
        #expect(try value(ParameterSpec(name: "s", maximumLength: 3)) == "exa")
        #expect(try value(ParameterSpec(name: "s", minimumLength: 12)) == "example-exam")
        #expect(try value(ParameterSpec(name: "m", maximumLength: 10, isMultiline: true)) == "example")
        #expect(try value(ParameterSpec(name: "n", type: .integer, minimum: 1, maximum: 5)) == "1")
        #expect(try value(ParameterSpec(name: "n", type: .integer, minimum: 100)) == "100")
        #expect(try value(ParameterSpec(name: "n", type: .integer, minimum: Decimal(string: "-7.5"), maximum: -3)) == "-7")
        #expect(try value(ParameterSpec(name: "d", type: .decimal, minimum: 0.01, maximum: 1)) == "1")
        #expect(try value(ParameterSpec(name: "d", type: .decimal, minimum: Decimal(string: "0.01"), maximum: Decimal(string: "0.5"))) == "0.01")
        #expect(try value(ParameterSpec(name: "f", type: .base64, maximumBytes: 2)) == "ZXg=")
        #expect(try value(ParameterSpec(name: "j", type: .json, minimumLength: 5)) == "{\"example\":true}")
        #expect(try value(ParameterSpec(name: "b", type: .boolean, allowedValues: ["false"], booleanFormat: .yesNo)) == "no")
    }

    /// A `json` parameter's example holds every member its schema declares, each fitted to its
    /// own schema, so that the receiving app accepts it.
    @Test func jsonValuesFitTheirSchema() throws {
        let schema = JSONValueSchema(
            type: .object,
            required: ["amount"],
            properties: [
                .init(name: "amount", schema: JSONValueSchema(type: .integer, minimum: 100)),
                .init(name: "code", schema: JSONValueSchema(type: .string, maximumLength: 3)),
                .init(name: "rate", schema: JSONValueSchema(type: .number, maximum: 2)),
                .init(name: "kind", schema: JSONValueSchema(type: .string, allowedValues: ["card", "cash"])),
                .init(name: "tags", schema: JSONValueSchema(type: .array, items: JSONValueSchema(type: .boolean))),
            ],
            allowsAdditionalProperties: false
        )
        let parameter = ParameterSpec(name: "data", type: .json, schema: schema)
        #expect(try value(parameter) == #"{"amount":100,"code":"exa","rate":2,"kind":"card","tags":[true]}"#)
    }

    @Test func listsHaveTheirItemsAndSeparators() throws {
        #expect(try value(ParameterSpec(name: "t", list: .comma)) == "example-1,example-2")
        #expect(try value(ParameterSpec(name: "t", list: .newline)) == "example-1\nexample-2")
        #expect(try ExampleValue.texts(for: ParameterSpec(name: "t", list: .repeated)) == ["example-1", "example-2"])
        #expect(try ExampleValue.items(for: ParameterSpec(name: "t", list: .comma, minimumItems: 3)).count == 3)
        #expect(try ExampleValue.items(for: ParameterSpec(name: "t", list: .comma, maximumItems: 1)) == ["example-1"])
        #expect(try value(ParameterSpec(name: "c", allowedValues: ["a", "b", "c"], list: .comma, minimumItems: 3)) == "a,b,c")
        #expect(try value(ParameterSpec(name: "n", type: .integer, maximum: 10, list: .comma)) == "1,2")
        #expect(try value(ParameterSpec(name: "d", type: .date(try DateFormat("yyyyMMdd")), list: .repeated)) == "20260314,20260315")
        #expect(try value(ParameterSpec(name: "p", pattern: try ValuePattern("[^,]+,?"), list: .comma)) == "example-1,example-2")
    }

    /// Patterns, and whether a text they match can be 10 characters long.
    @Test(
        arguments: [
            ("[A-Za-z0-9-]+", true), ("[0-9]{4,8}", false), (".*\\.[A-Za-z0-9]+", true), ("[A-Z]{2}-\\d{3}", false),
            ("(?:foo|bar)-[a-f0-9]{6}", true), ("[A-Z][a-z]+", true), ("\\d{3}", false),
            ("^\\w+@\\w+\\.com$", true), ("[^a-z]+", true), ("a\\.b[xyz]?", false),
            ("#[0-9A-F]{6}", false), ("(cat|dog)s?", false), ("\\x41\\u0042C", false), ("[\\-+.]\\s\\S", false), ("a{2}b{1,}c{0,3}", true),
            ("[a-z]+(,[a-z]+)*", true), ("\\d+(\\.\\d{1,2})?", true),
        ]
    )
    func patternsAreMatched(_ source: String, canGrow: Bool) throws {
        let pattern = try ValuePattern(source)
        let text = try value(ParameterSpec(name: "p", pattern: pattern))
        #expect(pattern.matches(text))
        if canGrow {
            let long = try value(ParameterSpec(name: "p", pattern: pattern, minimumLength: 10))
            #expect(pattern.matches(long))
            #expect(long.count >= 10)
        }
    }

    @Test func anUnwritablePatternFallsBackToTheDefaultOrSaysWhy() throws {
        // The writer tries an alternation's first four branches, each a control character no
        // request may carry; only the fifth, which it never reaches, matches the default.
        let pattern = try ValuePattern("\\x01|\\x02|\\x03|\\x04|aa")
        #expect(try value(ParameterSpec(name: "p", defaultValue: "aa", pattern: pattern)) == "aa")
        let error = try #require(thrownError { try ExampleValue.text(for: ParameterSpec(name: "p", pattern: pattern)) })
        #expect(error.code == .invalidParameter)
        #expect(error.parameter == "p")
        #expect(error.message.contains("matches the pattern \\x01|\\x02|\\x03|\\x04|aa"))
        let impossible = ParameterSpec(name: "n", type: .integer, minimum: 5, maximum: 1)
        #expect(thrownError { try ExampleValue.text(for: impossible) }?.message.contains("no example value passes") == true)
    }

    /// The HMAC secret of key `pos-2026` in the `rich.yaml` fixture.
    static let secret = "s3cret-for-tests"
    static let hmacKey = SigningKey.hmacSHA256(SymmetricKey(data: Data(secret.utf8)))

    static func richSpec() throws -> Spec {
        try SpecLoader.load(contentsOf: Fixture.repository.appendingPathComponent("Tests/Fixtures/specs/rich.yaml").path).spec
    }

    static func richEndpoint() throws -> Endpoint {
        try Endpoint(spec: richSpec(), keys: EnvironmentKeyResolver(environment: ["ROUNDTRIP_TEST_SECRET": secret]))
    }

    /// The ``RoundtripError`` `body` throws, or `nil` when it returns.
    func thrownError(_ body: () throws -> Any) -> RoundtripError? {
        #expect(throws: RoundtripError.self) { _ = try body() }
    }
}
