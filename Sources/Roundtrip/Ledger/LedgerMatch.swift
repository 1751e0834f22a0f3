/// The pending request a callback answers, found by its callback base and nonce.
public struct LedgerMatch: Sendable, Hashable {
    /// The pending request.
    public let request: PendingRequest
    /// The outcome key of the callback URL it arrived on (`success`, `error`, `cancel`, `return`).
    public let callbackKey: String
}
