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
