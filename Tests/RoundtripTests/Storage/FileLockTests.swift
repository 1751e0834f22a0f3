import Foundation
import Roundtrip
import Testing

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
import RoundtripTestSupport
#endif

/// A ledger whose lock another process holds: the store gives up within its bound with a typed
/// error, and never hangs.
@Suite(.timeLimit(.minutes(2))) struct FileLockTests {
    typealias S = CallingSupport

    /// Holds `ledger.lock` through a second open file description: `flock` locks belong to the
    /// open file description, so this conflicts with the store exactly as another process would.
    ///
    /// The first try may find the lock briefly taken: a child process that another test starts
    /// at that moment holds a copy of every descriptor between its fork and its exec, the
    /// store's own included. So the holder tries for up to five seconds.
    final class Holder {
        let descriptor: Int32
        init(_ path: String) throws {
            descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
            try #require(descriptor >= 0)
            var result = flock(descriptor, LOCK_EX | LOCK_NB)
            var error = result == 0 ? 0 : errno
            for _ in 0..<500 where result != 0 && (error == EWOULDBLOCK || error == EINTR) {
                usleep(10_000)
                result = flock(descriptor, LOCK_EX | LOCK_NB)
                error = result == 0 ? 0 : errno
            }
            try #require(result == 0, "flock: \(String(cString: strerror(error)))")
        }
        func release() { close(descriptor) }
    }

    static let expectedReason =
        "another process holds the lock (flock) on this file, and it was not released within 0.3 s; an app or extension sharing the folder may be stuck or suspended in the middle of an update"

    @Test func aHeldLockMakesEveryOperationThrowLockTimeoutWithinTheBound() async throws {
        let directory = TemporaryFolder.make()
        let store = FileLedgerStore(directory: directory, key: S.ledgerKey, lockTimeout: 0.3)
        _ = try await S.recordCharge(in: store, nonce: 1)
        let lockPath = (directory as NSString).appendingPathComponent("ledger.lock")
        let holder = try Holder(lockPath)
        let operations: [(String, @Sendable () async throws -> Void)] = [
            ("read", { _ = try await store.read() }),
            ("pending", { _ = try await store.pending(at: S.t0) }),
            ("remove", { try await store.remove(nonce: S.nonce(1)) }),
            ("consume", { _ = try await store.consume(nonce: S.nonce(1), now: S.t0) }),
        ]
        for (name, operation) in operations {
            let start = ContinuousClock.now
            do {
                try await operation()
                Issue.record("\(name) went ahead while another holder had the lock")
            } catch let error as StorageError {
                #expect(error.code == .lockTimeout, "\(name)")
                #expect(error.operation == "lock", "\(name)")
                #expect(error.path == lockPath, "\(name)")
                #expect(error.reason == Self.expectedReason, "\(name)")
                #expect(error.description == "cannot lock \(lockPath): \(Self.expectedReason)")
            }
            // Bounded: never before the timeout, and not far past it (a loaded machine delays
            // the sleeps between tries, so the upper bound is generous).
            let elapsed = ContinuousClock.now - start
            #expect(elapsed >= .milliseconds(300), "\(name) gave up before the timeout")
            #expect(elapsed < .seconds(30), "\(name) waited \(elapsed), far past its 0.3 s bound")
        }
        holder.release()
        // Released: the store goes ahead, and the refused operations changed nothing.
        #expect(try await store.pending(at: S.t0).count == 1)
    }

    @Test func aLockReleasedDuringTheWaitIsTaken() async throws {
        let directory = TemporaryFolder.make()
        let store = FileLedgerStore(directory: directory, key: S.ledgerKey, lockTimeout: 60)
        _ = try await S.recordCharge(in: store, nonce: 1)
        let holder = try Holder((directory as NSString).appendingPathComponent("ledger.lock"))
        let descriptor = holder.descriptor
        // Released from a thread of its own, so a busy task pool cannot delay it.
        Thread.detachNewThread {
            usleep(100_000)
            close(descriptor)
        }
        #expect(try await store.read().entries.count == 1)
    }

    @Test func aCancelledWaitThrowsCancelled() async throws {
        let directory = TemporaryFolder.make()
        let store = FileLedgerStore(directory: directory, key: S.ledgerKey, lockTimeout: 30)
        _ = try await S.recordCharge(in: store, nonce: 1)
        let holder = try Holder((directory as NSString).appendingPathComponent("ledger.lock"))
        defer { holder.release() }
        let waiting = Task { try await store.read() }
        try await Task.sleep(for: .milliseconds(50))
        waiting.cancel()
        let start = ContinuousClock.now
        do {
            _ = try await waiting.value
            Issue.record("read went ahead while another holder had the lock")
        } catch let error as StorageError {
            #expect(error.code == .cancelled)
            #expect(error.reason.hasPrefix("the task waiting for the lock was cancelled after "))
        }
        #expect(ContinuousClock.now - start < .seconds(30))
    }

    /// A real second process: `flock(1)` from util-linux holds the lock while it sleeps.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/flock")))
    func aLockHeldByAnotherProcessTimesOut() async throws {
        let directory = TemporaryFolder.make()
        let store = FileLedgerStore(directory: directory, key: S.ledgerKey, lockTimeout: 0.3)
        _ = try await S.recordCharge(in: store, nonce: 1)
        let lockPath = (directory as NSString).appendingPathComponent("ledger.lock")
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
        child.arguments = ["--exclusive", "--no-fork", lockPath, "sleep", "60"]
        try child.run()
        defer {
            kill(child.processIdentifier, SIGKILL)
            child.waitUntilExit()
        }
        // Wait (bounded) until the child holds the lock.
        let probe = open(lockPath, O_RDWR)
        defer { close(probe) }
        var held = false
        for _ in 0..<2000 where !held {
            if flock(probe, LOCK_EX | LOCK_NB) == 0 {
                flock(probe, LOCK_UN)
                try await Task.sleep(for: .milliseconds(10))
            } else {
                held = true
            }
        }
        try #require(held, "flock(1) never took the lock")
        let start = ContinuousClock.now
        let error = await #expect(throws: StorageError.self) { _ = try await S.recordCharge(in: store, nonce: 2) }
        #expect(error?.code == .lockTimeout)
        #expect(error?.reason == Self.expectedReason)
        #expect(ContinuousClock.now - start < .seconds(30))
    }
}
