#if canImport(Security) && (canImport(UIKit) || canImport(AppKit))
import Crypto
import Foundation
import Roundtrip
import Security

/// Resolves a spec's `keychain` keys: HMAC secrets stored as generic-password items.
///
/// A key `{algorithm: hmac-sha256, keychain: ACCOUNT}` is read from the item with
/// `kSecAttrService` = ``service`` and `kSecAttrAccount` = `ACCOUNT`; its data is the secret.
/// Items synchronised through iCloud Keychain are found too. Other keys resolve as
/// ``EnvironmentKeyResolver`` resolves them.
///
/// Each Keychain status is reported for what it is, as a ``KeychainError``: the device is locked,
/// the app lacks the entitlement, the item does not exist, or another status with the system's
/// text for it.
public struct KeychainKeyResolver: KeyResolver {
    /// The Keychain service the items are stored under.
    public let service: String
    private let fallback: EnvironmentKeyResolver

    /// Creates a resolver.
    ///
    /// - Parameter service: The `kSecAttrService` of the items, for example your bundle ID.
    public init(service: String) {
        self.service = service
        fallback = EnvironmentKeyResolver()
    }

    /// Resolves a key: `keychain` keys from the Keychain, the others from the environment or the spec.
    ///
    /// - Parameter description: The key as the spec describes it.
    /// - Returns: The key material.
    /// - Throws: ``RoundtripError`` `bad-signature` whose message says why the key is unavailable
    ///   (for a Keychain key, the ``KeychainError`` message).
    public func verificationKey(for description: SigningKeyDescription) throws(RoundtripError) -> VerificationKey {
        guard case .keychain(let account) = description.material else {
            return try fallback.verificationKey(for: description)
        }
        do {
            return .hmacSHA256(SymmetricKey(data: try secret(account: account)))
        } catch {
            throw RoundtripError(.badSignature, "the secret of key '\(description.id)' is unavailable: \(error.message)")
        }
    }

    /// The secret of a Keychain item, for signing on the calling side too:
    /// `RequestSigner(keyID:algorithm:bytes:)`.
    ///
    /// The query (Apple's Security reference, "SecItemCopyMatching(_:_:)") asks for one
    /// generic-password item's data with:
    /// - `kSecAttrSynchronizable: kSecAttrSynchronizableAny` (iOS 7+, macOS 10.9+), so an item
    ///   synchronised through iCloud Keychain is found as well as a local one; without it only
    ///   local items are returned ("kSecAttrSynchronizable").
    /// - `kSecUseDataProtectionKeychain: true` (iOS 13+, macOS 10.15+), so macOS searches the
    ///   same data protection keychain as iOS; other platforms ignore it
    ///   ("kSecUseDataProtectionKeychain", and TN3137 "On Mac keychain APIs and implementations").
    ///
    /// - Parameter account: The item's `kSecAttrAccount`.
    /// - Returns: The item's data.
    /// - Throws: ``KeychainError``: `device-locked` (`errSecInteractionNotAllowed`),
    ///   `missing-entitlement` (`errSecMissingEntitlement`), `not-found` (`errSecItemNotFound`),
    ///   `empty-item`, or `keychain-failed` with the `OSStatus` and `SecCopyErrorMessageString`'s
    ///   text (iOS 11.3+, macOS 10.3+).
    public func secret(account: String) throws(KeychainError) -> Data {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: account,
            kSecAttrSynchronizable as String: kSecAttrSynchronizableAny,
            kSecUseDataProtectionKeychain as String: true,
            kSecReturnData as String: true,
            kSecMatchLimit as String: kSecMatchLimitOne,
        ]
        var result: CFTypeRef?
        let status = SecItemCopyMatching(query as CFDictionary, &result)
        guard status == errSecSuccess else {
            throw KeychainError(status: status, service: service, account: account, systemMessage: SecCopyErrorMessageString(status, nil) as String?)
        }
        guard let data = result as? Data, !data.isEmpty else {
            throw KeychainError(status: errSecSuccess, service: service, account: account)
        }
        return data
    }

    /// The secret of a Keychain item, reported as ``RoundtripError``.
    ///
    /// - Parameters:
    ///   - account: The item's `kSecAttrAccount`.
    ///   - keyID: The key id the secret belongs to, for the message.
    /// - Returns: The item's data.
    /// - Throws: ``RoundtripError`` `bad-signature` with the ``KeychainError`` message.
    public func secret(account: String, keyID: String) throws(RoundtripError) -> Data {
        do {
            return try secret(account: account)
        } catch {
            throw RoundtripError(.badSignature, "the secret of key '\(keyID)' is unavailable: \(error.message)")
        }
    }
}
#endif
