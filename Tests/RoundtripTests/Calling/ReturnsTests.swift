import Foundation
import Roundtrip
import RoundtripTestSupport
import RoundtripYAML
import Testing

/// An action's `returns`: the receiving app may answer only with them, and the calling app checks
/// the answer against them and gets typed values back, even when the answer is accepted from a
/// ledger in another process.
@Suite("Returns: the answer is checked on both sides and typed for the caller")
struct ReturnsTests {
    static let yaml = """
        roundtrip: 1
        app: {name: Notes, schemes: [notes]}
        actions:
          create:
            url: notes:///create
            convention: x-callback-url
            returns:
              id: {type: uuid, required: true}
              tags: {type: string, list: repeated}
              summary: {type: string, multiline: true}
              pinned: {type: boolean, format: yes-no}
            parameters:
              text: {type: string, required: true}
          charge:
            url: terminal://charge
            convention: return-url
            response-prefix: ifcc_
            returns:
              transactionId: {type: string, required: true, pattern: "T-[0-9]+"}
            parameters:
              amount: {type: decimal, required: true}
        """

    static let id = "6f9619ff-8b86-d011-b42d-00c04fc964ff"

    /// Sends `create` with a ledger, decides it on the receiving side, and returns both.
    static func roundTrip(
        _ action: String,
        parameters: [QueryItem],
        callback: String
    ) async throws -> (Spec, OutgoingRequest, AcceptedRequest, InMemoryLedgerStore) {
        let spec = try SpecLoader.load(yaml: yaml).spec
        let request = try RequestBuilder(partner: spec).build(action, parameters: parameters, callback: callback, nonce: CallingSupport.nonce(7))
        let ledger = InMemoryLedgerStore()
        try await ledger.record(try #require(request.pending))
        let accepted = try Endpoint(spec: spec).evaluate(request.url)
        return (spec, request, accepted, ledger)
    }

    struct Created: Decodable, Equatable {
        var id: UUID
        var tags: [String]?
        var summary: String?
        var pinned: Bool?
    }

    @Test func theCallerGetsTheTypedReturnsOfASuccess() async throws {
        let (spec, _, request, ledger) = try await Self.roundTrip(
            "create",
            parameters: [QueryItem(name: "text", value: "hi")],
            callback: "journal://notes"
        )
        let action = try #require(spec.action(named: "create"))
        let answer = [
            QueryItem(name: "id", value: Self.id), QueryItem(name: "tags", value: "a"), QueryItem(name: "tags", value: "b"),
            QueryItem(name: "summary", value: "line 1\nline 2"), QueryItem(name: "pinned", value: "yes"),
        ]
        let callback = try ResponseBuilder.callbackURL(answering: request, action: action, outcome: "success", parameters: answer)
        let response = try await ResponseAcceptor(ledger: ledger).accept(callback)
        #expect(response.returns?["tags"] == .list([.string("a"), .string("b")]))
        let created = try response.decode(Created.self)
        #expect(created == Created(id: UUID(uuidString: Self.id)!, tags: ["a", "b"], summary: "line 1\nline 2", pinned: true))
    }

    struct BadAnswer: CustomTestStringConvertible, Sendable {
        let answer: String
        let code: RoundtripError.Code
        let parameter: String
        var testDescription: String { "\(code): \(answer)" }
    }

    static let badAnswers: [BadAnswer] = [
        BadAnswer(answer: "tags=a", code: .missingParameter, parameter: "id"),
        BadAnswer(answer: "id=42", code: .invalidParameter, parameter: "id"),
        BadAnswer(answer: "id=\(id)&colour=red", code: .unknownParameter, parameter: "colour"),
        BadAnswer(answer: "id=\(id)&id=\(id)", code: .duplicateParameter, parameter: "id"),
        BadAnswer(answer: "id=\(id)&pinned=true", code: .invalidParameter, parameter: "pinned"),
        BadAnswer(answer: "id=\(id)&tags=a%0Ab", code: .invalidEncoding, parameter: "tags"),
    ]

    @Test(arguments: badAnswers)
    func theCallerRefusesAnAnswerThatBreaksTheReturns(_ bad: BadAnswer) async throws {
        let (_, request, _, ledger) = try await Self.roundTrip(
            "create",
            parameters: [QueryItem(name: "text", value: "hi")],
            callback: "journal://notes"
        )
        let success = try #require(try CallingSupport.queryValue(request.url, "x-success"))
        let error = await asyncRejection(of: { try await ResponseAcceptor(ledger: ledger).accept(success + "&" + bad.answer) })
        #expect(error?.code == bad.code, "\(String(describing: error))")
        #expect(error?.parameter == bad.parameter)
        let pending = await ledger.pending(at: Date())
        #expect(pending.count == 1, "a refused answer never consumes the pending request")
    }

    @Test func theReceiverCannotAnswerOutsideItsReturns() async throws {
        let (spec, _, request, _) = try await Self.roundTrip(
            "create",
            parameters: [QueryItem(name: "text", value: "hi")],
            callback: "journal://notes"
        )
        let action = try #require(spec.action(named: "create"))
        let undeclared = rejection(of: {
            try ResponseBuilder.callbackURL(
                answering: request,
                action: action,
                outcome: "success",
                parameters: [QueryItem(name: "idd", value: Self.id)]
            )
        })
        #expect(undeclared?.code == .unknownParameter)
        #expect(undeclared?.message.contains("returns id, tags, summary, pinned, not 'idd'") == true)
        let missing = rejection(of: { try ResponseBuilder.callbackURL(answering: request, action: action, outcome: "success") })
        #expect(missing?.code == .missingParameter)
        // The error outcome is not described by `returns`.
        #expect(throws: Never.self) { try ResponseBuilder.callbackURL(answering: request, action: action, outcome: "error") }
    }

    @Test func aReturnURLAnswerIsCheckedWithoutItsPrefix() async throws {
        let (spec, _, request, ledger) = try await Self.roundTrip(
            "charge",
            parameters: [QueryItem(name: "amount", value: "5")],
            callback: "pos://done"
        )
        let action = try #require(spec.action(named: "charge"))
        let refused = rejection(of: {
            try ResponseBuilder.callbackURL(
                answering: request,
                action: action,
                outcome: "approved",
                parameters: [QueryItem(name: "transactionId", value: "X")]
            )
        })
        #expect(refused?.code == .invalidParameter)
        // A declined charge carries no transaction: only the success outcome has returns.
        _ = try ResponseBuilder.callbackURL(answering: request, action: action, outcome: "declined")
        let url = try ResponseBuilder.callbackURL(
            answering: request,
            action: action,
            outcome: "approved",
            parameters: [QueryItem(name: "transactionId", value: "T-17")]
        )
        #expect(url.contains("ifcc_transactionId=T-17"))
        let response = try await ResponseAcceptor(ledger: ledger).accept(url)
        #expect(response.returns == ["transactionId": .string("T-17")])
    }

    /// A yes-no boolean with an `enum` (and a default) is recorded in its own spelling, so the
    /// ledger reads it back and the answer is accepted.
    @Test func aYesNoEnumIsRecordedAsItIsSpelled() async throws {
        let yaml = """
            roundtrip: 1
            app: {name: Notes, schemes: [notes]}
            actions:
              pin:
                url: notes:///pin
                convention: x-callback-url
                returns:
                  pinned: {type: boolean, format: yes-no, enum: ["yes"], required: true}
                  archived: {type: boolean, format: yes-no, default: "no"}
            """
        let spec = try SpecLoader.load(yaml: yaml).spec
        let returns = try #require(spec.action(named: "pin")?.returns)
        #expect(ParameterDefinition.json(returns).contains(#""enum":["yes"]"#))
        #expect(
            ParameterDefinition.json([ParameterSpec(name: "b", type: .boolean, defaultValue: "false", booleanFormat: .yesNo)]).contains(
                #""default":"no""#
            )
        )

        let request = try RequestBuilder(partner: spec).build("pin", callback: "journal://notes", nonce: CallingSupport.nonce(3))
        let ledger = InMemoryLedgerStore()
        try await ledger.record(try #require(request.pending))
        let accepted = try Endpoint(spec: spec).evaluate(request.url)
        let action = try #require(spec.action(named: "pin"))
        let callback = try ResponseBuilder.callbackURL(
            answering: accepted,
            action: action,
            outcome: "success",
            parameters: [QueryItem(name: "pinned", value: "yes")]
        )
        let response = try await ResponseAcceptor(ledger: ledger).accept(callback)
        #expect(response.returns?["pinned"] == .boolean(true))
        #expect(response.returns?["archived"] == .boolean(false))
    }

    /// A control character in an answer's value is named by its code point, as on the request side.
    @Test func aControlCharacterInAnAnswerIsNamed() async throws {
        let (spec, _, request, _) = try await Self.roundTrip(
            "create",
            parameters: [QueryItem(name: "text", value: "hi")],
            callback: "journal://notes"
        )
        let action = try #require(spec.action(named: "create"))
        let answer = { (items: [QueryItem]) in
            rejection(of: { try ResponseBuilder.callbackURL(answering: request, action: action, outcome: "success", parameters: items) })
        }
        let lineBreak = answer([QueryItem(name: "id", value: Self.id), QueryItem(name: "tags", value: "a\nb")])
        #expect(lineBreak?.code == .invalidEncoding)
        #expect(lineBreak?.parameter == "tags")
        #expect(
            lineBreak?.message
                == "the response parameter 'tags' contains the control character U+000A; only a value the action returns as 'multiline' may hold line breaks and tabs"
        )
        let bidi = answer([QueryItem(name: "id", value: Self.id), QueryItem(name: "summary", value: "a\u{202E}b")])
        #expect(bidi?.message == "the response parameter 'summary' contains the control character U+202E")
        let name = answer([QueryItem(name: "i\u{7}d", value: Self.id)])
        #expect(name?.code == .invalidEncoding)
        #expect(name?.message == "the name of a response parameter contains the control character U+0007")
    }

    @Test func theRecordedReturnsReadBackThroughTheSpecLoader() throws {
        let spec = try SpecLoader.load(yaml: Self.yaml).spec
        let returns = try #require(spec.action(named: "create")?.returns)
        let text = ParameterDefinition.json(returns)
        let read = try ParameterDefinition.parameters(fromJSON: text)
        #expect(read.map(\.name) == ["id", "tags", "summary", "pinned"])
        #expect(read.map { ParameterDefinition.fields(of: $0).map(\.json) } == returns.map { ParameterDefinition.fields(of: $0).map(\.json) })
    }
}
