import Foundation
import Roundtrip
import RoundtripTestSupport
import RoundtripYAML
import Testing

/// A `custom` action's whole round trip through the public API, in each answer shape: the
/// calling app builds the request (``RequestBuilder``), the partner decides it (``Endpoint``) and
/// answers (``ResponseBuilder``), and the calling app accepts the answer (``ResponseAcceptor``).
/// Fixtures: `Tests/Fixtures/custom/payments.yaml` and `Tests/Fixtures/custom/signed-pos.yaml`.
@Suite("Conventions: custom answers, round trip")
struct CustomAnswerTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    /// The test key of `signed-pos.yaml`: 32 bytes of 0x07.
    static let signer: RequestSigner = {
        // A fixed, valid test key; `try!` cannot fail on 32 bytes.
        try! RequestSigner(keyID: "pos-2026", algorithm: .ed25519, bytes: [UInt8](repeating: 7, count: 32))
    }()

    static func spec(_ name: String) throws -> Spec {
        try SpecLoader.load(contentsOf: Fixture.repositoryPath("Tests/Fixtures/custom/\(name)")).spec
    }

    /// One round trip: the request built and decided, the answer written.
    struct Trip {
        let callback: String
        let ledger: InMemoryLedgerStore
        let nonce: String
    }

    static func trip(
        _ file: String,
        action: String,
        parameters: [QueryItem],
        callback: String,
        outcome: String,
        answer: [QueryItem],
        signed: Bool = false
    ) async throws -> Trip {
        let spec = try spec(file)
        let built = try RequestBuilder(partner: spec).build(action, parameters: parameters, callback: callback, now: now)
        let pending = try #require(built.pending)
        let ledger = InMemoryLedgerStore()
        try await ledger.record(pending)
        let request = try Endpoint(spec: spec).evaluate(built.url, now: now)
        let url = try ResponseBuilder.callbackURL(
            answering: request,
            action: try #require(spec.action(named: action)),
            outcome: outcome,
            parameters: answer,
            signer: signed ? signer : nil,
            now: now
        )
        return Trip(callback: url, ledger: ledger, nonce: pending.nonce)
    }

    struct Shape: Sendable, CustomTestStringConvertible {
        let name: String
        let file: String
        let action: String
        let parameters: [QueryItem]
        let callback: String
        let outcome: String
        let answer: [QueryItem]
        /// The answer as written, with `NONCE` for the request's nonce.
        let written: String
        let acceptedParameters: [String: String]
        var testDescription: String { name }
    }

    static let shapes: [Shape] = [
        Shape(
            name: "query fields with a prefix, the partner's outcome word and an echo",
            file: "payments.yaml",
            action: "pay",
            parameters: [QueryItem(name: "amount", value: "10.00"), QueryItem(name: "foreign-tx-id", value: "F 1")],
            callback: "myshop://paid",
            outcome: "error",
            answer: [QueryItem(name: "tx-code", value: "T-9")],
            written: "myshop://paid/error?rt-state=NONCE&smp-status=failed&smp-tx-code=T-9&foreign-tx-id=F%201",
            acceptedParameters: ["tx-code": "T-9", "foreign-tx-id": "F 1"]
        ),
        Shape(
            name: "one JSON parameter, the callback inside the request's JSON",
            file: "payments.yaml",
            action: "charge",
            parameters: [QueryItem(name: "data", value: #"{"amount":5}"#)],
            callback: "myshop://charged",
            outcome: "success",
            answer: [],
            written: "myshop://charged?rt-state=NONCE&data=%7B%22status%22%3A%22ok%22%7D",
            acceptedParameters: [:]
        ),
        Shape(
            name: "a template callback with its placeholders filled",
            file: "payments.yaml",
            action: "take-payment",
            parameters: [QueryItem(name: "amount", value: "5")],
            callback: "myshop://done/{Type}?tx={TransactionId}",
            outcome: "success",
            answer: [QueryItem(name: "TransactionId", value: "T/7 a")],
            written: "myshop://done/success?tx=T%2F7%20a&rt-state=NONCE",
            acceptedParameters: ["TransactionId": "T/7 a"]
        ),
        Shape(
            name: "rt-state in the state-parameter",
            file: "signed-pos.yaml",
            action: "refund",
            parameters: [QueryItem(name: "amount", value: "5")],
            callback: "myshop://refunded",
            outcome: "success",
            answer: [QueryItem(name: "refund-id", value: "R-1")],
            written: "myshop://refunded/success?pos-refund-id=R-1&reference=NONCE",
            acceptedParameters: ["refund-id": "R-1"]
        ),
    ]

    @Test(arguments: shapes)
    func eachShapeMakesTheRoundTrip(_ shape: Shape) async throws {
        let trip = try await Self.trip(
            shape.file,
            action: shape.action,
            parameters: shape.parameters,
            callback: shape.callback,
            outcome: shape.outcome,
            answer: shape.answer
        )
        #expect(trip.callback == shape.written.replacingOccurrences(of: "NONCE", with: trip.nonce))
        let acceptor = ResponseAcceptor(ledger: trip.ledger)
        let accepted = try await acceptor.accept(trip.callback, now: Self.now)
        #expect(accepted.outcome == shape.outcome)
        #expect(accepted.parameters == shape.acceptedParameters)
        // Once only, whether the nonce came back in rt-state or in the state-parameter.
        await #expect { try await acceptor.accept(trip.callback, now: Self.now) } throws: { ($0 as? RoundtripError)?.code == .replayed }
    }

    /// A nonce echoed in the state-parameter is told apart like rt-state: too late is `expired`.
    @Test func aLateAnswerWithTheNonceInTheStateParameterIsExpired() async throws {
        let shape = try #require(Self.shapes.last)
        let trip = try await Self.trip(
            shape.file,
            action: shape.action,
            parameters: shape.parameters,
            callback: shape.callback,
            outcome: shape.outcome,
            answer: shape.answer
        )
        let pending = try #require(await trip.ledger.pending(at: Self.now).first)
        await #expect {
            try await ResponseAcceptor(ledger: trip.ledger).accept(trip.callback, now: pending.expiresAt.addingTimeInterval(1))
        } throws: {
            ($0 as? RoundtripError)?.code == .expired
        }
    }

    @Test func aSignedJSONAnswerIsCheckedAndTypedAndEchoesTheOrder() async throws {
        let trip = try await Self.trip(
            "signed-pos.yaml",
            action: "charge",
            parameters: [QueryItem(name: "data", value: #"{"amount":5,"order_id":"O-1"}"#)],
            callback: "myshop://charged",
            outcome: "success",
            answer: [QueryItem(name: "transaction_id", value: "T-1"), QueryItem(name: "amount", value: "5")],
            signed: true
        )
        let split = try #require(trip.callback.range(of: "&rt-kid=pos-2026&rt-ts=1800000000&rt-sig="))
        // {"status":"ok","transaction_id":"T-1","amount":5,"order_id":"O-1"}: the amount typed as a number.
        let json = "%7B%22status%22%3A%22ok%22%2C%22transaction_id%22%3A%22T-1%22%2C%22amount%22%3A5%2C%22order_id%22%3A%22O-1%22%7D"
        #expect(trip.callback[..<split.lowerBound] == "myshop://charged?rt-state=\(trip.nonce)&data=\(json)")
        let acceptor = ResponseAcceptor(ledger: trip.ledger)
        let tampered = trip.callback.replacingOccurrences(of: "T-1", with: "T-2")
        await #expect { try await acceptor.accept(tampered, now: Self.now) } throws: { ($0 as? RoundtripError)?.code == .badSignature }
        let accepted = try await acceptor.accept(trip.callback, now: Self.now)
        #expect(accepted.outcome == "success")
        #expect(accepted.parameters == ["transaction_id": "T-1", "amount": "5", "order_id": "O-1"])
        #expect(accepted.returns?["amount"] == .integer(5))
    }

    /// Each refusal leaves the pending request untouched: the genuine answer is accepted after.
    @Test(
        arguments: [
            ("smp-status=failed", "smp-status=refunded", RoundtripError.Code.unknownOutcome, "smp-status"),
            ("&smp-status=failed", "", .missingParameter, "smp-status"),
            ("&foreign-tx-id", "&rt-state=AAAAAAAAAAAAAAAAAAAAAA&foreign-tx-id", .reservedParameter, "rt-state"),
            ("smp-tx-code", "tx-code", .unknownParameter, "tx-code"),
        ] as [(String, String, RoundtripError.Code, String)]
    )
    func aForgedQueryAnswerIsRefused(find: String, replace: String, code: RoundtripError.Code, parameter: String) async throws {
        let trip = try await Self.trip(
            "payments.yaml",
            action: "pay",
            parameters: [QueryItem(name: "amount", value: "1"), QueryItem(name: "foreign-tx-id", value: "F-1")],
            callback: "myshop://paid",
            outcome: "error",
            answer: [QueryItem(name: "tx-code", value: "T-9")]
        )
        let acceptor = ResponseAcceptor(ledger: trip.ledger)
        let forged = trip.callback.replacingOccurrences(of: find, with: replace)
        await #expect { try await acceptor.accept(forged, now: Self.now) } throws: { error in
            (error as? RoundtripError)?.code == code && (error as? RoundtripError)?.parameter == parameter
        }
        #expect(try await acceptor.accept(trip.callback, now: Self.now).outcome == "error")
    }

    @Test func anUnlistedOutcomeWordSaysWhichWordsTheSpecLists() async throws {
        let trip = try await Self.trip(
            "payments.yaml",
            action: "pay",
            parameters: [QueryItem(name: "amount", value: "1")],
            callback: "myshop://paid",
            outcome: "success",
            answer: [QueryItem(name: "tx-code", value: "T-1")]
        )
        let forged = trip.callback.replacingOccurrences(of: "smp-status=success", with: "smp-status=refunded")
        await #expect {
            try await ResponseAcceptor(ledger: trip.ledger).accept(forged, now: Self.now)
        } throws: { error in
            (error as? RoundtripError)?.message
                == "the answer's 'smp-status' is 'refunded', which the partner's spec lists for no outcome (it lists success for success, failed for error)"
        }
    }

    /// `error-returns` checks the fields of the other outcomes; a listed second word reads as its outcome.
    @Test func errorReturnsAreCheckedAndEveryListedWordIsRead() async throws {
        let missing = try await Self.trip(
            "signed-pos.yaml",
            action: "charge",
            parameters: [QueryItem(name: "data", value: #"{"amount":5}"#)],
            callback: "myshop://charged",
            outcome: "success",
            answer: [QueryItem(name: "transaction_id", value: "T-1")],
            signed: true
        )
        #expect(missing.callback.contains("%22status%22%3A%22ok%22"))
        #expect {
            let spec = try Self.spec("signed-pos.yaml")
            let built = try RequestBuilder(partner: spec).build(
                "charge",
                parameters: [QueryItem(name: "data", value: "{}")],
                callback: "myshop://charged",
                now: Self.now
            )
            _ = try ResponseBuilder.callbackURL(
                answering: try Endpoint(spec: spec).evaluate(built.url, now: Self.now),
                action: try #require(spec.action(named: "charge")),
                outcome: "error",
                parameters: [],
                signer: Self.signer,
                now: Self.now
            )
        } throws: { error in
            (error as? RoundtripError)?.code == .missingParameter && (error as? RoundtripError)?.parameter == "error_code"
        }
    }

    /// The word the partner said the outcome with is kept beside the outcome; an answer without
    /// an outcome field (its callback tells the outcome) has none.
    @Test func theOutcomeWordIsKept() async throws {
        let paid = try await Self.trip(
            "payments.yaml",
            action: "pay",
            parameters: [QueryItem(name: "amount", value: "10")],
            callback: "myshop://paid",
            outcome: "error",
            answer: []
        )
        let declined = try await ResponseAcceptor(ledger: paid.ledger).accept(paid.callback, now: Self.now)
        #expect(declined.outcome == "error")
        #expect(declined.word == "failed")
        let refunded = try await Self.trip(
            "signed-pos.yaml",
            action: "refund",
            parameters: [QueryItem(name: "amount", value: "5")],
            callback: "myshop://refunded",
            outcome: "success",
            answer: []
        )
        let accepted = try await ResponseAcceptor(ledger: refunded.ledger).accept(refunded.callback, now: Self.now)
        #expect(accepted.outcome == "success")
        #expect(accepted.word == nil)
    }

    struct ErrorCode: Sendable, Equatable {
        let code: String
        init(_ values: [String: ParameterValue]) throws(RoundtripError) { code = try values.required("error_code", as: String.self) }
        init(code: String) { self.code = code }
    }

    /// An action that declares `error-returns` gives a `TypedCallResult`: the other outcomes come
    /// back with their typed fields and the partner's word, a cancel as cancelled.
    @Test(arguments: [
        ("error", TypedCallResult<String, ErrorCode>.failure(outcome: "error", word: "error", ErrorCode(code: "51"))),
        ("cancel", .cancelled(ErrorCode(code: "51"))),
    ])
    func errorReturnsComeBackTyped(_ outcome: String, _ expected: TypedCallResult<String, ErrorCode>) async throws {
        let trip = try await Self.trip(
            "signed-pos.yaml",
            action: "charge",
            parameters: [QueryItem(name: "data", value: #"{"amount":5}"#)],
            callback: "myshop://charged",
            outcome: outcome,
            answer: [QueryItem(name: "error_code", value: "51")],
            signed: true
        )
        let accepted = try await ResponseAcceptor(ledger: trip.ledger).accept(trip.callback, now: Self.now)
        let result = try accepted.result({ _ in "paid" }, errors: ErrorCode.init)
        #expect(result == expected)
        let ended = #expect(throws: CallEnded.self) { try result.get() }
        #expect(ended?.outcome == outcome)
    }

    /// The callback is placed in the partner's JSON where its pointer says, beside the caller's
    /// members; the caller may not place it itself.
    @Test func theCallbackIsPlacedInsideTheJSONParameter() throws {
        let spec = try Self.spec("payments.yaml")
        let built = try RequestBuilder(partner: spec).build(
            "charge",
            parameters: [QueryItem(name: "data", value: #"{"amount":5}"#)],
            callback: "myshop://charged",
            nonce: "AAAAAAAAAAAAAAAAAAAAAA"
        )
        let request = try Endpoint(spec: spec).evaluate(built.url)
        #expect(request.callbacks == ["any": "myshop://charged?rt-state=AAAAAAAAAAAAAAAAAAAAAA"])
        #expect(request.canonicalParameters["data"] == #"{"amount":5,"callback_url":"myshop://charged?rt-state=AAAAAAAAAAAAAAAAAAAAAA"}"#)
        #expect {
            try RequestBuilder(partner: spec).build(
                "charge",
                parameters: [QueryItem(name: "data", value: #"{"callback_url":"myshop://x"}"#)],
                callback: "myshop://charged"
            )
        } throws: { ($0 as? RoundtripError)?.code == .reservedParameter }
    }

    /// An answer that does not follow the template sent (its literal text changed) is refused.
    @Test func aTemplateAnswerMustKeepTheTemplatesText() async throws {
        let trip = try await Self.trip(
            "payments.yaml",
            action: "take-payment",
            parameters: [QueryItem(name: "amount", value: "5")],
            callback: "myshop://done/{Type}?tx={TransactionId}",
            outcome: "success",
            answer: [QueryItem(name: "TransactionId", value: "T-7")]
        )
        let forged = trip.callback.replacingOccurrences(of: "?tx=", with: "?other=")
        await #expect { try await ResponseAcceptor(ledger: trip.ledger).accept(forged, now: Self.now) } throws: {
            ($0 as? RoundtripError)?.code == .reservedParameter
        }
    }
}
