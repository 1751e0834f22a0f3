import Crypto
import Foundation

/// Key material that verifies request signatures.
///
/// The key is held as its raw bytes, which are `Sendable`, and the CryptoKit key is made when a
/// signature is checked. On Apple platforms `import Crypto` re-exports CryptoKit, whose
/// `SymmetricKey` and `Curve25519.Signing.PublicKey` are not `Sendable` in the Xcode 16 SDKs
/// (Apple's CryptoKit reference, "SymmetricKey" and "Curve25519.Signing.PublicKey", declare no
/// `Sendable` conformance), so a `Sendable` value cannot store them.
public struct VerificationKey: Sendable {
    /// The raw bytes, by algorithm.
    enum Material: Sendable, Hashable {
        /// The shared HMAC secret.
        case hmacSHA256([UInt8])
        /// The raw 32-byte Ed25519 public key.
        case ed25519([UInt8])
    }

    let material: Material

    /// The algorithm this key verifies.
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
    public static func hmacSHA256(_ key: SymmetricKey) -> VerificationKey {
        VerificationKey(material: .hmacSHA256(key.withUnsafeBytes { Array($0) }))
    }

    /// An Ed25519 public key.
    ///
    /// - Parameter key: The public key.
    /// - Returns: The key, holding the key's 32 raw bytes.
    public static func ed25519(_ key: Curve25519.Signing.PublicKey) -> VerificationKey {
        VerificationKey(material: .ed25519(Array(key.rawRepresentation)))
    }

    /// Whether `signature` is a valid signature over `message` (constant time for HMAC).
    func isValidSignature(_ signature: [UInt8], for message: [UInt8]) -> Bool {
        switch material {
        case .hmacSHA256(let secret):
            return HMAC<SHA256>.isValidAuthenticationCode(signature, authenticating: message, using: SymmetricKey(data: secret))
        case .ed25519(let raw):
            guard let publicKey = try? Curve25519.Signing.PublicKey(rawRepresentation: raw) else { return false }
            return publicKey.isValidSignature(signature, for: message)
        }
    }
}
