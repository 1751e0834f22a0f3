import Foundation
import Roundtrip
import Testing

/// A generated client and a generated receiver for a partner that signs its answers
/// (`Tests/Fixtures/specs/signed-answers.yaml`): the receiver's answer builder signs, and the
/// client accepts only that signed answer.
@Suite("Generated code: signed answers")
struct SignedAnswersGeneratedTests {
    /// What the partner opened, and the caller to hand answers to.
    actor Partner {
        var caller: Caller?
        var refused: [RoundtripError.Code] = []
        func set(_ caller: Caller) { self.caller = caller }
        func refuse(_ code: RoundtripError.Code) { refused.append(code) }
    }

    @Test func theClientAcceptsOnlyTheReceiversSignedAnswer() async throws {
        let signer = try RequestSigner(keyID: "terminal-2026", algorithm: .ed25519, bytes: Array(repeating: 7, count: 32))
        let endpoint = try FixtureSignedAnswersReceiver.endpoint()
        let partner = Partner()
        let opener = ClosureURLOpener { url, _ in
            guard let accepted = try? endpoint.evaluate(url.absoluteString),
                case .charge(let charge)? = try? FixtureSignedAnswersReceiver.Request(accepted),
                let genuine = try? charge.answer(.init(transactionId: "T-1"), signer: signer)
            else { return false }
            Task {
                guard let caller = await partner.caller else { return }
                // A hijacker holding the request answers first, unsigned: refused, nothing consumed.
                let forged = String(genuine[..<genuine.range(of: "&rt-kid=")!.lowerBound])
                do {
                    _ = try await caller.handleCallback(forged)
                } catch let error as RoundtripError {
                    await partner.refuse(error.code)
                }
                _ = try? await caller.handleCallback(genuine)
            }
            return true
        }
        let caller = Caller(ledger: InMemoryLedgerStore(), opener: opener)
        await partner.set(caller)
        let client = try FixtureSignedAnswersClient(caller: caller)
        let result = try await client.charge(amount: 12.5, callback: "pos-app://charged")
        #expect(result == .success(.init(transactionId: "T-1")))
        #expect(await partner.refused == [.missingSignature])
    }

    @Test func theReceiversAnswerBuilderNeedsTheRightKey() throws {
        let endpoint = try FixtureSignedAnswersReceiver.endpoint()
        let outgoing = try RequestBuilder(partner: FixtureSignedAnswersReceiver.spec).build(
            "charge",
            parameters: [QueryItem(name: "amount", value: "1")],
            callback: "pos-app://charged"
        )
        guard case .charge(let charge) = try FixtureSignedAnswersReceiver.Request(try endpoint.evaluate(outgoing.url)) else {
            Issue.record("not a charge")
            return
        }
        let other = try RequestSigner(keyID: "other", algorithm: .ed25519, bytes: Array(repeating: 7, count: 32))
        #expect {
            try charge.answer(.init(transactionId: "T-1"), signer: other)
        } throws: { error in
            (error as? RoundtripError)?.message == "the action 'charge' signs its answers with key 'terminal-2026', not 'other'"
        }
    }
}
