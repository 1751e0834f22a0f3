import Foundation
import Roundtrip
import RoundtripTestSupport
import Testing

/// A fixed clock that tests move forward.
final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date

    init(_ start: Date) { current = start }

    var now: Date {
        lock.lock()
        defer { lock.unlock() }
        return current
    }

    func advance(_ seconds: TimeInterval) {
        lock.lock()
        defer { lock.unlock() }
        current += seconds
    }
}

@Suite struct CallerTests {
    typealias S = CallingSupport

    struct Charge: Codable, Sendable {
        var amount: Decimal
        var currency: String?
        var invoiceNumber: String?
    }
    struct Screen: Codable, Sendable, Equatable { var invoice: Int }

    /// App B: the terminal, answering charges through a Receiver whose callbacks go to `deliver`.
    func terminalReceiver(clock: TestClock, deliver: @escaping @Sendable (URL) async -> Void) throws -> Receiver {
        var receiver = Receiver(endpoint: try Endpoint(spec: try S.spec("terminal")), opener: RecordingOpener(forward: deliver), clock: { clock.now })
        receiver.on("charge", as: Charge.self) { charge, _ in
            charge.amount > 100
                ? Reply(outcome: "declined") : Reply(outcome: "approved", parameters: [QueryItem(name: "transactionId", value: "T-1")])
        }
        return receiver
    }

    @Test func aCallAwaitsItsAnswerEndToEnd() async throws {
        let clock = TestClock(S.t0)
        let ledger = InMemoryLedgerStore()
        let box = CallerBox()
        let receiver = try terminalReceiver(clock: clock) { url in
            // Deliver later, as the OS would after switching apps: the waiting path.
            Task { _ = try? await box.caller?.handleCallback(url) }
        }
        let opener = RecordingOpener { url in _ = try? await receiver.handle(url.absoluteString) }
        let caller = Caller(ledger: ledger, opener: opener, clock: { clock.now })
        await box.set(caller)
        let response = try await caller.call(
            "charge",
            to: try S.terminal(),
            with: Charge(amount: 12.5, invoiceNumber: "123"),
            callback: "my-return-url://?record_id=123",
            continuation: Screen(invoice: 123)
        )
        #expect(response.outcome == "approved")
        #expect(response.parameters == ["transactionId": "T-1"])
        #expect(try response.continuation(as: Screen.self) == Screen(invoice: 123))
        #expect(await caller.waitingCount == 0)
        #expect(await ledger.pending(at: clock.now).isEmpty)
    }

    @Test func anAnswerThatArrivesBeforeOpenReturnsIsNotLost() async throws {
        let clock = TestClock(S.t0)
        let box = CallerBox()
        let receiver = try terminalReceiver(clock: clock) { url in _ = try? await box.caller?.handleCallback(url) }
        let caller = Caller(
            ledger: InMemoryLedgerStore(),
            opener: RecordingOpener { url in _ = try? await receiver.handle(url.absoluteString) },
            clock: { clock.now }
        )
        await box.set(caller)
        let response = try await caller.call("charge", to: try S.terminal(), with: Charge(amount: 500), callback: "my-return-url://")
        #expect(response.outcome == "declined")
    }

