import Roundtrip

/// Which of the point of sale's own routes the terminal's answer comes back to: the two routes of
/// its `open-sale` action (point-of-sale.yaml), which the terminal's spec allows as callbacks.
enum ReturnRoute: String, Sendable, CaseIterable, Identifiable {
    /// `https://pos.example.com/roundtrip/sale`: a universal link, which iOS hands only to the app
    /// that pos.example.com's association file names, so no other app can read the answer. It
    /// needs that file to be served (Examples/Apps/README.md).
    case universalLink
    /// `com-example-roundtrip-pos://sale`: works on any simulator, but another app may register
    /// the same scheme and receive the answer instead (it still cannot forge one: the ledger
    /// refuses any answer without the request's `rt-state`).
    case customScheme

    /// The raw value identifies the route.
    var id: String { rawValue }

    /// The base URL: the `open-sale` route of this kind, as the spec writes it.
    var base: String {
        let routes = PointOfSaleReceiver.OpenSale.action.routes
        return (routes.first { $0.isUniversalLink == (self == .universalLink) } ?? routes[0]).text
    }

    /// The callback for a sale: the base with the sale's invoice number, which the answer keeps
    /// (a return-url answer never changes the caller's own query items).
    func callback(for sale: Sale) -> String {
        base + "?" + QueryCodec.encode([QueryItem(name: "invoiceNumber", value: sale.invoiceNumber)])
    }
}
