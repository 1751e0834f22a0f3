/// Whether a partner signs its answers, and with which key (`answers:` in its spec).
///
/// A request signature proves who asked and `rt-state` proves which request an answer belongs
/// to, but neither proves who answered: an app that registers the partner's custom scheme
/// first receives the request, `rt-state` included, and can open the callback with an
/// approval of its own. A partner that signs its answers lets the caller tell its genuine
/// answer from such a forgery.
///
/// ```yaml
/// answers:
///   signatures: required   # off (default) | optional | required
///   key: terminal-2026     # a key of `keys:`, normally ed25519 (the caller holds the public key)
/// ```
public struct AnswerPolicy: Sendable, Hashable {
    /// Whether answers are signed: `off` (never checked), `optional` (checked when present),
    /// `required` (an unsigned answer is refused with `missing-signature`).
    public var signatures: SignatureRequirement
    /// The id of the key in the spec's `keys:` that signs answers; `nil` only when
    /// ``signatures`` is `off`.
    public var keyID: String?

    /// Creates a policy.
    ///
    /// - Parameters:
    ///   - signatures: Whether answers are signed.
    ///   - keyID: The key of `keys:` that signs them.
    public init(signatures: SignatureRequirement = .off, keyID: String? = nil) {
        self.signatures = signatures
        self.keyID = keyID
    }

    /// Answers are not signed (the default).
    public static let off = AnswerPolicy()
}
