import Foundation
import Roundtrip
import Testing

@testable import CardTerminalApp
@testable import PointOfSaleApp

/// What each sample app refuses, with the code and the message it shows: the terminal refuses
/// requests its spec does not allow and answers none of them; the point of sale refuses answers
/// it never asked for and links its spec does not allow, and sends no request the terminal
/// would refuse.
@Suite("Sample apps: what each app refuses", .timeLimit(.minutes(1)))
struct SampleRefusalTests {
    static let charge = "com-example-roundtrip-terminal://charge"
    static let returnURL = "returnURL=https%3A%2F%2Fpos.example.com%2Froundtrip%2Fsale%3FinvoiceNumber%3DINV-7"

    static let refusedRequests: [(url: String, code: String, message: String)] = [
        (
            "\(charge)?amount=0&invoiceNumber=INV-7&\(returnURL)",
            "invalid-parameter",
            "the parameter 'amount' is 0; the minimum is 0.01"
        ),
        (
            "\(charge)?amount=12.50&currency=JPY&invoiceNumber=INV-7&\(returnURL)",
            "invalid-parameter",
            "the parameter 'currency' must be one of USD, EUR, GBP, not 'JPY'"
        ),
        (
            "\(charge)?amount=12.50&invoiceNumber=INV-7&returnURL=https%3A%2F%2Fpos.example.org%2Froundtrip%2Fsale",
            "forbidden-callback",
            "the callback 'returnURL' 'https://pos.example.org/roundtrip/sale' is not in the spec's callbacks list (https://pos.example.com/roundtrip/sale, com-example-roundtrip-pos://sale)"
        ),
        ("\(charge)?amount=12.50&\(returnURL)", "missing-parameter", "the action 'charge' requires the parameter 'invoiceNumber'"),
        ("\(charge)?amount=12.50&invoiceNumber=INV-7&tip=5&\(returnURL)", "unknown-parameter", "the action 'charge' does not take a parameter 'tip'"),
        ("com-example-roundtrip-terminal://refund?amount=12.50", "unknown-route", "no action is routed at 'com-example-roundtrip-terminal://refund'"),
    ]

    @Test("the terminal refuses a request its spec does not allow, and answers nothing", arguments: refusedRequests)
    func theTerminalRefuses(_ url: String, _ code: String, _ message: String) async throws {
        let toPointOfSale = Mailbox()
        let terminal = try Terminal(opener: toPointOfSale.opener)
        guard case .refused(let error) = terminal.review(try #require(URL(string: url))) else {
            Issue.record("accepted \(url)")
            return
        }
        #expect(error.codeName == code)
        #expect(error.message == message)
        #expect(await toPointOfSale.count == 0)
    }

    static let refusedIncoming: [(url: String, code: String, message: String)] = [
        (
            "https://pos.example.com/roundtrip/sale?invoiceNumber=INV-7&rt-state=AAAAAAAAAAAAAAAAAAAAAA&terminal_responseType=approved&terminal_transactionId=TX-1",
            "unsolicited-response",
            "no request is pending for the callback 'https://pos.example.com/roundtrip/sale'; it was not sent by this app, or was forgotten"
        ),
        (
            "https://pos.example.com/roundtrip/sale?invoiceNumber=INV%207", "invalid-parameter",
            "the parameter 'invoiceNumber' does not match the pattern [A-Za-z0-9-]+"
        ),
        ("https://pos.example.com/roundtrip/sale", "missing-parameter", "the action 'open-sale' requires the parameter 'invoiceNumber'"),
        (
            "https://pos.example.com/roundtrip/refund?invoiceNumber=INV-7", "unknown-route",
            "no action is routed at 'https://pos.example.com/roundtrip/refund'; the app has actions at this scheme and host but not at the path '/roundtrip/refund'"
        ),
    ]

    @Test("the point of sale refuses an answer it never asked for and a link its spec does not allow", arguments: refusedIncoming)
    func thePointOfSaleRefuses(_ url: String, _ code: String, _ message: String) async throws {
        let ledger = TemporaryLedger()
        defer { ledger.remove() }
        let checkout = try Checkout(ledger: ledger.open(), opener: Mailbox().opener)
        let incoming = await checkout.receive(try #require(URL(string: url)))
        guard case .refused(let problem) = incoming else {
            Issue.record("\(url) was \(incoming)")
            return
        }
        #expect(problem.code == code)
        #expect(problem.message == message)
    }

    @Test("a link to a sale opens it, over either route", arguments: ["https://pos.example.com/roundtrip/sale", "com-example-roundtrip-pos://sale"])
    func aLinkOpensASale(_ base: String) async throws {
        let ledger = TemporaryLedger()
        defer { ledger.remove() }
        let checkout = try Checkout(ledger: ledger.open(), opener: Mailbox().opener)
        #expect(await checkout.receive(try #require(URL(string: base + "?invoiceNumber=INV-7"))) == .openSale(invoiceNumber: "INV-7"))
    }

    static let unsendable: [(sale: Sale, code: String, message: String)] = [
        (Sale(invoiceNumber: "INV-7", amount: 0, currency: .usd), "invalid-parameter", "the parameter 'amount' is 0; the minimum is 0.01"),
        (
            Sale(invoiceNumber: "INV 7", amount: 5, currency: .usd), "invalid-parameter",
            "the parameter 'invoiceNumber' does not match the pattern [A-Za-z0-9-]+"
        ),
        (
            Sale(invoiceNumber: "INV-7", amount: Decimal(string: "10000.01")!, currency: .gbp), "invalid-parameter",
            "the parameter 'amount' is 10000.01; the maximum is 10000"
        ),
    ]

    @Test("the point of sale sends no request the terminal would refuse, and keeps nothing pending", arguments: unsendable)
    func thePointOfSaleSendsNothingInvalid(_ sale: Sale, _ code: String, _ message: String) async throws {
        let ledger = TemporaryLedger()
        defer { ledger.remove() }
        let toTerminal = Mailbox()
        let checkout = try Checkout(ledger: ledger.open(), opener: toTerminal.opener)
        let outcome = await checkout.charge(sale, returningBy: .universalLink)
        guard case .failed(let problem) = outcome else {
            Issue.record("the charge ended \(outcome)")
            return
        }
        #expect(problem.code == code)
        #expect(problem.message == message)
        #expect(await toTerminal.count == 0)
        #expect(try await checkout.awaitingAnswer().isEmpty)
    }

    @Test("without the terminal installed, the charge fails at once and nothing stays pending")
    func noTerminalInstalled() async throws {
        let ledger = TemporaryLedger()
        defer { ledger.remove() }
        let checkout = try Checkout(ledger: ledger.open(), opener: Mailbox(isInstalled: false).opener)
        let outcome = await checkout.charge(SampleRoundTripTests.sale, returningBy: .customScheme)
        guard case .failed(let problem) = outcome else {
            Issue.record("the charge ended \(outcome)")
            return
        }
        #expect(problem.code == "open-failure")
        #expect(problem.message.hasPrefix("no app opened com-example-roundtrip-terminal://charge?amount=12.5&"), "\(problem.message)")
        #expect(try await checkout.awaitingAnswer().isEmpty)
    }
}
