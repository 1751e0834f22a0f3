/// How the spec's `callbacks` list is matched (`callback-match:`, app or action level).
public enum CallbackMatch: String, Sendable, Hashable, CaseIterable {
    /// An entry is a base, `scheme://host/path`: scheme and host compare ignoring case, the path
    /// exactly, and any query is allowed (the default).
    case base
    /// An entry is a whole callback URL, compared byte for byte: the callback must be the entry
    /// itself, or the entry followed by `?rt-state=<nonce>` and nothing else (the caller's
    /// nonce is the only part that differs between requests), where the nonce is base64url of at
    /// least 16 bytes, as ``Nonce/make(byteCount:)`` makes it and the request builder requires. This is the exact string matching
    /// of redirect URIs that RFC 9700 ("Best Current Practice for OAuth 2.0 Security",
    /// section 4.1.3) requires.
    case exact
}
