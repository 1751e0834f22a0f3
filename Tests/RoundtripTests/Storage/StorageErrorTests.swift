import Foundation
import Testing

@testable import Roundtrip

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
import RoundtripTestSupport
#endif

@Suite struct StorageErrorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let errno: Int32
        let protection: FileProtection?
        let code: StorageError.Code
        let reason: String
        var testDescription: String { "\(StorageError.errnoName(errno)) with \(protection?.rawValue ?? "no class")" }
    }

    static let eperm = "EPERM: \(String(cString: strerror(EPERM)))"
    static let eacces = "EACCES: \(String(cString: strerror(EACCES)))"

    /// On Apple platforms `EPERM`/`EACCES` on a protected file means the device is locked; the
    /// error says which class keeps it closed, and a plain permission problem says that instead.
    static let cases: [Case] = [
        Case(
            errno: EPERM,
            protection: .completeUntilFirstUserAuthentication,
            code: .protectedDataUnavailable,
            reason:
                "the device has not been unlocked since it restarted, and files of data protection class 'completeUntilFirstUserAuthentication' cannot be opened until the user unlocks it once (\(eperm))"
        ),
        Case(
            errno: EACCES,
            protection: .complete,
            code: .protectedDataUnavailable,
            reason: "the device is locked, and files of data protection class 'complete' cannot be opened until the user unlocks it (\(eacces))"
        ),
        Case(
            errno: EPERM,
            protection: .completeUnlessOpen,
            code: .protectedDataUnavailable,
            reason:
                "the device is locked, and existing files of data protection class 'completeUnlessOpen' cannot be opened until the user unlocks it (\(eperm))"
        ),
        Case(errno: EPERM, protection: FileProtection.none, code: .permissionDenied, reason: "the app may not access it (\(eperm))"),
        Case(errno: EACCES, protection: nil, code: .permissionDenied, reason: "the app may not access it (\(eacces))"),
        Case(errno: ENOSPC, protection: .complete, code: .io, reason: "ENOSPC: \(String(cString: strerror(ENOSPC)))"),
        Case(errno: 9999, protection: nil, code: .io, reason: "errno 9999: \(String(cString: strerror(9999)))"),
    ]

    @Test(arguments: cases)
    func aRefusedOpenSaysWhy(_ example: Case) {
        let error = StorageError(path: "/data/ledger.json", operation: "open", errno: example.errno, protection: example.protection)
        #expect(error.code == example.code)
        #expect(error.reason == example.reason)
        #expect(error.description == "cannot open /data/ledger.json: \(example.reason)")
        #expect((error as any Error).localizedDescription == error.description)
    }

    /// Only a platform with data protection classes explains a refused open by a class: on Linux
    /// and macOS the store's configured class is no evidence of a locked device, so a lock file
    /// the system refuses there is a permission problem.
    @Test func aConfiguredClassExplainsARefusalOnlyWhereClassesExist() {
        let directory = TemporaryFolder.make()
        let explained = FileProtection.current(of: directory + "/ledger.lock", otherwise: .completeUntilFirstUserAuthentication)
        #expect(explained == (FileProtection.isSupported ? .completeUntilFirstUserAuthentication : nil))
        let error = StorageError(path: directory + "/ledger.lock", operation: "open lock", errno: EACCES, protection: explained)
        #expect(error.code == (FileProtection.isSupported ? .protectedDataUnavailable : .permissionDenied))
    }

    @Test func codesAreDistinctKebabCase() {
        let raw = StorageError.Code.all.map(\.rawValue)
        #expect(Set(raw).count == raw.count)
        #expect(raw.allSatisfy { $0.allSatisfy { $0.isLowercase || $0 == "-" } })
        #expect(StorageError.Code.lockTimeout.description == "lock-timeout")
    }

    @Test func protectionClassesRoundTripByName() {
        for protection in FileProtection.all {
            #expect(FileProtection(rawValue: protection.rawValue) == protection)
        }
        #expect(FileProtection(rawValue: "NSFileProtectionComplete") == nil)
        #expect(FileProtection.completeUntilFirstUserAuthentication.description == "completeUntilFirstUserAuthentication")
    }

    @Test func protectionIsANoOpWhereThereIsNone() throws {
        // Linux and macOS have no classes to set: writing with one works and changes nothing else.
        let directory = TemporaryFolder.make() + "/nested"
        try AtomicFile.ensureDirectory(directory, protection: .complete)
        let path = directory + "/file"
        try AtomicFile.write(Data("abc".utf8), to: path, protection: .completeUntilFirstUserAuthentication)
        #expect(try AtomicFile.read(path) == Data("abc".utf8))
        #expect(try AtomicFile.read(directory + "/missing") == nil)
        #expect(FileProtection.isSupported == false)
    }

    @Test func aFileInPlaceOfTheFolderIsReported() throws {
        let path = TemporaryFolder.make() + "/plain"
        try Data().write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: StorageError.self) { try AtomicFile.ensureDirectory(path) }
        #expect(error?.code == .io)
        #expect(error?.reason == "ENOTDIR: \(String(cString: strerror(ENOTDIR)))")
    }

    @Test func theLegacyInitialiserMeansDamaged() {
        let error = StorageError(path: "p", operation: "verify", reason: "torn")
        #expect(error.code == .damaged)
        #expect(error.localizedDescription == "cannot verify p: torn")
    }
}
