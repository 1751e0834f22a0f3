import Foundation
import Roundtrip
import RoundtripTestSupport
import Testing

/// Every public error says what went wrong through `localizedDescription`, so an alert built from
/// a caught error is useful.
@Suite struct LocalizedErrorTests {
    @Test func aRejectSaysItsMessage() {
        let error = RoundtripError(.unknownParameter, "the parameter 'x' is not declared by the action 'charge'", parameter: "x")
        #expect((error as any Error).localizedDescription == "the parameter 'x' is not declared by the action 'charge'")
        #expect(error.errorDescription == error.message)
    }

    @Test func aRealRejectSaysItsMessage() throws {
        let endpoint = try TestSpecs.endpoint("rich")
        do {
            _ = try endpoint.evaluate("nowhere://at/all")
            Issue.record("evaluated a URL no action is routed at")
        } catch {
            #expect((error as any Error).localizedDescription == error.message)
            #expect(!error.message.isEmpty)
        }
    }

    @Test func aSpecErrorSaysEveryErrorWithItsPlace() {
        do {
            _ = try SpecLoader.load(
                json: #"{"roundtrip": 1, "app": {"name": "J", "schemes": ["j"]}, "actions": {"go": {"url": "j://go", "convention": "nope"}}}"#,
                file: "j.json"
            )
            Issue.record("loaded a spec with an unknown convention")
        } catch {
            #expect(!error.description.isEmpty)
            #expect((error as any Error).localizedDescription == error.description)
        }
        let empty = SpecError(file: "s.yaml", isUnreadable: true, diagnostics: [])
        #expect((empty as any Error).localizedDescription == "the spec 's.yaml' could not be loaded")
        #expect((SpecError(file: nil, diagnostics: []) as any Error).localizedDescription == "the spec could not be loaded")
    }

    /// A call that ended without success says what the partner answered, from `get()` of each
    /// other outcome.
    @Test(arguments: [
        (CallResult<Int>.error(code: "51", message: "Card declined"), "the partner answered with an error: Card declined (51)"),
        (.error(code: nil, message: "Card declined"), "the partner answered with an error: Card declined"),
        (.error(code: "51", message: nil), "the partner answered with the error 51"),
        (.error(code: nil, message: nil), "the partner answered with an error"),
        (.cancelled, "the partner cancelled the request"),
        (.outcome("declined"), "the partner answered 'declined'"),
    ])
    func aCallThatEndedSaysWhatThePartnerAnswered(_ result: CallResult<Int>, _ expected: String) {
        #expect(throws: CallEnded.self) { try result.get() }
        do {
            _ = try result.get()
        } catch {
            #expect((error as any Error).localizedDescription == expected)
            #expect(error.description == expected)
        }
    }

    @Test func anOpenFailureNamesTheURL() {
        let error = OpenFailure(url: "partner://charge")
        #expect((error as any Error).localizedDescription == "no app opened partner://charge; is the partner app installed?")
    }

    @Test func aStorageErrorNamesTheFileAndTheCause() async throws {
        let directory = TemporaryFolder.make()
        try Data("not a ledger".utf8).write(to: URL(fileURLWithPath: directory + "/ledger.json"))
        do {
            _ = try await FileLedgerStore(directory: directory, key: CallingSupport.ledgerKey).read()
            Issue.record("read a damaged ledger")
        } catch {
            #expect(error.code == .damaged)
            #expect(
                (error as any Error).localizedDescription
                    == "cannot verify \(directory)/ledger.json: the ledger file has no 'roundtrip-ledger/1' header (torn, or not a ledger)"
            )
        }
    }
}
