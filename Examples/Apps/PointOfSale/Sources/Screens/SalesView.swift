#if canImport(SwiftUI) && (canImport(UIKit) || canImport(AppKit))
import SwiftUI

/// The point of sale's one screen: a new sale to charge, and the sales so far.
@MainActor
struct SalesView: View {
    @ObservedObject var store: CheckoutStore
    @State private var amount: Decimal = 12.5
    @State private var currency: CardTerminalClient.ChargeCurrency = .usd

    var body: some View {
        NavigationStack {
            Form {
                Section("New sale") {
                    amountField
                    Picker("Currency", selection: $currency) {
                        ForEach(CardTerminalClient.ChargeCurrency.allCases, id: \.self) { currency in
                            Text(currency.rawValue).tag(currency)
                        }
                    }
                    Picker("Come back over", selection: $store.returnRoute) {
                        ForEach(ReturnRoute.allCases) { route in
                            Text(route == .universalLink ? "Universal link" : "Custom scheme").tag(route)
                        }
                    }
                    Button("Charge on the terminal") {
                        store.charge(amount: amount, currency: currency)
                    }
                }
                if let notice = store.notice {
                    Section("Last problem") {
                        Text(notice)
                    }
                }
                Section("Sales") {
                    ForEach(store.entries) { entry in
                        row(entry)
                    }
                }
            }
            .navigationTitle("Point of Sale")
        }
    }

    private var amountField: some View {
        #if os(iOS)
        TextField("Amount", value: $amount, format: .number).keyboardType(.decimalPad)
        #else
        TextField("Amount", value: $amount, format: .number)
        #endif
    }

    private func row(_ entry: CheckoutStore.Entry) -> some View {
        VStack(alignment: .leading) {
            Text("\(entry.sale.invoiceNumber): \(entry.sale.amount.formatted(.number)) \(entry.sale.currency.rawValue)")
                .fontWeight(entry.id == store.highlighted ? .bold : .regular)
            Text(entry.outcome?.summary ?? "Waiting for the terminal…")
                .font(.footnote)
        }
    }
}
#endif
