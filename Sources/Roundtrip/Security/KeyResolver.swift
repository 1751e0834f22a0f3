import Crypto
import Foundation

/// Key material that verifies request signatures.
public enum VerificationKey: Sendable {
    /// A shared HMAC-SHA256 secret.
    case hmacSHA256(SymmetricKey)
    /// An Ed25519 public key.
    case ed25519(Curve25519.Signing.PublicKey)
}

/// Key material that signs requests, on the calling side.
public enum SigningKey: Sendable {
    /// A shared HMAC-SHA256 secret.
    case hmacSHA256(SymmetricKey)
    /// An Ed25519 private key.
    case ed25519(Curve25519.Signing.PrivateKey)

    /// The key that verifies what this key signs.
    public var verificationKey: VerificationKey {
        switch self {
        case .hmacSHA256(let key): .hmacSHA256(key)
        case .ed25519(let key): .ed25519(key.publicKey)
        }
    }
}

/// A key resolved when an endpoint was built, or why it could not be.
enum VerificationKeyResult: Sendable {
    case key(VerificationKey)
    case unavailable(String)
}

/// Turns a spec's key description into key material.
///
/// The default, ``EnvironmentKeyResolver``, reads `secret-env` variables; an iOS app supplies
/// its own resolver for `keychain` keys (the Keychain is an Apple-only API).
public protocol KeyResolver: Sendable {
    /// Resolves one key.
    ///
    /// - Throws: ``RoundtripError`` `bad-signature` saying why the key is unavailable.
    func verificationKey(for description: SigningKeyDescription) throws(RoundtripError) -> VerificationKey
}

/// Reads HMAC secrets from environment variables (the UTF-8 bytes of the value are the secret)
/// and takes Ed25519 public keys from the spec.
public struct EnvironmentKeyResolver: KeyResolver {
    /// The environment to read; the process environment by default.
    public let environment: [String: String]

    /// Creates a resolver.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.environment = environment
    }

    public func verificationKey(for description: SigningKeyDescription) throws(RoundtripError) -> VerificationKey {
        switch description.material {
        case .secretEnvironment(let variable):
            guard let secret = environment[variable], !secret.isEmpty else {
                throw RoundtripError(.badSignature, "the secret of key '\(description.id)' is unavailable: the environment variable \(variable) is not set")
            }
            return .hmacSHA256(SymmetricKey(data: Data(secret.utf8)))
        case .keychain(let account):
            throw RoundtripError(.badSignature, "the key '\(description.id)' is in the Keychain (account '\(account)'); supply a KeyResolver that reads it")
        case .publicKey(let bytes):
            do {
                return .ed25519(try Curve25519.Signing.PublicKey(rawRepresentation: bytes))
            } catch {
                throw RoundtripError(.badSignature, "the public key of '\(description.id)' is not a valid Ed25519 key")
            }
        }
    }
}
