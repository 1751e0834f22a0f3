import Crypto
import Foundation

/// Key material that signs requests, on the calling side.
///
/// Like ``VerificationKey``, the key is held as its raw bytes (`Sendable` on every platform) and
/// the CryptoKit key is made when a request is signed.
public struct SigningKey: Sendable {
    /// The raw bytes, by algorithm.
    enum Material: Sendable, Hashable {
        /// The shared HMAC secret.
        case hmacSHA256([UInt8])
        /// The raw 32-byte Ed25519 private key, and its public key.
        case ed25519(privateKey: [UInt8], publicKey: [UInt8])
    }

    let material: Material

    /// The algorithm this key signs with.
    public var algorithm: SignatureAlgorithm {
        switch material {
        case .hmacSHA256: .hmacSHA256
        case .ed25519: .ed25519
        }
    }

    /// A shared HMAC-SHA256 secret.
    ///
    /// - Parameter key: The secret.
    /// - Returns: The key, holding a copy of the secret's bytes.
    public static func hmacSHA256(_ key: SymmetricKey) -> SigningKey {
        SigningKey(material: .hmacSHA256(key.withUnsafeBytes { Array($0) }))
    }

    /// An Ed25519 private key.
    ///
    /// - Parameter key: The private key.
    /// - Returns: The key, holding the raw bytes of the private key and of its public key.
    public static func ed25519(_ key: Curve25519.Signing.PrivateKey) -> SigningKey {
        SigningKey(material: .ed25519(privateKey: Array(key.rawRepresentation), publicKey: Array(key.publicKey.rawRepresentation)))
    }

    /// The raw 32-byte Ed25519 public key, which a spec's `keys:` entry publishes as
    /// `public-key` (base64); `nil` for an HMAC secret, which has no public half.
    public var publicKey: [UInt8]? {
        if case .ed25519(_, let publicKey) = material { return publicKey }
        return nil
    }

    /// The key that verifies what this key signs.
    public var verificationKey: VerificationKey {
        switch material {
        case .hmacSHA256(let secret): VerificationKey(material: .hmacSHA256(secret))
        case .ed25519(_, let publicKey): VerificationKey(material: .ed25519(publicKey))
        }
    }

    /// The signature of `message`: an HMAC-SHA256 code or an Ed25519 signature.
    ///
    /// - Throws: ``RoundtripError`` `bad-signature` when Ed25519 signing fails.
    func signature(for message: [UInt8]) throws(RoundtripError) -> [UInt8] {
        switch material {
        case .hmacSHA256(let secret):
            return Array(HMAC<SHA256>.authenticationCode(for: message, using: SymmetricKey(data: secret)))
        case .ed25519(let raw, _):
            do {
                return Array(try Curve25519.Signing.PrivateKey(rawRepresentation: raw).signature(for: message))
            } catch {
                throw RoundtripError(.badSignature, "Ed25519 signing failed: \(error)")
            }
        }
    }
}
