// A store that keeps a value in the Keychain (RoundtripUIKit's KeychainLedgerGenerationStore)
// reports a failed read or write as a StorageError, like its files; the mapping lives here, with
// no Apple-only API, so it is the same, and tested, on every platform. The statuses are those of
// Apple's "Security Framework Result Codes", as in ``KeychainError``.
extension StorageError {
    /// Creates the error for a Keychain status met while reading or writing an item a store keeps
    /// there: `protected-data-unavailable` for `errSecInteractionNotAllowed` (the device is locked
    /// and the item's accessibility class keeps it closed), `permission-denied` for
    /// `errSecMissingEntitlement`, `io-error` for any other status.
    ///
    /// - Parameters:
    ///   - status: The `OSStatus` of `SecItemCopyMatching`, `SecItemUpdate` or `SecItemAdd`.
    ///   - item: The item, for the message: `the Keychain item with service '…' and account '…'`.
    ///   - operation: What was being done, such as `save the ledger generation to`.
    ///   - systemMessage: The system's text for the status (`SecCopyErrorMessageString`), if any.
    public init(keychainStatus status: Int32, item: String, operation: String, systemMessage: String? = nil) {
        switch status {
        case KeychainError.interactionNotAllowedStatus:
            self.init(
                .protectedDataUnavailable,
                path: item,
                operation: operation,
                reason:
                    "the device is locked, and the item's accessibility class keeps it closed until the user unlocks the device (errSecInteractionNotAllowed, \(status))"
            )
        case KeychainError.missingEntitlementStatus:
            self.init(
                .permissionDenied,
                path: item,
                operation: operation,
                reason:
                    "the app is not entitled to the item (errSecMissingEntitlement, \(status)); check its keychain-access-groups entitlement and code signing"
            )
        default:
            self.init(
                .io,
                path: item,
                operation: operation,
                reason: "the Keychain answered OSStatus \(status) (\(systemMessage ?? "no description"))"
            )
        }
    }
}
