import Foundation
import Roundtrip
import Testing

@Suite struct ClosureURLOpenerTests {
    actor Log {
        var opened: [(String, Bool)] = []
        func add(_ url: URL, _ only: Bool) { opened.append((url.absoluteString, only)) }
    }

    @Test func passesTheURLAndTheUniversalLinksFlagAndReturnsTheAnswer() async throws {
        let log = Log()
        let opener = ClosureURLOpener { url, universalLinksOnly in
            await log.add(url, universalLinksOnly)
            return url.scheme == "partner"
        }
        #expect(await opener.open(try #require(URL(string: "partner://charge")), universalLinksOnly: false))
        #expect(await !opener.open(try #require(URL(string: "https://pay.example.com/charge")), universalLinksOnly: true))
        let opened = await log.opened
        #expect(opened.map(\.0) == ["partner://charge", "https://pay.example.com/charge"])
        #expect(opened.map(\.1) == [false, true])
    }

    @Test func aCallerReportsAnOpenerThatDeclines() async throws {
        let ledger = InMemoryLedgerStore()
        let caller = Caller(ledger: ledger, opener: ClosureURLOpener { _, _ in false }, clock: { CallingSupport.t0 })
        let error = await #expect(throws: OpenFailure.self) {
            try await caller.send(
                "charge",
                to: CallingSupport.terminal(),
                parameters: [QueryItem(name: "amount", value: "1")],
                callback: "my-return-url://"
            )
        }
        let refused = error?.url ?? ""
        #expect(refused.hasPrefix("com-example-terminal://charge/1.0.0/"))
        #expect(await ledger.pending(at: CallingSupport.t0).isEmpty)
    }
}
