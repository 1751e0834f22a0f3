import Foundation
import Roundtrip
import RoundtripTestSupport
import Testing

/// Every public error has one shape: a kebab-case code and a message, reported the same way.
struct CodedErrorTests {
    static func report(_ error: some CodedError) -> String { "\(error.codeName): \(error.message)" }

    @Test func theDecisionsAndTheStoresErrorsReportAlike() {
        let rejection = RoundtripError(.unknownParameter, "the parameter 'x' is not declared", parameter: "x")
        #expect(Self.report(rejection) == "unknown-parameter: the parameter 'x' is not declared")
        let storage = StorageError(.lockTimeout, path: "/ledger/.lock", operation: "lock", reason: "another process holds it")
        #expect(Self.report(storage) == "lock-timeout: cannot lock /ledger/.lock: another process holds it")
        #expect(storage.description == storage.message)
    }
}
