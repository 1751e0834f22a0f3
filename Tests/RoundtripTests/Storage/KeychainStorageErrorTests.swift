import Foundation
import Roundtrip
import Testing

/// How a Keychain status met by a store that keeps a value there (the ledger's generation) is
/// reported: the same on every platform.
@Suite struct KeychainStorageErrorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let status: Int32
        let code: StorageError.Code
        let reason: String
        var testDescription: String { "OSStatus \(status)" }
    }

    static let item = "the Keychain item with service 'com.example.app' and account 'roundtrip-ledger-generation'"

    static let cases: [Case] = [
        Case(
            status: -25308,
            code: .protectedDataUnavailable,
            reason:
                "the device is locked, and the item's accessibility class keeps it closed until the user unlocks the device (errSecInteractionNotAllowed, -25308)"
        ),
        Case(
            status: -34018,
            code: .permissionDenied,
            reason:
                "the app is not entitled to the item (errSecMissingEntitlement, -34018); check its keychain-access-groups entitlement and code signing"
        ),
        Case(status: -25299, code: .io, reason: "the Keychain answered OSStatus -25299 (The specified item already exists in the keychain.)"),
    ]

    @Test(arguments: cases)
    func aStatusIsReportedForWhatItIs(_ example: Case) {
        let error = StorageError(
            keychainStatus: example.status,
            item: Self.item,
            operation: "save the ledger generation to",
            systemMessage: example.status == -25299 ? "The specified item already exists in the keychain." : nil
        )
        #expect(error.code == example.code)
        #expect(error.reason == example.reason)
        #expect(error.description == "cannot save the ledger generation to \(Self.item): \(example.reason)")
    }

    @Test func anUnexplainedStatusSaysSo() {
        let error = StorageError(keychainStatus: -1, item: Self.item, operation: "read the ledger generation from")
        #expect(error.code == .io)
        #expect(error.reason == "the Keychain answered OSStatus -1 (no description)")
    }
}
