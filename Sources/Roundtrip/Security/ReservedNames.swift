/// Roundtrip's own parameter names: the `rt-` namespace.
///
/// Actions may not declare `rt-` parameters. The calling app adds `rt-state` to every callback URL;
/// a signed request ends with `rt-kid`, `rt-ts`, `rt-id` and, last, `rt-sig`.
public enum ReservedNames {
    /// The namespace prefix.
    public static let prefix = "rt-"
    /// The pending request's nonce, on every callback URL.
    public static let state = "rt-state"
    /// The signing key's id.
    public static let keyID = "rt-kid"
    /// The signing time, in Unix seconds.
    public static let timestamp = "rt-ts"
    /// A unique request id, accepted once.
    public static let requestID = "rt-id"
    /// The signature; always the last parameter.
    public static let signature = "rt-sig"
    /// The signature parameters in the order they must appear.
    public static let signatureParameters = [keyID, timestamp, requestID, signature]

    /// Whether a name is in the `rt-` namespace.
    public static func isReserved(_ name: String) -> Bool {
        // A first-byte test first: this runs for every parameter of every incoming URL.
        name.utf8.first == UInt8(ascii: "r") && name.hasPrefix(prefix)
    }
}
