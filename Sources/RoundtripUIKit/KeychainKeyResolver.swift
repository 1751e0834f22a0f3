#if canImport(UIKit) && canImport(Security) && !os(watchOS)
import Crypto
import Foundation
import Roundtrip
import Security

/// Resolves a spec's `keychain` keys: HMAC secrets stored as generic-password items.
///
/// A key `{algorithm: hmac-sha256, keychain: ACCOUNT}` is read from the item with
/// `kSecAttrService` = ``service`` and `kSecAttrAccount` = `ACCOUNT`; its data is the secret.
/// Other keys resolve as ``EnvironmentKeyResolver`` resolves them.
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
    public func verificationKey(for description: SigningKeyDescription) throws(RoundtripError) -> VerificationKey {
        guard case .keychain(let account) = description.material else {
            return try fallback.verificationKey(for: description)
        }
        return .hmacSHA256(SymmetricKey(data: try secret(account: account, keyID: description.id)))
    }

    /// The secret of a Keychain item, for signing on the calling side too:
    /// `RequestSigner(keyID:algorithm:bytes:)`.
    ///
    /// - Throws: ``RoundtripError`` `bad-signature` saying why the item is unavailable.
    public func secret(account: String, keyID: String) throws(RoundtripError) -> Data {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: account,
            kSecReturnData as String: true,
            kSecMatchLimit as String: kSecMatchLimitOne,
        ]
        var result: CFTypeRef?
        let status = SecItemCopyMatching(query as CFDictionary, &result)
        guard status == errSecSuccess, let data = result as? Data, !data.isEmpty else {
            throw RoundtripError(.badSignature, "the secret of key '\(keyID)' is not in the Keychain (service '\(service)', account '\(account)', status \(status))")
        }
        return data
    }
}
#endif
