#if canImport(Security) && (canImport(UIKit) || canImport(AppKit))
import Foundation
import Roundtrip
import RoundtripUIKit
import Security

/// The key that seals the ledger file (an HMAC-SHA256 key), kept in the Keychain so an edited or
/// foreign ledger file is refused: made once, on the first launch, and read on every later one.
enum LedgerKey {
    /// The Keychain item's `kSecAttrService`.
    static let service = "com.example.roundtrip.pos"
    /// The Keychain item's `kSecAttrAccount`.
    static let account = "roundtrip-ledger-key"

    /// The key's 32 bytes, made and stored the first time.
    ///
    /// - Throws: `KeychainError` when the Keychain cannot be read or written (for example
    ///   `device-locked` before the first unlock after a restart).
    static func load() throws -> Data {
        do throws(KeychainError) {
            return try KeychainKeyResolver(service: service).secret(account: account)
        } catch let error where error.code == .notFound {
            return try create()
        }
    }

    /// Makes a random key and stores it. It is readable after the first unlock (Apple's Security
    /// reference, "kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly"), like the ledger file
    /// itself, so an answer that arrives while the device is locked can still be checked; and it
    /// never leaves the device, because a restored ledger starts empty anyway.
    private static func create() throws -> Data {
        var bytes = [UInt8](repeating: 0, count: 32)
        let random = SecRandomCopyBytes(kSecRandomDefault, bytes.count, &bytes)
        guard random == errSecSuccess else { throw failure(random) }
        let key = Data(bytes)
        let item: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: account,
            kSecUseDataProtectionKeychain as String: true,
            kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly,
            kSecValueData as String: key,
        ]
        let status = SecItemAdd(item as CFDictionary, nil)
        guard status == errSecSuccess else { throw failure(status) }
        return key
    }

    private static func failure(_ status: OSStatus) -> KeychainError {
        KeychainError(status: status, service: service, account: account, systemMessage: SecCopyErrorMessageString(status, nil) as String?)
    }
}
#endif
