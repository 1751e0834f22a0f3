import Foundation
import Roundtrip
import Testing

/// Generated clients and receivers for partners whose callbacks and answers are in their own
/// shape (`convention: custom`, `Tests/Fixtures/custom/`): the client places the callback where
/// the partner's spec says, the receiver's answer builder writes the partner's shape, and the
/// client reads it back into the typed returns.
@Suite("Generated code: custom callbacks and answers")
struct CustomShapesGeneratedTests {
    /// The caller to hand answers to, and every answer the partner wrote.
    actor Partner {
        var caller: Caller?
        var answers: [String] = []
        func set(_ caller: Caller) { self.caller = caller }
        func answered(_ url: String) { answers.append(url) }
    }

    /// A caller whose every request the partner answers with `answer` (`nil` opens nothing).
    static func connect(_ answer: @escaping @Sendable (URL) -> String?) async -> (Caller, Partner) {
        let partner = Partner()
        let opener = ClosureURLOpener { url, _ in
            guard let callback = answer(url) else { return false }
            Task {
                await partner.answered(callback)
                guard let caller = await partner.caller else { return }
                _ = try? await caller.handleCallback(callback)
            }
            return true
        }
        let caller = Caller(ledger: InMemoryLedgerStore(), opener: opener)
        await partner.set(caller)
        return (caller, partner)
    }

    static func payments(_ url: URL) throws -> FixturePaymentsReceiver.Request {
        try FixturePaymentsReceiver.Request(try FixturePaymentsReceiver.endpoint().evaluate(url.absoluteString))
    }

    @Test func queryFieldsWithAPrefixComeBackTyped() async throws {
        let (caller, partner) = await Self.connect { url in
            guard case .pay(let pay)? = try? Self.payments(url) else { return nil }
            return try? pay.answer(.init(txCode: "T-9"))
        }
        let client = try FixturePaymentsClient(caller: caller)
        let result = try await client.pay(amount: 10, foreignTxId: "F 1", callback: "myshop://paid")
        #expect(result == .success(.init(txCode: "T-9")))
        let answer = try #require(await partner.answers.first)
        #expect(answer.hasPrefix("myshop://paid/success?rt-state="))
        #expect(answer.hasSuffix("&smp-status=success&smp-tx-code=T-9&foreign-tx-id=F%201"))
    }

