import Foundation

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

    /// The expected value of a `secret` parameter (an access token such as Things' `auth-token`).
    ///
    /// The default implementation reads the environment variable the parameter's `secret-env`
    /// names from the process environment; an app that keeps the token in the Keychain supplies
    /// its own.
    ///
    /// - Throws: ``RoundtripError`` `unauthorized` saying why the secret is unavailable.
    func parameterSecret(for parameter: ParameterSpec) throws(RoundtripError) -> [UInt8]
}

extension KeyResolver {
    /// Reads the parameter's `secret-env` variable from the process environment.
    public func parameterSecret(for parameter: ParameterSpec) throws(RoundtripError) -> [UInt8] {
        try EnvironmentKeyResolver.parameterSecret(for: parameter, in: ProcessInfo.processInfo.environment)
    }
}
