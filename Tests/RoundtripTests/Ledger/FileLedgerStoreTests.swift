import Crypto
import Foundation
import Roundtrip
import RoundtripTestSupport
import Testing

@Suite struct FileLedgerStoreTests {
    typealias S = CallingSupport

    func store(_ directory: String, keyData: Data = CallingSupport.ledgerKeyData) -> FileLedgerStore {
        FileLedgerStore(directory: directory, keyData: keyData)
    }

    @Test func aPendingRequestSurvivesARelaunch() async throws {
        let directory = TemporaryFolder.make()
        let request = try await S.recordCharge(in: store(directory), continuation: Data(#"{"screen":"invoice"}"#.utf8))
        // A new process: a new store on the same folder.
        let relaunched = store(directory)
        let pending = try await relaunched.pending(at: S.t0)
        #expect(pending == [request.pending!])
        let callback = "my-return-url://?record_id=123&rt-state=\(S.nonce(1))&ifcc_responseType=declined"
        let response = try await ResponseAcceptor(ledger: relaunched).accept(callback, now: S.t0)
        #expect(response.outcome == "declined")
        #expect(try response.continuation(as: [String: String].self) == ["screen": "invoice"])
        await #expect(throws: RoundtripError.self) { _ = try await ResponseAcceptor(ledger: store(directory)).accept(callback, now: S.t0) }
    }

    @Test func theFileIsSealedAndEveryByteMatters() async throws {
        let directory = TemporaryFolder.make()
        let ledger = store(directory)
        _ = try await S.recordCharge(in: ledger)
        let path = await ledger.path
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(original.starts(with: Data("roundtrip-ledger/1 ".utf8)))
        // Flip each byte in turn (a sample of positions across header and body): never accepted.
        for position in stride(from: 0, to: original.count, by: max(1, original.count / 97)) {
            var damaged = original
            damaged[position] ^= 0x01
            try damaged.write(to: URL(fileURLWithPath: path))
            await #expect(throws: StorageError.self, "byte \(position)") { _ = try await store(directory).read() }
        }
        // Torn: every truncation is detected.
        for length in [0, 1, 10, 19, 62, original.count / 2, original.count - 1] {
            try original.prefix(length).write(to: URL(fileURLWithPath: path))
            await #expect(throws: StorageError.self, "length \(length)") { _ = try await store(directory).read() }
        }
        // Appended garbage too.
        try (original + Data(" ".utf8)).write(to: URL(fileURLWithPath: path))
        await #expect(throws: StorageError.self) { _ = try await store(directory).read() }
        // The original, intact, still loads.
        try original.write(to: URL(fileURLWithPath: path))
        #expect(try await store(directory).read().entries.count == 1)
    }

    @Test func anotherKeyIsRefusedAndReportedNotAccepted() async throws {
        let directory = TemporaryFolder.make()
        let request = try await S.recordCharge(in: store(directory))
        let intruder = store(directory, keyData: Data("another-key-0123456789".utf8))
        do {
            _ = try await intruder.pending(at: S.t0)
            Issue.record("read a ledger sealed with another key")
        } catch let error as StorageError {
            #expect(error.operation == "verify")
            #expect(
                error.reason == "the ledger file's HMAC does not verify: it was altered or truncated, or sealed with another key; refusing to use it"
            )
        }
        // Accepting through a damaged ledger fails with the storage error; nothing is consumed.
        let callback = try #require(try S.queryValue(request.url, "returnURL")) + "&ifcc_responseType=approved"
        await #expect(throws: StorageError.self) { _ = try await ResponseAcceptor(ledger: intruder).accept(callback, now: S.t0) }
        #expect(try await ResponseAcceptor(ledger: store(directory)).accept(callback, now: S.t0).outcome == "approved")
    }

    @Test func aForgedEntryWithoutTheKeyIsDetected() async throws {
        let directory = TemporaryFolder.make()
        let ledger = store(directory)
        _ = try await S.recordCharge(in: ledger)
        let path = await ledger.path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        // Push the expiry far out without re-sealing: the HMAC no longer verifies.
        let forged = text.replacingOccurrences(of: "\"expiresAt\":1800000600", with: "\"expiresAt\":1900000600")
        #expect(forged != text)
        try forged.write(toFile: path, atomically: false, encoding: .utf8)
        await #expect(throws: StorageError.self) { _ = try await store(directory).pending(at: S.t0) }
    }

    @Test func leftoverTemporaryFilesAreIgnoredAndCleanedUp() async throws {
        let directory = TemporaryFolder.make()
        let ledger = store(directory)
        _ = try await S.recordCharge(in: ledger, nonce: 1)
        let leftover = (directory as NSString).appendingPathComponent("ledger.json.tmp-999-abc")
        try Data("half a ledg".utf8).write(to: URL(fileURLWithPath: leftover))
        #expect(try await ledger.read().entries.count == 1)
        _ = try await S.recordCharge(in: ledger, nonce: 2)
        #expect(!FileManager.default.fileExists(atPath: leftover))
        #expect(try await ledger.read().entries.count == 2)
    }

    @Test func twoStoresOnOneFolderNeverLoseAWrite() async throws {
        let directory = TemporaryFolder.make()
        let first = store(directory)
        let second = store(directory)
        let terminal = try S.terminal()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for seed in 0..<120 {
                group.addTask {
                    let request = try terminal.build(
                        "charge",
                        parameters: [QueryItem(name: "amount", value: "1")],
                        callback: "my-return-url://",
                        now: S.t0,
                        nonce: S.nonce(seed)
                    )
                    try await (seed % 2 == 0 ? first : second).record(request.pending!)
                }
            }
            try await group.waitForAll()
        }
        #expect(try await store(directory).read().entries.count == 120)
        // Racing acceptances through both stores: each request accepted exactly once.
        let accepted = await withTaskGroup(of: Bool.self) { group in
            for seed in 0..<120 {
                for copy in 0..<2 {
                    group.addTask {
                        let url = "my-return-url://?rt-state=\(S.nonce(seed))&ifcc_responseType=approved"
                        return (try? await ResponseAcceptor(ledger: copy == 0 ? first : second).accept(url, now: S.t0)) != nil
                    }
                }
            }
            var count = 0
            for await ok in group where ok { count += 1 }
            return count
        }
        #expect(accepted == 120)
    }
}