    @Test func afterARelaunchTheAnswerComesBackWithItsContinuation() async throws {
        let clock = TestClock(S.t0)
        let directory = TemporaryFolder.make()
        let opener = RecordingOpener()
        let before = Caller(
            ledger: FileLedgerStore(directory: directory, key: S.ledgerKey),
            opener: opener,
            clock: { clock.now },
            nonce: { S.nonce(9) }
        )
        let sent = try await before.send(
            "charge",
            to: try S.terminal(),
            parameters: [QueryItem(name: "amount", value: "5")],
            callback: "my-return-url://",
            continuation: try JSONEncoder().encode(Screen(invoice: 7))
        )
        #expect(await opener.opened.map(\.absoluteString) == [sent.url])
        // The app is killed; a new process starts with a new Caller on the same ledger.
        clock.advance(120)
        let after = Caller(ledger: FileLedgerStore(directory: directory, key: S.ledgerKey), opener: RecordingOpener(), clock: { clock.now })
        #expect(try await after.pendingRequests().map(\.nonce) == [S.nonce(9)])
        let response = try await after.handleCallback(URL(string: "my-return-url://?rt-state=\(S.nonce(9))&ifcc_responseType=cancelled")!)
        #expect(response.outcome == "cancelled")
        #expect(try response.continuation(as: Screen.self) == Screen(invoice: 7))
        await #expect(throws: RoundtripError.self) {
            try await after.handleCallback("my-return-url://?rt-state=\(S.nonce(9))&ifcc_responseType=approved")
        }
    }

    @Test func aForgedCallbackDoesNotResumeTheWait() async throws {
        let clock = TestClock(S.t0)
        let caller = Caller(ledger: InMemoryLedgerStore(), opener: RecordingOpener(), clock: { clock.now }, nonce: { S.nonce(4) })
        let waiting = Task {
            try await caller.call("charge", to: try S.terminal(), parameters: [QueryItem(name: "amount", value: "5")], callback: "my-return-url://")
        }
        while await caller.waitingCount == 0 { await Task.yield() }
        await #expect(throws: RoundtripError.self) {
            try await caller.handleCallback("my-return-url://?rt-state=\(S.nonce(5))&ifcc_responseType=approved")
        }
        #expect(await caller.waitingCount == 1)
        try await caller.handleCallback("my-return-url://?rt-state=\(S.nonce(4))&ifcc_responseType=approved")
        #expect(try await waiting.value.outcome == "approved")
    }

    @Test func overdueWaitsEndWithExpired() async throws {
        let clock = TestClock(S.t0)
        let caller = Caller(ledger: InMemoryLedgerStore(), opener: RecordingOpener(), clock: { clock.now })
        let waiting = Task {
            try await caller.call(
                "charge",
                to: try S.terminal(),
                parameters: [QueryItem(name: "amount", value: "5")],
                callback: "my-return-url://",
                ttl: 60
            )
        }
        while await caller.waitingCount == 0 { await Task.yield() }
        #expect(await caller.expireOverdue() == 0)
        clock.advance(61)
        #expect(await caller.expireOverdue() == 1)
        do {
            _ = try await waiting.value
            Issue.record("an overdue wait did not end")
        } catch let error as RoundtripError {
            #expect(error.code == .expired)
        }
    }

    @Test func cancellingTheWaitRemovesThePendingRequest() async throws {
        let ledger = InMemoryLedgerStore()
        let caller = Caller(ledger: ledger, opener: RecordingOpener(), nonce: { S.nonce(6) })
        let waiting = Task {
            try await caller.call("charge", to: try S.terminal(), parameters: [QueryItem(name: "amount", value: "5")], callback: "my-return-url://")
        }
        while await caller.waitingCount == 0 { await Task.yield() }
        waiting.cancel()
        await #expect(throws: CancellationError.self) { _ = try await waiting.value }
        #expect(await ledger.count == 0)
    }

    @Test func aURLNoAppOpensIsNotLeftPending() async throws {
        let ledger = InMemoryLedgerStore()
        let caller = Caller(ledger: ledger, opener: RecordingOpener(result: false))
        await #expect(throws: OpenFailure.self) {
            try await caller.send("charge", to: try S.terminal(), parameters: [QueryItem(name: "amount", value: "5")], callback: "my-return-url://")
        }
        #expect(await ledger.count == 0)
    }
}

@Suite struct ReceiverTests {
    typealias S = CallingSupport

    struct Create: Decodable, Sendable {
        var title: String
        var pinned: Bool
    }

    func receiver(_ opener: RecordingOpener) throws -> Receiver {
        var receiver = Receiver(endpoint: try S.notesEndpoint(), opener: opener, clock: { S.t0 })
        receiver.on("create", as: Create.self) { create, _ in
            guard create.title != "fail" else { throw RoundtripError(.invalidParameter, "nope") }
            return create.pinned ? .cancel : try .success(encoding: ["id": "42"])
        }
        return receiver
    }

    func request(_ title: String, pinned: Bool = false) throws -> String {
        try S.notes().build(
            "create",
            parameters: [QueryItem(name: "title", value: title), QueryItem(name: "pinned", value: pinned ? "1" : "0")],
            callback: "pos-app://cb",
            now: S.t0,
            nonce: S.nonce(1)
        ).url
    }

    @Test func typedParametersInCallbackOut() async throws {
        let opener = RecordingOpener()
        let handled = try await receiver(opener).handle(try request("hello"))
        #expect(handled.callbackURL == "pos-app://cb/success?rt-state=\(S.nonce(1))&id=42")
        #expect(handled.isOpened)
        #expect(await opener.opened.map(\.absoluteString) == ["pos-app://cb/success?rt-state=\(S.nonce(1))&id=42"])
        #expect(try await receiver(opener).handle(try request("x", pinned: true)).callbackURL == "pos-app://cb/cancel?rt-state=\(S.nonce(1))")
    }

    @Test func aThrowingHandlerAnswersWithTheErrorCallback() async throws {
        let handled = try await receiver(RecordingOpener()).handle(try request("fail"))
        #expect(handled.reply.outcome == "error")
        #expect(handled.handlerError != nil)
        #expect(handled.callbackURL == "pos-app://cb/error?rt-state=\(S.nonce(1))&errorCode=error&errorMessage=The%20action%20did%20not%20complete.")
    }

    @Test func aRejectedRequestIsNeverAnswered() async throws {
        let opener = RecordingOpener()
        await #expect(throws: RoundtripError.self) {
            _ = try await receiver(opener).handle("notes-app://x-callback-url/create?title=x&x-success=javascript%3Aalert(1)")
        }
        await #expect(throws: RoundtripError.self) {
            _ = try await receiver(opener).handle(try S.notes().build("logout", callback: "https://a.example.com/ulc", now: S.t0).url)
        }
        #expect(await opener.opened.isEmpty)
    }
}
