import Foundation
import Roundtrip
import RoundtripSimulator
import RoundtripYAML
import Testing

/// Imprivata's "iOS App Logout via Universal Link Callback": rules for the app answering a Universal Link Callback.
@Suite("ULC responder: durable, deferred, retried within 20 s, idempotent")
struct ULCResponderTests {
    static let spec = """
        roundtrip: 1
        app: {name: B, domains: [b.example.com]}
        actions:
          logout: {url: "https://b.example.com/logout", convention: ulc}
          other: {url: "https://b.example.com/other", convention: none}
        """
    static let url = "https://b.example.com/logout?ulc-success=https%3A%2F%2Fa.example.com%2Fok&ulc-error=https%3A%2F%2Fa.example.com%2Ffail"

    /// Records what was opened.
    actor Opened: URLOpener {
        var urls: [String] = []
        func open(_ url: URL, universalLinksOnly: Bool) async -> Bool {
            #expect(!universalLinksOnly, "ULC callbacks are opened without universalLinksOnly (Imprivata's Universal Link Callback page)")
            urls.append(url.absoluteString)
            return true
        }
    }

    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func increment() -> Int {
            lock.lock()
            defer { lock.unlock() }
            value += 1
            return value
        }
        var count: Int {
            lock.lock()
            defer { lock.unlock() }
            return value
        }
    }

    func responder(
        journal: any ULCJournal = InMemoryULCJournal(),
        clock: VirtualClock,
        opener: Opened,
        action: @escaping ULCResponder.Action
    ) throws -> ULCResponder {
        let endpoint = try Endpoint(spec: SpecLoader.load(yaml: Self.spec).spec)
        return ULCResponder(endpoint: endpoint, journal: journal, opener: opener, clock: clock.closure, action: action)
    }

    @Test func answersSuccessOnceStartupHasFinished() async throws {
        let clock = VirtualClock()
        let opened = Opened()
        let runs = Counter()
        let responder = try responder(clock: clock, opener: opened) { _, _ in _ = runs.increment() }
        #expect(try await responder.receive(Self.url) == .deferred)
        #expect(await opened.urls.isEmpty)
        #expect(try await responder.startupFinished() == [.answered(outcome: "success", attempts: 1)])
        #expect(await opened.urls == ["https://a.example.com/ok"])
        #expect(try await responder.receive(Self.url) == .repeated(outcome: "success"))
        #expect(runs.count == 1, "a repeated ULC never runs the action twice")
        #expect(await opened.urls.count == 2, "…but is answered again")
    }

    @Test func retriesThenAnswersErrorWhenEveryAttemptFails() async throws {
        let clock = VirtualClock()
        let opened = Opened()
        let runs = Counter()
        let responder = try responder(clock: clock, opener: opened) { _, _ in
            _ = runs.increment()
            throw SimulatorError(message: "server down")
        }
        _ = try await responder.startupFinished()
        #expect(try await responder.receive(Self.url) == .answered(outcome: "error", attempts: 3))
        #expect(runs.count == 3)
        #expect(await opened.urls == ["https://a.example.com/fail"])
    }

    @Test func stopsRetryingWhenTheTwentySecondBudgetIsSpent() async throws {
        let clock = VirtualClock()
        let opened = Opened()
        let runs = Counter()
        let responder = try responder(clock: clock, opener: opened) { _, _ in
            _ = runs.increment()
            clock.advance(by: 15)
            throw SimulatorError(message: "slow failure")
        }
        _ = try await responder.startupFinished()
        #expect(try await responder.receive(Self.url) == .answered(outcome: "error", attempts: 2))
        #expect(runs.count == 2, "the third attempt would start after 30 s")
    }

    @Test func aSuccessAfterTheBudgetIsReportedAsAnError() async throws {
        let clock = VirtualClock()
        let opened = Opened()
        let responder = try responder(clock: clock, opener: opened) { _, _ in clock.advance(by: 25) }
        _ = try await responder.startupFinished()
        #expect(try await responder.receive(Self.url) == .answered(outcome: "error", attempts: 1))
    }

    @Test func survivesARelaunchThroughTheFileJournal() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("ulc-\(UUID()).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let clock = VirtualClock()
        let opened = Opened()
        let beforeCrash = try responder(journal: FileULCJournal(path: path), clock: clock, opener: opened) { _, _ in }
        #expect(try await beforeCrash.receive(Self.url) == .deferred)
        // The process dies here; a new responder reads the same journal file.
        let afterRelaunch = try responder(journal: FileULCJournal(path: path), clock: clock, opener: opened) { _, _ in }
        #expect(try await afterRelaunch.startupFinished() == [.answered(outcome: "success", attempts: 1)])
        #expect(await opened.urls == ["https://a.example.com/ok"])
        let entries = try await FileULCJournal(path: path).entries()
        #expect(entries.map(\.state) == [.answered])
    }

    @Test func aDamagedJournalIsReportedNotIgnored() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("ulc-\(UUID()).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data("{not json".utf8).write(to: URL(fileURLWithPath: path))
        await #expect(throws: StorageError.self) { try await FileULCJournal(path: path).entries() }
    }

    @Test func rejectsURLsThatAreNotULCs() async throws {
        let clock = VirtualClock()
        let opened = Opened()
        let responder = try responder(clock: clock, opener: opened) { _, _ in }
        await #expect(throws: RoundtripError.self) { try await responder.receive("https://b.example.com/other") }
        await #expect(throws: RoundtripError.self) {
            try await responder.receive("https://b.example.com/logout?ulc-success=http%3A%2F%2Fa.example.com&ulc-error=https%3A%2F%2Fa.example.com")
        }
        #expect(await opened.urls.isEmpty)
    }
}
