import Foundation
import Roundtrip

/// The card terminal's side of the round trip, without any UI, so it compiles and is tested on
/// every platform: it decides each incoming URL with the generated receiver and answers a charge
/// by opening the point of sale's return URL with the outcome.
///
/// ```swift
/// let terminal = try Terminal(opener: ApplicationURLOpener())
/// if case .charge(let charge) = terminal.review(url) {
///     // the customer presents a card…
///     await terminal.answer(charge, with: .approve)
/// }
/// ```
struct Terminal: Sendable {
    /// What an incoming URL turned out to be.
    enum Review: Sendable {
        /// A valid charge request, typed by the generated receiver: amount, currency, invoice
        /// number and the checked return URL.
        case charge(CardTerminalReceiver.Charge)
        /// Refused by the spec: a wrong amount or currency, an unknown or missing parameter, a
        /// return URL the spec does not allow. It is never answered, because its return URL
        /// cannot be trusted.
        case refused(RoundtripError)
    }

    /// What the clerk decided on the terminal.
    enum Decision: String, Sendable, CaseIterable, Identifiable {
        /// The card was read and the payment approved.
        case approve
        /// The card was declined.
        case decline
        /// The customer or the clerk gave up.
        case cancel

        /// The raw value identifies the decision.
        var id: String { rawValue }
    }

    /// How answering went.
    enum Delivery: Sendable, Hashable {
        /// The point of sale's return URL was opened with the answer.
        case returned(URL)
        /// The answer was built, but no app opened it.
        case notOpened(URL)
        /// The answer could not be built.
        case unanswerable(RoundtripError)
    }

    private let endpoint: Endpoint
    private let opener: any URLOpener
    private let transactionID: @Sendable () -> String

    /// Creates the terminal.
    ///
    /// - Parameters:
    ///   - opener: Opens the return URL (`ApplicationURLOpener` in the app).
    ///   - transactionID: Makes the reference of an approved payment; a random one by default.
    /// - Throws: `RoundtripError` when the compiled spec is inconsistent (two actions on one
    ///   route), which regenerating from a linted spec rules out.
    init(opener: any URLOpener, transactionID: @escaping @Sendable () -> String = { Terminal.randomTransactionID() }) throws(RoundtripError) {
        endpoint = try CardTerminalReceiver.endpoint()
        self.opener = opener
        self.transactionID = transactionID
    }

    /// Decides an incoming URL against the terminal's spec.
    ///
    /// SwiftUI never says which app opened the URL, so there is no source application; the spec's
    /// `sources` policy leaves unknown callers allowed.
    ///
    /// - Parameter url: The URL exactly as received.
    /// - Returns: The typed charge, or why it was refused.
    func review(_ url: URL) -> Review {
        do throws(RoundtripError) {
            switch try CardTerminalReceiver.Request(try endpoint.evaluate(url.absoluteString)) {
            case .charge(let charge):
                return .charge(charge)
            }
        } catch {
            return .refused(error)
        }
    }

    /// Answers a charge and returns to the point of sale.
    ///
    /// An approval carries the new transaction's reference, which the spec's `returns` requires;
    /// `declined` and `cancelled` carry nothing. The return URL is opened without
    /// `universalLinksOnly`: it is the caller's own URL, checked against the spec's `callbacks`.
    ///
    /// - Parameters:
    ///   - charge: The charge to answer.
    ///   - decision: What the clerk decided.
    /// - Returns: How answering went.
    func answer(_ charge: CardTerminalReceiver.Charge, with decision: Decision) async -> Delivery {
        let callback: String
        do throws(RoundtripError) {
            switch decision {
            case .approve:
                callback = try charge.answer(.init(transactionId: transactionID()))
            case .decline:
                callback = try ResponseBuilder.callbackURL(answering: charge.request, action: CardTerminalReceiver.Charge.action, outcome: "declined")
            case .cancel:
                callback = try ResponseBuilder.callbackURL(
                    answering: charge.request,
                    action: CardTerminalReceiver.Charge.action,
                    outcome: "cancelled"
                )
            }
        } catch {
            return .unanswerable(error)
        }
        guard let url = URL(string: callback) else {
            return .unanswerable(RoundtripError(.malformedURL, "the answer '\(callback)' is not a URL Foundation can open"))
        }
        return await opener.open(url, universalLinksOnly: false) ? .returned(url) : .notOpened(url)
    }

    /// Where a charge's answer goes back to, for the screen: a universal link's domain, or a
    /// custom scheme.
    static func returnsTo(_ charge: CardTerminalReceiver.Charge) -> String {
        guard let url = charge.request.callbacks.values.first.flatMap(URL.init(string:)), let scheme = url.scheme else { return "an unknown app" }
        return scheme == "https" ? url.host ?? scheme : scheme
    }

    /// A random payment reference such as `TX-3F2B8C1E9A4D`.
    static func randomTransactionID() -> String {
        "TX-" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(12)
    }
}
