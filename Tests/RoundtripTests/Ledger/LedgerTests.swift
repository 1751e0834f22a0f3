import Foundation
import Roundtrip
import Testing

@Suite struct LedgerTests {
    typealias S = CallingSupport

    func entry(_ seed: Int, base: String = "pos-app://cb", createdAt: Date = CallingSupport.t0, ttl: TimeInterval = 600) -> PendingRequest {
        PendingRequest(
            nonce: S.nonce(seed),
            partner: "Notes",
            action: "create",
            convention: .xCallbackURL,
            callbacks: ["success": base + "/success", "error": base + "/error"],
            createdAt: createdAt,
            expiresAt: createdAt.addingTimeInterval(ttl)
        )
    }

    @Test func recordingANonceTwiceIsRefused() throws {
        var ledger = Ledger()
        try ledger.record(entry(1))
        #expect(
            throws: RoundtripError(
                .duplicateParameter,
                "the rt-state nonce is already in the ledger; every request needs a fresh one",
                parameter: "rt-state"
            )
        ) {
            try ledger.record(entry(1))
        }
    }

    @Test func purgeForgetsOnlyEntriesPastRetention() throws {
        var ledger = Ledger(retention: 100)
        try ledger.record(entry(1, ttl: 10))
        try ledger.record(entry(2, ttl: 1000))
        #expect(ledger.purge(now: S.t0.addingTimeInterval(50)) == 0)
        #expect(ledger.purge(now: S.t0.addingTimeInterval(111)) == 1)
        #expect(ledger.entries.keys.sorted() == [S.nonce(2)])
        #expect(throws: RoundtripError.self) {
            _ = try ledger.find(answeredBy: try URLSplit("pos-app://cb/success"), state: S.nonce(1), now: S.t0)
        }
    }

    @Test func consumeSucceedsOnce() throws {
        var ledger = Ledger()
        try ledger.record(entry(1))
        _ = try ledger.consume(nonce: S.nonce(1), now: S.t0)
        #expect(throws: RoundtripError.self) { _ = try ledger.consume(nonce: S.nonce(1), now: S.t0) }
        #expect(ledger.pending(at: S.t0).isEmpty)
    }

    @Test func removedRequestsAreUnsolicited() async throws {
        let store = InMemoryLedgerStore()
        try await store.record(entry(1))
        await store.remove(nonce: S.nonce(1))
        await #expect(throws: RoundtripError.self) {
            _ = try await store.find(answeredBy: try URLSplit("pos-app://cb/success"), state: S.nonce(1), now: S.t0)
        }
        #expect(await store.count == 0)
    }

    @Test func thousandRequestsInFlightAtOnceEachAcceptedExactlyOnce() async throws {
        let store = InMemoryLedgerStore()
        let acceptor = ResponseAcceptor(ledger: store)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for seed in 0..<1000 {
                group.addTask { try await store.record(self.entry(seed, base: "pos-app://cb\(seed % 7)")) }
            }
            try await group.waitForAll()
        }
        #expect(await store.pending(at: S.t0).count == 1000)
        // Every callback delivered twice, all at once: exactly one acceptance per request.
        let accepted = await withTaskGroup(of: String?.self) { group in
            for seed in 0..<1000 {
                for _ in 0..<2 {
                    group.addTask {
                        let url = "pos-app://cb\(seed % 7)/success?rt-state=\(S.nonce(seed))"
                        return try? await acceptor.accept(url, now: S.t0).request.nonce
                    }
                }
            }
            var nonces: [String] = []
            for await nonce in group { if let nonce { nonces.append(nonce) } }
            return nonces
        }
        #expect(accepted.count == 1000)
        #expect(Set(accepted).count == 1000)
        #expect(await store.pending(at: S.t0).isEmpty)
    }
}
