/// A request ready to open: its URL and, when it expects an answer, the ledger entry to record.
public struct OutgoingRequest: Sendable, Hashable {
    /// The request URL, encoded with Roundtrip's strict encoder (and signed, when a signer was given).
    public let url: String
    /// The entry to record before opening, or `nil` when no answer is expected (no callback).
    public let pending: PendingRequest?
    /// Whether the request is a universal link (https), which should open only in an app.
    public let isUniversalLink: Bool
}
