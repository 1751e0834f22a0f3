import Crypto
import Foundation

/// Reads HMAC secrets from environment variables (the UTF-8 bytes of the value are the secret)
/// and takes Ed25519 public keys from the spec.
public struct EnvironmentKeyResolver: KeyResolver {
    /// The environment to read, or `nil` for the process environment as it is when a key is
    /// resolved (read only then: an endpoint whose spec has no `secret-env` key never copies it,
    /// which keeps it out of the launch path).
    public let environment: [String: String]?

    /// Creates a resolver.
    ///
    /// - Parameter environment: The variables to read `secret-env` keys from; `nil` (the
    ///   default) reads the process environment.
    public init(environment: [String: String]? = nil) {
        self.environment = environment
    }

    /// Resolves a key: `secret-env` from ``environment``, `public-key` from the spec.
    ///
    /// - Parameter description: The key as the spec describes it.
    /// - Returns: The key material.
    /// - Throws: ``RoundtripError`` `bad-signature` when the variable is unset or empty, the key is in the
    ///   Keychain (which this resolver cannot read), or the public key is not a valid Ed25519 key.
    public func verificationKey(for description: SigningKeyDescription) throws(RoundtripError) -> VerificationKey {
        switch description.material {
        case .secretEnvironment(let variable):
            let secret = environment.map { $0[variable] } ?? ProcessInfo.processInfo.environment[variable]
            guard let secret, !secret.isEmpty else {
                throw RoundtripError(
                    .badSignature,
                    "the secret of key '\(description.id)' is unavailable: \(Self.absence(of: variable, value: secret))"
                )
            }
            return .hmacSHA256(SymmetricKey(data: Data(secret.utf8)))
        case .keychain(let account):
            throw RoundtripError(
                .badSignature,
                "the key '\(description.id)' is in the Keychain (account '\(account)'); supply a KeyResolver that reads it"
            )
        case .publicKey(let bytes):
            do {
                return .ed25519(try Curve25519.Signing.PublicKey(rawRepresentation: bytes))
            } catch {
                throw RoundtripError(.badSignature, "the public key of '\(description.id)' is not a valid Ed25519 key")
            }
        }
    }

    /// Reads a `secret` parameter's value from ``environment`` (or the process environment).
    ///
    /// - Throws: ``RoundtripError`` `unauthorized` when the parameter names no variable or the
    ///   variable is unset or empty.
    public func parameterSecret(for parameter: ParameterSpec) throws(RoundtripError) -> [UInt8] {
        try Self.parameterSecret(for: parameter, in: environment ?? ProcessInfo.processInfo.environment)
    }

    /// The secret of `parameter` in `environment`.
    static func parameterSecret(for parameter: ParameterSpec, in environment: [String: String]) throws(RoundtripError) -> [UInt8] {
        guard let variable = parameter.secretEnvironment else {
            throw RoundtripError(
                .unauthorized,
                "the secret parameter '\(parameter.name)' has no 'secret-env', and the key resolver supplies none",
                parameter: parameter.name
            )
        }
        guard let secret = environment[variable], !secret.isEmpty else {
            throw RoundtripError(
                .unauthorized,
                "the secret for '\(parameter.name)' is unavailable: \(absence(of: variable, value: environment[variable]))",
                parameter: parameter.name
            )
        }
        return Array(secret.utf8)
    }

    /// Why a variable holds no secret: unset, or set to the empty string (`NAME=`), which is
    /// never a secret.
    static func absence(of variable: String, value: String?) -> String {
        value == nil ? "the environment variable \(variable) is not set" : "the environment variable \(variable) is set but empty"
    }
}