    @Test func theCallbackInsideTheJSONParameterAndTheJSONAnswer() async throws {
        let (caller, partner) = await Self.connect { url in
            guard case .charge(let charge)? = try? Self.payments(url),
                charge.request.callbacks["any"]?.hasPrefix("myshop://charged?rt-state=") == true
            else { return nil }
            return try? charge.answer(.init())
        }
        let client = try FixturePaymentsClient(caller: caller)
        let result = try await client.charge(data: #"{"amount":5}"#, callback: "myshop://charged")
        #expect(result == .success(.init()))
        #expect(try #require(await partner.answers.first).hasSuffix("&data=%7B%22status%22%3A%22ok%22%7D"))
    }

    @Test func aTemplateCallbackIsFilledAndReadBack() async throws {
        let (caller, partner) = await Self.connect { url in
            guard case .takePayment(let payment)? = try? Self.payments(url) else { return nil }
            return try? payment.answer(.init(transactionId: "T/7 a"))
        }
        let client = try FixturePaymentsClient(caller: caller)
        let result = try await client.takePayment(amount: 5, callback: "myshop://done/{Type}?tx={TransactionId}")
        #expect(result == .success(.init(transactionId: "T/7 a")))
        #expect(try #require(await partner.answers.first).hasPrefix("myshop://done/success?tx=T%2F7%20a&rt-state="))
    }

    @Test func aSignedJSONAnswerIsTypedAndANonceInTheStateParameterIsAcceptedOnce() async throws {
        let signer = try RequestSigner(keyID: "pos-2026", algorithm: .ed25519, bytes: Array(repeating: 7, count: 32))
        let (caller, partner) = await Self.connect { url in
            guard let accepted = try? FixtureSignedPosReceiver.endpoint().evaluate(url.absoluteString),
                let request = try? FixtureSignedPosReceiver.Request(accepted)
            else { return nil }
            switch request {
            case .charge(let charge): return try? charge.answer(.init(transactionId: "T-1", amount: 5), signer: signer)
            case .refund(let refund): return try? refund.answer(.init())
            }
        }
        let client = try FixtureSignedPosClient(caller: caller)
        let charged = try await client.charge(data: #"{"amount":5,"order_id":"O-1"}"#, callback: "myshop://charged")
        #expect(charged == .success(.init(transactionId: "T-1", amount: 5)))
        let refunded = try await client.refund(amount: 5, callback: "myshop://refunded")
        #expect(refunded == .success(.init()))
        let answer = try #require(await partner.answers.last)
        #expect(answer.hasPrefix("myshop://refunded/success?reference="))
        await #expect { try await caller.handleCallback(answer) } throws: { ($0 as? RoundtripError)?.code == .replayed }
    }

    /// The receiver sees the callbacks where the partner's spec puts them, and answers every
    /// outcome; without `error-returns` the other outcomes' fields are plain items.
    @Test func theReceiverSeesItsCallbacksAndAnswersEveryOutcome() async throws {
        let (caller, partner) = await Self.connect { url in
            switch try? Self.payments(url) {
            case .pay(let pay)?:
                guard pay.successCallback?.hasPrefix("myshop://paid/success?rt-state=") == true,
                    pay.errorCallback?.hasPrefix("myshop://paid/error?rt-state=") == true
                else { return nil }
                return try? pay.answerError([QueryItem(name: "reason", value: "no funds")])
            case .charge(let charge)?:
                guard charge.anyCallback?.hasPrefix("myshop://charged?rt-state=") == true else {
                    return nil
                }
                return try? charge.answerError()
            default:
                return nil
            }
        }
        let client = try FixturePaymentsClient(caller: caller)
        #expect(
            try await client.pay(amount: 10, callback: "myshop://paid") == .error(code: nil, message: nil)
        )
        #expect(
            try #require(await partner.answers.last).hasSuffix("&smp-status=failed&smp-reason=no%20funds")
        )
        #expect(
            try await client.charge(data: "{}", callback: "myshop://charged")
                == .error(code: nil, message: nil)
        )
        let reply = FixturePaymentsReceiver.Pay.errorReply([
            QueryItem(name: "reason", value: "no funds")
        ])
        #expect(reply.outcome == "error")
    }

    /// A signed partner's `error-returns` come back typed to the client, with the partner's word;
    /// a cancel is cancelled, with its fields.
    @Test func signedErrorReturnsComeBackTyped() async throws {
        let signer = try RequestSigner(
            keyID: "pos-2026",
            algorithm: .ed25519,
            bytes: Array(repeating: 7, count: 32)
        )
        let (caller, _) = await Self.connect { url in
            guard let accepted = try? FixtureSignedPosReceiver.endpoint().evaluate(url.absoluteString),
                case .charge(let charge)? = try? FixtureSignedPosReceiver.Request(accepted)
            else { return nil }
            let fields = FixtureSignedPosReceiver.Charge.ErrorReturns(errorCode: "51")
            return charge.request.canonicalParameters["data"]?.contains("cancel") == true
                ? try? charge.answerCancel(fields, signer: signer)
                : try? charge.answerError(fields, signer: signer)
        }
        let client = try FixtureSignedPosClient(caller: caller)
        let declined = try await client.charge(data: #"{"amount":5}"#, callback: "myshop://charged")
        #expect(declined == .failure(outcome: "error", word: "error", .init(errorCode: "51")))
        let cancelled = try await client.charge(
            data: #"{"amount":5,"note":"cancel"}"#,
            callback: "myshop://charged"
        )
        #expect(cancelled == .cancelled(.init(errorCode: "51")))
        #expect((#expect(throws: CallEnded.self) { try cancelled.get() })?.outcome == "cancel")
    }

    /// Each of the partner's words for an outcome reaches the client: the payment terminal says
    /// `declined` (the first it lists) or `failed` for `error`, with its typed reason.
    @Test(arguments: ["declined", "failed"])
    func theTerminalsWordReachesTheClient(_ word: String) async throws {
        let (caller, _) = await Self.connect { url in
            guard
                let accepted = try? ExamplePaymentTerminalReceiver.endpoint().evaluate(url.absoluteString),
                case .sale(let sale)? = try? ExamplePaymentTerminalReceiver.Request(accepted),
                let answer = try? sale.answerError(.init(reason: "insufficient funds"))
            else { return nil }
            return answer.replacingOccurrences(of: "pt-result=declined", with: "pt-result=\(word)")
        }
        let client = try ExamplePaymentTerminalClient(caller: caller)
        let result = try await client.sale(amount: 12.5, orderId: "O-1", callback: "pos-app://payment")
        #expect(result == .failure(outcome: "error", word: word, .init(reason: "insufficient funds")))
    }
}
