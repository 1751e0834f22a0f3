import Crypto
import Foundation

/// Request signatures: `…&rt-kid=K&rt-ts=T&rt-id=I&rt-sig=S`, where `S` is base64url (no padding)
/// of HMAC-SHA256 or Ed25519 over the exact bytes of the URL before `&rt-sig=`.
///
/// Signing the exact text (not a re-encoded canonical form) means the receiver verifies the bytes
/// it received, with no canonicalisation step for an attacker to confuse.
public enum RequestSignature {
    /// Appends the signature parameters to a request URL.
    ///
    /// - Parameters:
    ///   - url: The request URL, with a query or without.
    ///   - keyID: The key id the receiver knows the key by.
    ///   - key: The signing key.
    ///   - timestamp: Unix seconds.
    ///   - requestID: A unique id; by default 128 random bits.
    /// - Returns: The signed URL.
    /// - Throws: ``RoundtripError`` `malformed-url` when the URL has a fragment (the signature must
    ///   be the last thing in the URL) or already has `rt-` signature parameters.
    public static func sign(
        _ url: String,
        keyID: String,
        key: SigningKey,
        timestamp: Int64,
        requestID: String = Nonce.make()
    ) throws(RoundtripError) -> String {
        let split = try URLSplit(url)
        guard split.fragment == nil else {
            throw RoundtripError(.malformedURL, "a signed request cannot have a fragment: rt-sig must be the last thing in the URL")
        }
        if let query = split.query, let items = try? QueryCodec.decode(query, allowDuplicates: true),
            let reserved = items.first(where: { ReservedNames.isReserved($0.name) })
        {
            throw RoundtripError(.reservedParameter, "the URL already has the reserved parameter '\(reserved.name)'", parameter: reserved.name)
        }
        var signed = url
        signed += split.query == nil ? "?" : (split.query!.isEmpty ? "" : "&")
        signed += QueryCodec.encode([
            QueryItem(name: ReservedNames.keyID, value: keyID),
            QueryItem(name: ReservedNames.timestamp, value: String(timestamp)),
            QueryItem(name: ReservedNames.requestID, value: requestID),
        ])
        let signature = try key.signature(for: Array(signed.utf8))
        return signed + "&" + ReservedNames.signature + "=" + Base64URL.encode(signature)
    }

    /// Checks a signature over `message` (constant time for HMAC).
    static func isValid(_ signature: [UInt8], over message: Substring, key: VerificationKey) -> Bool {
        key.isValidSignature(signature, for: Array(message.utf8))
    }
}
