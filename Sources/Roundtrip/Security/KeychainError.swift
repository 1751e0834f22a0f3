/// A Keychain item could not be read, for the reason the Keychain gave, as data.
///
/// `RoundtripUIKit`'s `KeychainKeyResolver` throws it; it lives here, with no Apple-only API, so
/// the way each status is reported is the same, and tested, everywhere. The statuses are those of
/// Apple's "Security Framework Result Codes": `errSecItemNotFound` (-25300),
/// `errSecInteractionNotAllowed` (-25308: the item's accessibility class keeps it closed while the
/// device is locked) and `errSecMissingEntitlement` (-34018).
public struct KeychainError: CodedError, Hashable {
    /// The stable, machine-readable reason.
    public let code: Code
    /// The `OSStatus` the Keychain returned; `0` for an item that exists but holds no data.
    public let status: Int32
    /// The item's `kSecAttrService`.
    public let service: String
    /// The item's `kSecAttrAccount`.
    public let account: String
    /// What went wrong, naming the item and the status.
    public let message: String

    /// `errSecItemNotFound`.
    public static let itemNotFoundStatus: Int32 = -25300
    /// `errSecInteractionNotAllowed`.
    public static let interactionNotAllowedStatus: Int32 = -25308
    /// `errSecMissingEntitlement`.
    public static let missingEntitlementStatus: Int32 = -34018

    /// Creates the error for a Keychain status.
    ///
    /// - Parameters:
    ///   - status: The `OSStatus` of `SecItemCopyMatching`; `0` (`errSecSuccess`) for an item with no data.
    ///   - service: The item's service.
    ///   - account: The item's account.
    ///   - systemMessage: The system's text for the status (`SecCopyErrorMessageString`), if any.
    public init(status: Int32, service: String, account: String, systemMessage: String? = nil) {
        self.status = status
        self.service = service
        self.account = account
        let item = "the Keychain item with service '\(service)' and account '\(account)'"
        switch status {
        case 0:
            code = .emptyItem
            message = "\(item) holds no data"
        case Self.itemNotFoundStatus:
            code = .notFound
            message = "\(item) does not exist (errSecItemNotFound, \(status))"
        case Self.interactionNotAllowedStatus:
            code = .deviceLocked
            message =
                "\(item) cannot be read while the device is locked (errSecInteractionNotAllowed, \(status)); read it after the user unlocks the device, or store it with an accessibility class such as kSecAttrAccessibleAfterFirstUnlock"
        case Self.missingEntitlementStatus:
            code = .missingEntitlement
            message =
                "the app is not entitled to read \(item) (errSecMissingEntitlement, \(status)); check its keychain-access-groups entitlement and code signing"
        default:
            code = .failed
            message = "the Keychain could not read \(item): OSStatus \(status) (\(systemMessage ?? "no description"))"
        }
    }

    /// The message.
    public var description: String { message }
}

extension KeychainError {
    /// A stable Keychain failure reason, spelled in kebab-case.
    ///
    /// Codes are values rather than enum cases so that new codes never break a caller's `switch`.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The kebab-case spelling, for example `device-locked`.
        public let rawValue: String

        /// Creates a code from its kebab-case spelling.
        ///
        /// - Parameter rawValue: The kebab-case spelling.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The kebab-case spelling.
        public var description: String { rawValue }

        /// No item has the service and account.
        public static let notFound = Code(rawValue: "not-found")
        /// The device is locked and the item's accessibility class keeps it closed.
        public static let deviceLocked = Code(rawValue: "device-locked")
        /// The app lacks the entitlement (keychain access group) the item needs.
        public static let missingEntitlement = Code(rawValue: "missing-entitlement")
        /// The item exists but holds no data.
        public static let emptyItem = Code(rawValue: "empty-item")
        /// Any other status; the message gives it and the system's text for it.
        public static let failed = Code(rawValue: "keychain-failed")
    }
}
