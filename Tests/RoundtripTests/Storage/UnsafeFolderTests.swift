import Foundation
import Testing

@testable import Roundtrip

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
import RoundtripTestSupport
#endif

/// A store's folder that another user could tamper with is refused before anything in it is
/// opened: the ledger's and the replay guard's, through every operation.
@Suite struct UnsafeFolderTests {
    typealias S = CallingSupport

    struct Mode: Sendable, CustomTestStringConvertible {
        let mode: mode_t
        let writers: String
        var testDescription: String { String(mode, radix: 8) }
    }

    static let refused: [Mode] = [
        Mode(mode: 0o777, writers: "its group and every other user"),
        Mode(mode: 0o770, writers: "its group"),
        Mode(mode: 0o720, writers: "its group"),
        Mode(mode: 0o707, writers: "every other user"),
        Mode(mode: 0o702, writers: "every other user"),
        Mode(mode: 0o1777, writers: "its group and every other user"),
        Mode(mode: 0o1730, writers: "its group"),
    ]

    static func reason(_ example: Mode) -> String {
        let sticky = example.mode & 0o1000 != 0 ? " (the sticky bit does not stop them from creating the store's files first)" : ""
        return
            "\(example.writers) may write in it (mode \(String(example.mode, radix: 8))), so they could plant, replace or remove the store's files\(sticky); a store's folder must be writable by its owner alone: run chmod go-w on it"
    }

    /// A folder holding a damaged ledger, a replay store and a stale temporary file: what the
    /// stores would read or remove if they went ahead.
    static func populatedFolder(mode: mode_t) throws -> String {
        let directory = TemporaryFolder.make()
        for name in ["ledger.json", "replay.json", "ledger.json.tmp-1-x", "replay.json.tmp-1-x"] {
            try Data("not yours".utf8).write(to: URL(fileURLWithPath: directory + "/" + name))
        }
        #expect(chmod(directory, mode) == 0)
        return directory
    }

    /// Every operation of both stores, each of which must be refused.
    static func operations(_ directory: String) -> [(String, @Sendable () async throws -> Void)] {
        let ledger = FileLedgerStore(directory: directory, key: S.ledgerKey)
        let replayGuard = FileReplayGuard(directory: directory)
        return [
            ("ledger read", { _ = try await ledger.read() }),
            ("ledger pending", { _ = try await ledger.pending(at: S.t0) }),
            ("ledger record", { _ = try await S.recordCharge(in: ledger) }),
            ("ledger consume", { _ = try await ledger.consume(nonce: S.nonce(1), now: S.t0) }),
            ("ledger remove", { try await ledger.remove(nonce: S.nonce(1)) }),
            ("replay admit", { try await replayGuard.admit(requestID: "k/a", until: S.t0.addingTimeInterval(300), now: S.t0) }),
            ("check", { try FileLedgerStore.checkFolder(directory) }),
        ]
    }

    /// Runs every operation in `directory` and checks each is refused as unsafe, for `reason`;
    /// not `damaged`, since the check comes before any file is read.
    static func expectEveryOperationRefused(in directory: String, reason: String) async {
        for (name, operation) in operations(directory) {
            do {
                try await operation()
                Issue.record("\(name) went ahead in the unsafe folder \(directory)")
            } catch let error as StorageError {
                #expect(error.code == .unsafeFolder, "\(name)")
                #expect(error.path == directory, "\(name)")
                #expect(error.operation == "use folder", "\(name)")
                #expect(error.reason == reason, "\(name)")
                #expect(error.description == "cannot use folder \(directory): \(reason)", "\(name)")
            } catch {
                Issue.record("\(name) threw \(error), not a StorageError")
            }
        }
    }

    @Test(arguments: refused)
    func aFolderOthersMayWriteInIsRefusedBeforeAnythingInItIsOpened(_ example: Mode) async throws {
        let directory = try Self.populatedFolder(mode: example.mode)
        let before = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        await Self.expectEveryOperationRefused(in: directory, reason: Self.reason(example))
        // Nothing was created (no lock file), removed (no temporary file) or changed.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == before)
        #expect(try AtomicFile.read(directory + "/ledger.json") == Data("not yours".utf8))
    }

    @Test(arguments: [mode_t(0o700), 0o755, 0o750, 0o705, 0o1755, 0o500])
    func aFolderOnlyItsOwnerMayWriteInIsUsed(_ mode: mode_t) async throws {
        let directory = TemporaryFolder.make()
        #expect(chmod(directory, mode) == 0)
        try FileLedgerStore.checkFolder(directory)
        // Mode 500 cannot be written by its owner (except by root): that is a permission problem,
        // reported as such, not an unsafe folder.
        guard mode & 0o200 != 0 || geteuid() == 0 else { return }
        _ = try await S.recordCharge(in: FileLedgerStore(directory: directory, key: S.ledgerKey))
        try await FileReplayGuard(directory: directory).admit(requestID: "k/a", until: S.t0.addingTimeInterval(300), now: S.t0)
        #expect(try await FileLedgerStore(directory: directory, key: S.ledgerKey).read().entries.count == 1)
    }

    /// Another user's folder is refused, even with safe permissions: its owner may change them
    /// at any time. Made with chown as root; otherwise a system folder owned by root stands in.
    @Test func anotherUsersFolderIsRefused() async throws {
        let directory: String
        let owner: uid_t
        if geteuid() == 0 {
            directory = try Self.populatedFolder(mode: 0o700)
            owner = 65534
            #expect(chown(directory, owner, gid_t(owner)) == 0)
        } else {
            directory = "/usr"
            owner = 0
        }
        let reason =
            "it belongs to user \(owner) (mode \(geteuid() == 0 ? "700" : "755")), not to user \(geteuid()) who runs this process, so that user could plant, replace or remove the store's files; use a folder of your own"
        await Self.expectEveryOperationRefused(in: directory, reason: reason)
    }

    @Test func aMissingFolderIsCreatedSafelyAndAFileInItsPlaceIsReported() async throws {
        let base = TemporaryFolder.make()
        try FileLedgerStore.checkFolder(base + "/missing")
        #expect(try await FileLedgerStore(directory: base + "/missing", key: S.ledgerKey).read().entries.isEmpty)
        let plain = base + "/plain"
        try Data().write(to: URL(fileURLWithPath: plain))
        let error = #expect(throws: StorageError.self) { try FileLedgerStore.checkFolder(plain) }
        #expect(error?.code == .io)
        #expect(error?.operation == "examine folder")
        #expect(error?.reason == "ENOTDIR: \(String(cString: strerror(ENOTDIR)))")
    }

    /// Through the endpoint, an unsafe replay folder is a storage error, never `replayed`.
    @Test func theEndpointPassesTheGuardsStorageErrorOn() async throws {
        let directory = try Self.populatedFolder(mode: 0o777)
        let endpoint = try TestSpecs.endpoint("rich")
        do {
            _ = try await endpoint.handle(try ReplayFixture.signed("x"), now: ReplayFixture.now, replayGuard: FileReplayGuard(directory: directory))
            Issue.record("handled with an unsafe replay folder")
        } catch let error as StorageError {
            #expect(error.code == .unsafeFolder)
        }
    }
}
