import Foundation

/// A sale the point of sale asks the card terminal to charge.
///
/// It is also the continuation of the charge: the ledger keeps it with the pending request and
/// gives it back with the answer, so an answer that arrives after iOS killed the app still says
/// which sale it settles.
struct Sale: Sendable, Hashable, Codable, Identifiable {
    /// The invoice number, unique per sale (`INV-0042`).
    let invoiceNumber: String
    /// The amount to charge.
    let amount: Decimal
    /// The currency of the amount.
    let currency: CardTerminalClient.ChargeCurrency

    /// The invoice number identifies the sale.
    var id: String { invoiceNumber }
}

// The generated enum is RawRepresentable with String raw values, so Codable comes for free.
extension CardTerminalClient.ChargeCurrency: Codable {}
