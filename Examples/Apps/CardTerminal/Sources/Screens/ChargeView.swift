#if canImport(SwiftUI) && (canImport(UIKit) || canImport(AppKit))
import SwiftUI

/// The terminal's one screen: the charge to answer, or a refused request, and the log.
@MainActor
struct ChargeView: View {
    @ObservedObject var store: TerminalStore

    var body: some View {
        NavigationStack {
            List {
                switch store.screen {
                case .idle:
                    Section {
                        Text("Waiting for a charge from the point of sale.")
                    }
                case .charge(let charge):
                    Section("Charge \(charge.invoiceNumber)") {
                        Text(charge.amount, format: .currency(code: charge.currency.rawValue))
                            .font(.largeTitle)
                        Text("Returns to \(Terminal.returnsTo(charge))")
                            .font(.footnote)
                        ForEach(Terminal.Decision.allCases) { decision in
                            Button(title(decision)) {
                                Task { await store.decide(decision) }
                            }
                        }
                    }
                case .refused(let error):
                    Section("Refused request") {
                        Text(error.message)
                        Text(error.codeName).font(.footnote)
                        Button("Dismiss") { store.dismiss() }
                    }
                }
                Section("Log") {
                    ForEach(Array(store.log.enumerated()), id: \.offset) { _, line in
                        Text(line).font(.footnote)
                    }
                }
            }
            .navigationTitle("Card Terminal")
        }
    }

    private func title(_ decision: Terminal.Decision) -> String {
        switch decision {
        case .approve: "Approve (card presented)"
        case .decline: "Decline"
        case .cancel: "Cancel"
        }
    }
}
#endif
