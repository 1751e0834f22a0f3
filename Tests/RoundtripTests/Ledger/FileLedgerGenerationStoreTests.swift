import Foundation
import Roundtrip
import RoundtripTestSupport
import Testing

/// The ledger's generation kept in a file outside its folder, the place for it where there is no
/// Keychain: an earlier copy of the ledger put back is refused across relaunches.
@Suite struct FileLedgerGenerationStoreTests {
    typealias S = CallingSupport

    @Test func aCopyPutBackIsRefusedAfterARelaunch() async throws {
        let base = TemporaryFolder.make()
        let directory = base + "/ledger"
        let generationFile = base + "/state/ledger.generation"
        // Each store is made anew, as a process launched for each command would.
        func ledger() -> FileLedgerStore {
            FileLedgerStore(directory: directory, keyData: S.ledgerKeyData, generations: FileLedgerGenerationStore(path: generationFile))
        }
        let request = try await S.recordCharge(in: ledger())
        let copy = try Data(contentsOf: URL(fileURLWithPath: directory + "/ledger.json"))
        let callback = try #require(try S.queryValue(request.url, "returnURL")) + "&ifcc_responseType=approved"
        #expect(try await ResponseAcceptor(ledger: ledger()).accept(callback, now: S.t0).outcome == "approved")
        #expect(try FileLedgerGenerationStore(path: generationFile).loadGeneration() == 2)
        #expect(try String(contentsOfFile: generationFile, encoding: .utf8) == "2\n")

        try copy.write(to: URL(fileURLWithPath: directory + "/ledger.json"))
        do {
            _ = try await ResponseAcceptor(ledger: ledger()).accept(callback, now: S.t0)
            Issue.record("the callback was accepted again from a rolled-back ledger")
        } catch let error as StorageError {
            #expect(error.code == .ledgerRollback)
            #expect(error.reason.hasPrefix("the ledger file is generation 1, older than generation 2 recorded in the file '\(generationFile)'"))
        }
    }

    @Test func theRecordNeverGoesBackwards() throws {
        let path = TemporaryFolder.make() + "/generation"
        let store = FileLedgerGenerationStore(path: path)
        #expect(try store.loadGeneration() == 0)
        try store.saveGeneration(7)
        try store.saveGeneration(7)
        #expect(throws: StorageError.self) { try store.saveGeneration(6) }
        do {
            try store.saveGeneration(3)
        } catch {
            #expect(error.code == .ledgerRollback)
            #expect(error.reason.hasPrefix("generation 3 is lower than generation 7 recorded in the file"))
        }
        #expect(try store.loadGeneration() == 7)
        #expect(store.location == "the file '\(path)'")
    }

    @Test(
        "a file that does not hold one decimal number is damaged",
        arguments: ["", "\n", "12a\n", "-1\n", "+1", " 1\n", "1\n\n", "18446744073709551616\n", String(repeating: "9", count: 100)]
    )
    func damagedFile(_ text: String) throws {
        let path = TemporaryFolder.make() + "/generation"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: StorageError.self) { try FileLedgerGenerationStore(path: path).loadGeneration() }
        do {
            _ = try FileLedgerGenerationStore(path: path).loadGeneration()
        } catch {
            #expect(error.code == .damaged)
        }
    }

    @Test func aFolderOthersMayWriteInIsRefused() throws {
        let folder = TemporaryFolder.make()
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: folder)
        do {
            _ = try FileLedgerGenerationStore(path: folder + "/generation").loadGeneration()
            Issue.record("loaded")
        } catch {
            #expect(error.code == .unsafeFolder)
        }
    }
}
