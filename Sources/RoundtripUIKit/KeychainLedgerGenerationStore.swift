#if canImport(Security) && (canImport(UIKit) || canImport(AppKit))
import Foundation
import Roundtrip
import Security

/// Keeps a ``FileLedgerStore``'s generation in the Keychain, so that an earlier copy of the
/// ledger file put back in the app's container is refused (`ledger-rollback`).
///
/// ```swift
/// let ledger = FileLedgerStore(
///     directory: ledgerFolder,
///     keyData: ledgerKeyData,
///     generations: KeychainLedgerGenerationStore(service: "com.example.app")
/// )
/// ```
///
/// The generation is a generic-password item (`kSecAttrService` ``service``, `kSecAttrAccount`
/// ``account``) whose data is the number in decimal digits. It is stored:
/// - `kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly` (iOS 4+, macOS 10.9+, tvOS 9+): readable
///   in the background while the device is locked, like the ledger's default data protection
///   class, and never restored to another device, where the ledger starts afresh.
/// - `kSecAttrSynchronizable: false`: never synchronised through iCloud Keychain, where another
///   device's generation would make this device's ledger look rolled back.
/// - `kSecUseDataProtectionKeychain: true` (iOS 13+, macOS 10.15+, tvOS 13+): on macOS, in the
///   data protection keychain, as on iOS (TN3137 "On Mac keychain APIs and implementations"); a
///   Mac app needs a signed app identifier or keychain-access-groups entitlement for it.
///
/// An app and its extensions that share a ledger in an app-group container should share the item
/// too, through a keychain access group both are entitled to (``accessGroup``; Apple's "Sharing
/// access to keychain items among a collection of apps"). Apart, each records the generations it
/// writes, which still never refuses a genuine ledger, but only detects a copy older than its own
/// last write.
///
/// What it does not detect: a device backup restored whole (the ledger and the item come back
/// together), or someone who can also write this app's Keychain items.
public struct KeychainLedgerGenerationStore: LedgerGenerationStore {
    /// The item's `kSecAttrService`, for example your bundle ID.
    public let service: String
    /// The item's `kSecAttrAccount`: one per ledger.
    public let account: String
    /// The keychain access group shared with your extensions, or `nil` for the app's default.
    public let accessGroup: String?

    /// Creates a store.
    ///
    /// - Parameters:
    ///   - service: The item's `kSecAttrService`, for example your bundle ID.
    ///   - account: The item's `kSecAttrAccount`; give each ledger its own.
    ///   - accessGroup: A keychain access group (`kSecAttrAccessGroup`, iOS 3+, macOS 10.9+) to
    ///     share the item with your extensions, or `nil`.
    public init(service: String, account: String = "roundtrip-ledger-generation", accessGroup: String? = nil) {
        self.service = service
        self.account = account
        self.accessGroup = accessGroup
    }

    /// `the Keychain item with service '…' and account '…'`.
    public var location: String { "the Keychain item with service '\(service)' and account '\(account)'" }

    /// Reads the generation with `SecItemCopyMatching` (iOS 2+, macOS 10.6+, tvOS 9+).
    ///
    /// - Returns: The generation; `0` when the item does not exist (`errSecItemNotFound`).
    /// - Throws: ``StorageError``: `protected-data-unavailable` while the device has not been
    ///   unlocked since it restarted, `permission-denied` without the entitlement, `damaged` for
    ///   data that is not a number, `io-error` for any other status.
    public func loadGeneration() throws(StorageError) -> UInt64 {
        var query = itemQuery
        query[kSecReturnData as String] = true
        query[kSecMatchLimit as String] = kSecMatchLimitOne
        var result: CFTypeRef?
        let status = SecItemCopyMatching(query as CFDictionary, &result)
        if status == errSecItemNotFound { return 0 }
        guard status == errSecSuccess else { throw failure(status, operation: "read the ledger generation from") }
        guard let data = result as? Data, let generation = UInt64(String(decoding: data, as: UTF8.self)) else {
            throw StorageError(
                .damaged,
                path: location,
                operation: "read the ledger generation from",
                reason: "the item's data is not a generation (decimal digits)"
            )
        }
        return generation
    }

    /// Records the generation with `SecItemUpdate`, or `SecItemAdd` the first time (both iOS 2+,
    /// macOS 10.6+, tvOS 9+, and available to app extensions).
    ///
    /// - Parameter generation: The new generation.
    /// - Throws: ``StorageError`` as ``loadGeneration()`` does.
    public func saveGeneration(_ generation: UInt64) throws(StorageError) {
        let data = Data(String(generation).utf8)
        var status = SecItemUpdate(itemQuery as CFDictionary, [kSecValueData as String: data] as CFDictionary)
        if status == errSecItemNotFound {
            var attributes = itemQuery
            attributes[kSecValueData as String] = data
            attributes[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
            status = SecItemAdd(attributes as CFDictionary, nil)
        }
        guard status == errSecSuccess else { throw failure(status, operation: "save the ledger generation to") }
    }

    /// The attributes that identify the item.
    private var itemQuery: [String: Any] {
        var query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: account,
            kSecAttrSynchronizable as String: false,
            kSecUseDataProtectionKeychain as String: true,
        ]
        if let accessGroup { query[kSecAttrAccessGroup as String] = accessGroup }
        return query
    }

    private func failure(_ status: OSStatus, operation: String) -> StorageError {
        StorageError(
            keychainStatus: status,
            item: location,
            operation: operation,
            systemMessage: SecCopyErrorMessageString(status, nil) as String?
        )
    }
}
#endif
