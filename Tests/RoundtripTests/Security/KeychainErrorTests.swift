import Foundation
import Roundtrip
import Testing

/// Each Keychain status is reported for what it is.
@Suite struct KeychainErrorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let status: Int32
        let systemMessage: String?
        let code: KeychainError.Code
        let message: String
        var testDescription: String { "OSStatus \(status)" }
    }

    static let item = "the Keychain item with service 'com.example.pos' and account 'pos-2026'"

    static let cases: [Case] = [
        Case(
            status: -25308,
            systemMessage: "User interaction is not allowed.",
            code: .deviceLocked,
            message:
                "\(item) cannot be read while the device is locked (errSecInteractionNotAllowed, -25308); read it after the user unlocks the device, or store it with an accessibility class such as kSecAttrAccessibleAfterFirstUnlock"
        ),
        Case(
            status: -34018,
            systemMessage: nil,
            code: .missingEntitlement,
            message:
                "the app is not entitled to read \(item) (errSecMissingEntitlement, -34018); check its keychain-access-groups entitlement and code signing"
        ),
        Case(
            status: -25300,
            systemMessage: "The specified item could not be found in the keychain.",
            code: .notFound,
            message: "\(item) does not exist (errSecItemNotFound, -25300)"
        ),
        Case(status: 0, systemMessage: nil, code: .emptyItem, message: "\(item) holds no data"),
        Case(
            status: -25291,
            systemMessage: "No keychain is available.",
            code: .failed,
            message: "the Keychain could not read \(item): OSStatus -25291 (No keychain is available.)"
        ),
        Case(
            status: -50,
            systemMessage: nil,
            code: .failed,
            message: "the Keychain could not read \(item): OSStatus -50 (no description)"
        ),
    ]

    @Test(arguments: cases)
    func eachStatusIsReportedForWhatItIs(_ example: Case) {
        let error = KeychainError(status: example.status, service: "com.example.pos", account: "pos-2026", systemMessage: example.systemMessage)
        #expect(error.code == example.code)
        #expect(error.status == example.status)
        #expect(error.message == example.message)
        #expect(error.description == example.message)
        #expect((error as any Error).localizedDescription == example.message)
    }
}
