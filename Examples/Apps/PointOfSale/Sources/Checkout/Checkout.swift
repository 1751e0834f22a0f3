import Foundation
import Roundtrip

/// The point of sale's side of the round trip, without any UI, so it compiles and is tested on
/// every platform: it asks the card terminal to charge a sale through the generated client, keeps
/// the pending charge in the ledger, and reads every URL the system hands the app.
///
/// ```swift
/// let checkout = try Checkout(ledger: FileLedgerStore(directory: folder, keyData: key), opener: ApplicationURLOpener())
/// let outcome = await checkout.charge(sale, returningBy: .universalLink)   // waits for the answer
/// // and, for every URL the app receives (onRoundtripURL):
/// let incoming = await checkout.receive(url)                               // resumes the wait above
/// ```
struct Checkout: Sendable {
    /// What a URL the system handed to the point of sale turned out to be.
    enum Incoming: Sendable, Hashable {
        /// The terminal's answer to a charge: the sale it settles (the continuation the ledger
        /// kept) and how the charge ended.
        case answer(Sale, ChargeOutcome)
        /// A link to a sale (the `open-sale` action, from a receipt).
        case openSale(invoiceNumber: String)
        /// Refused: neither a genuine answer nor a valid link. Nothing was consumed.
        case refused(Problem)
    }

    /// Sends the requests and accepts the answers; its ledger keeps every pending charge.
    let caller: Caller
    private let terminal: CardTerminalClient
    private let endpoint: Endpoint

    /// Creates the checkout.
    ///
    /// - Parameters:
    ///   - ledger: Where pending charges are kept; a `FileLedgerStore` in the app, so an answer
    ///     that arrives after iOS killed the app is still accepted.
    ///   - opener: Opens the terminal's request (`ApplicationURLOpener` in the app).
    /// - Throws: `RoundtripError` when a spec compiled into the generated code is inconsistent
    ///   (two actions on one route), which regenerating from a linted spec rules out.
    init(ledger: any LedgerStore, opener: any URLOpener) throws(RoundtripError) {
        caller = Caller(ledger: ledger, opener: opener)
        terminal = try CardTerminalClient(caller: caller)
        endpoint = try PointOfSaleReceiver.endpoint()
    }

    /// Asks the terminal to charge a sale and waits for its answer.
    ///
    /// The request is checked against the terminal's spec before it is sent (amount, currency,
    /// invoice number, callback), recorded in the ledger with the sale as its continuation, and
    /// opened. The wait ends when ``receive(_:)`` accepts the answer.
    ///
    /// - Parameters:
    ///   - sale: The sale to charge.
    ///   - route: Where the terminal's answer comes back.
    /// - Returns: How the charge ended; `failed` with the reason when there was no answer.
    func charge(_ sale: Sale, returningBy route: ReturnRoute) async -> ChargeOutcome {
        do {
            let result = try await terminal.charge(
                amount: sale.amount,
                currency: sale.currency,
                invoiceNumber: sale.invoiceNumber,
                callback: route.callback(for: sale),
                continuation: try JSONEncoder().encode(sale)
            )
            return ChargeOutcome(result)
        } catch {
            return .failed(Problem(error))
        }
    }

    /// Reads a URL the system handed to the app: the terminal's answer to a charge, or a link to
    /// a sale.
    ///
    /// Both arrive at the `open-sale` routes. An answer carries the `rt-state` of the request it
    /// answers, which no link has (the endpoint refuses `rt-` parameters), so that decides where
    /// the URL goes: to the ledger, which accepts only the genuine answer, once; or to the
    /// generated receiver.
    ///
    /// - Parameter url: The URL exactly as received.
    /// - Returns: What it was.
    func receive(_ url: URL) async -> Incoming {
        if Self.carriesState(url) {
            do {
                let response = try await caller.handleCallback(url)
                // The continuation was written by `charge`; an app version with another Sale
                // layout could not read it, and says so.
                let sale = try response.continuation(as: Sale.self)
                return .answer(sale, ChargeOutcome(try response.result(CardTerminalClient.ChargeReturns.init)))
            } catch {
                return .refused(Problem(error))
            }
        }
        do throws(RoundtripError) {
            switch try PointOfSaleReceiver.Request(try endpoint.evaluate(url.absoluteString)) {
            case .openSale(let link):
                return .openSale(invoiceNumber: link.invoiceNumber)
            }
        } catch {
            return .refused(Problem(error))
        }
    }

    /// The sales whose charge is still waiting for the terminal's answer, from the ledger: after a
    /// relaunch, what may still come back.
    ///
    /// - Throws: `StorageError` when the ledger cannot be read.
    func awaitingAnswer() async throws -> [Sale] {
        try await caller.pendingRequests().compactMap { try? $0.continuation(as: Sale.self) }
    }

    /// Ends the waits of charges whose request expired unanswered (call it when the app comes to
    /// the foreground).
    ///
    /// - Returns: How many waits ended.
    @discardableResult
    func expireOverdue() async -> Int {
        await caller.expireOverdue()
    }

    /// Whether the URL's query carries Roundtrip's `rt-state`.
    private static func carriesState(_ url: URL) -> Bool {
        URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.contains { $0.name == ReservedNames.state } == true
    }
}
