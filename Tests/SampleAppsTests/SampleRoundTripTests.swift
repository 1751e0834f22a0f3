import Foundation
import Roundtrip
import Testing

@testable import CardTerminalApp
@testable import PointOfSaleApp

/// The sample apps' models, as the two apps run them: the point of sale charges a sale through
/// its generated client, the card terminal decides the request with its generated receiver and
/// answers, and the point of sale's ledger accepts the answer, once. URLs travel through
/// mailboxes, as the system would carry them between the apps.
@Suite("Sample apps: the point of sale charges a sale on the card terminal and hears back", .timeLimit(.minutes(1)))
struct SampleRoundTripTests {
    static let sale = Sale(invoiceNumber: "INV-1042", amount: Decimal(string: "12.50")!, currency: .eur)

    static func expected(_ decision: Terminal.Decision) -> ChargeOutcome {
        switch decision {
        case .approve: .approved(transactionId: "TX-0001")
        case .decline: .declined
        case .cancel: .cancelled
        }
    }

    @Test("a charge comes back with the terminal's decision, over either return route", arguments: Terminal.Decision.allCases, ReturnRoute.allCases)
    func aChargeComesBack(_ decision: Terminal.Decision, _ route: ReturnRoute) async throws {
        let ledger = TemporaryLedger()
        defer { ledger.remove() }
        let toTerminal = Mailbox()
        let toPointOfSale = Mailbox()
        let checkout = try Checkout(ledger: ledger.open(), opener: toTerminal.opener)
        let terminal = try Terminal(opener: toPointOfSale.opener, transactionID: { "TX-0001" })

        async let charged = checkout.charge(Self.sale, returningBy: route)
        let request = await toTerminal.next()
        let returnURL = route.base + "?invoiceNumber=INV-1042&rt-state="
        #expect(
            request.absoluteString.hasPrefix(
                "com-example-roundtrip-terminal://charge?amount=12.5&currency=EUR&invoiceNumber=INV-1042&returnURL="
                    + QueryCodec.encodeComponent(returnURL)
            ),
            "\(request)"
        )
        guard case .charge(let charge) = terminal.review(request) else {
            Issue.record("the terminal refused \(request)")
            return
        }
        #expect(charge.amount == Decimal(string: "12.50")!)
        #expect(charge.currency == .eur)
        #expect(charge.invoiceNumber == "INV-1042")
        #expect(Terminal.returnsTo(charge) == (route == .universalLink ? "pos.example.com" : "com-example-roundtrip-pos"))

        let delivery = await terminal.answer(charge, with: decision)
        let answer = await toPointOfSale.next()
        #expect(delivery == .returned(answer))
        #expect(answer.absoluteString.hasPrefix(returnURL), "\(answer)")
        #expect(await checkout.receive(answer) == .answer(Self.sale, Self.expected(decision)))
        #expect(await charged == Self.expected(decision))
        #expect(try await checkout.awaitingAnswer().isEmpty)

        // The same answer a second time changes nothing.
        guard case .refused(let problem) = await checkout.receive(answer) else {
            Issue.record("a replayed answer was accepted")
            return
        }
        #expect(problem.code == "replayed")
    }

    @Test("an answer that arrives after the point of sale was killed is accepted by the relaunched app, with its sale")
    func anAnswerSurvivesARelaunch() async throws {
        let ledger = TemporaryLedger()
        defer { ledger.remove() }
        let toTerminal = Mailbox()
        let toPointOfSale = Mailbox()
        let firstLaunch = try Checkout(ledger: ledger.open(), opener: toTerminal.opener)
        let waiting = Task { await firstLaunch.charge(Self.sale, returningBy: .universalLink) }
        let request = await toTerminal.next()

        // iOS kills the point of sale while the terminal is open; the ledger file remains.
        let relaunched = try Checkout(ledger: ledger.open(), opener: toTerminal.opener)
        #expect(try await relaunched.awaitingAnswer() == [Self.sale])
        let terminal = try Terminal(opener: toPointOfSale.opener, transactionID: { "TX-0002" })
        guard case .charge(let charge) = terminal.review(request) else {
            Issue.record("the terminal refused \(request)")
            return
        }
        _ = await terminal.answer(charge, with: .approve)
        #expect(await relaunched.receive(toPointOfSale.next()) == .answer(Self.sale, .approved(transactionId: "TX-0002")))
        #expect(try await relaunched.awaitingAnswer().isEmpty)

        // The killed launch's wait never ends by itself; here it is cancelled, as the process ending would.
        waiting.cancel()
        guard case .failed(let problem) = await waiting.value else {
            Issue.record("the abandoned wait ended otherwise")
            return
        }
        #expect(problem == Problem(code: "abandoned", message: "the charge was abandoned before the terminal answered"))
    }
}
