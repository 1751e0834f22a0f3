import Crypto

/// Signs outgoing requests with a key the partner knows (its spec's `keys:`).
///
/// The signature format: `…&rt-kid=K&rt-ts=T&rt-id=I&rt-sig=S`, `rt-sig` last, over the
/// exact bytes before `&rt-sig=`. See ``RequestSignature``.
public struct RequestSigner: Sendable {
    /// The key id the partner knows the key by (`rt-kid`).
    public let keyID: String
    /// The signing key.
    public let key: SigningKey

    /// Creates a signer.
    ///
    /// - Parameters:
    ///   - keyID: The key id in the partner's spec.
    ///   - key: The HMAC secret or Ed25519 private key.
    public init(keyID: String, key: SigningKey) {
        self.keyID = keyID
        self.key = key
    }
}

extension RequestSigner {
    /// Creates a signer from raw key bytes, for the algorithm the partner's spec names.
    ///
    /// - Parameters:
    ///   - keyID: The key id in the partner's spec.
    ///   - algorithm: `hmac-sha256` (the bytes are the shared secret) or `ed25519` (the bytes are
    ///     the raw 32-byte private key).
    ///   - bytes: The key material.
    /// - Throws: ``RoundtripError`` `bad-signature` for an empty secret or an invalid Ed25519 key.
    public init(keyID: String, algorithm: SignatureAlgorithm, bytes: [UInt8]) throws(RoundtripError) {
        switch algorithm {
        case .hmacSHA256:
            guard !bytes.isEmpty else {
                throw RoundtripError(.badSignature, "the secret of key '\(keyID)' is empty")
            }
            self.init(keyID: keyID, key: .hmacSHA256(SymmetricKey(data: bytes)))
        case .ed25519:
            do {
                self.init(keyID: keyID, key: .ed25519(try Curve25519.Signing.PrivateKey(rawRepresentation: bytes)))
            } catch {
                throw RoundtripError(.badSignature, "the private key of '\(keyID)' is not a raw 32-byte Ed25519 key")
            }
        }
    }
}
