#if canImport(SwiftUI) && (canImport(UIKit) || canImport(AppKit))
import Combine
import Foundation
import Roundtrip
import SwiftUI

/// The point of sale's state for SwiftUI: the sales of this session and how each charge stands.
/// Everything Roundtrip does happens in ``Checkout``; this class only keeps what the screen shows.
///
/// An `ObservableObject`, not `@Observable`, because the app runs on iOS 16, which has no
/// Observation framework.
@MainActor
final class CheckoutStore: ObservableObject {
    /// A sale and how its charge stands.
    struct Entry: Identifiable, Hashable {
        /// The sale.
        let sale: Sale
        /// `nil` while the terminal has not answered.
        var outcome: ChargeOutcome?
        /// The sale's invoice number.
        var id: String { sale.id }
    }

    /// The sales, newest first.
    @Published private(set) var entries: [Entry] = []
    /// The last problem to show: a refused URL, or a ledger that could not be opened.
    @Published private(set) var notice: String?
    /// The sale a link asked to show.
    @Published var highlighted: String?
    /// Where the terminal's answers come back; the custom scheme on a simulator without
    /// pos.example.com's association file.
    @Published var returnRoute: ReturnRoute = .universalLink

    private let checkout: Checkout?

    /// Creates a store over a checkout, or over none with the reason it could not be made.
    init(checkout: Checkout?, notice: String? = nil) {
        self.checkout = checkout
        self.notice = notice
    }

    /// The app's store: the ledger in Application Support, sealed with the Keychain's key.
    ///
    /// - Parameter opener: Opens the terminal's requests.
    static func live(opener: any URLOpener) -> CheckoutStore {
        do {
            let support = try FileManager.default.url(for: .applicationSupportDirectory, in: .userDomainMask, appropriateFor: nil, create: true)
            let folder = support.appendingPathComponent("RoundtripLedger", isDirectory: true)
            let ledger = FileLedgerStore(directory: folder.path, keyData: try LedgerKey.load())
            return CheckoutStore(checkout: try Checkout(ledger: ledger, opener: opener))
        } catch {
            let problem = Problem(error)
            return CheckoutStore(checkout: nil, notice: "The ledger cannot be used: \(problem.message) [\(problem.code)]")
        }
    }

    /// Starts a sale and asks the terminal to charge it; the entry settles when the answer comes.
    func charge(amount: Decimal, currency: CardTerminalClient.ChargeCurrency) {
        guard let checkout else { return }
        // Unique enough across launches, and within the spec's pattern and length.
        let sale = Sale(invoiceNumber: "INV-" + UUID().uuidString.prefix(8), amount: amount, currency: currency)
        entries.insert(Entry(sale: sale), at: 0)
        let route = returnRoute
        Task {
            settle(sale, await checkout.charge(sale, returningBy: route))
        }
    }

    /// Hands a URL the system delivered to the checkout.
    func receive(_ url: URL) async {
        guard let checkout else { return }
        switch await checkout.receive(url) {
        case .answer(let sale, let outcome):
            settle(sale, outcome)
        case .openSale(let invoiceNumber):
            highlighted = invoiceNumber
            if !entries.contains(where: { $0.id == invoiceNumber }) {
                notice = "No sale \(invoiceNumber) on this device."
            }
        case .refused(let problem):
            notice = "Refused \(url.absoluteString): \(problem.message) [\(problem.code)]"
        }
    }

    /// After a launch: the sales whose answer may still come (iOS killed the app while the
    /// terminal was open).
    func restore() async {
        guard let checkout else { return }
        do {
            for sale in try await checkout.awaitingAnswer() where !entries.contains(where: { $0.id == sale.id }) {
                entries.append(Entry(sale: sale))
            }
        } catch {
            let problem = Problem(error)
            notice = "The ledger cannot be read: \(problem.message) [\(problem.code)]"
        }
    }

    /// Back in the foreground: charges that expired unanswered stop waiting.
    func becameActive() async {
        await checkout?.expireOverdue()
    }

    /// Records how a sale's charge ended. The waiting `charge` and `receive` may both report the
    /// same answer; the second changes nothing.
    private func settle(_ sale: Sale, _ outcome: ChargeOutcome) {
        if let index = entries.firstIndex(where: { $0.id == sale.id }) {
            entries[index].outcome = outcome
        } else {
            entries.insert(Entry(sale: sale, outcome: outcome), at: 0)
        }
    }
}
#endif
