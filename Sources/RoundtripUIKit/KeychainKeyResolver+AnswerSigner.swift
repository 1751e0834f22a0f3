#if canImport(Security) && (canImport(UIKit) || canImport(AppKit))
import Foundation
import Roundtrip

extension KeychainKeyResolver {
    /// The signer of a receiving app's answers (its spec's `answers.key`), with the key material
    /// read from the Keychain: for `ed25519` the raw 32-byte private key, for `hmac-sha256` the
    /// pairing's secret. Give it to `Receiver(endpoint:opener:replayGuard:clock:answerSigner:)`.
    ///
    /// ```swift
    /// let keychain = KeychainKeyResolver(service: "com.example.terminal")
    /// let signer = try keychain.answerSigner(for: spec.key(id: "terminal-2026")!, account: "answers-private-key")
    /// let receiver = Receiver(endpoint: endpoint, opener: ApplicationURLOpener(), answerSigner: signer)
    /// ```
    ///
    /// - Parameters:
    ///   - key: The answer key as the app's own spec describes it.
    ///   - account: The `kSecAttrAccount` of the item that holds the private key or secret.
    /// - Returns: The signer.
    /// - Throws: ``RoundtripError`` `bad-signature` when the item cannot be read (the
    ///   ``KeychainError`` message) or does not hold a usable key.
    public func answerSigner(for key: SigningKeyDescription, account: String) throws(RoundtripError) -> RequestSigner {
        try RequestSigner(keyID: key.id, algorithm: key.algorithm, bytes: Array(try secret(account: account, keyID: key.id)))
    }
}
#endif
