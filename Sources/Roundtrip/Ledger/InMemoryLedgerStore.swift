import Foundation

/// A ledger in memory: for tests, previews, and apps that never need to survive a relaunch.
public actor InMemoryLedgerStore: LedgerStore {
    private var ledger: Ledger

    /// Creates an empty store.
    ///
    /// - Parameter retention: Seconds to keep entries after they expire (default one hour).
    public init(retention: TimeInterval = 3600) {
        ledger = Ledger(retention: retention)
    }

    /// Records a request (forgetting entries past retention first).
    public func record(_ request: PendingRequest) throws {
        ledger.purge(now: request.createdAt)
        try ledger.record(request)
    }

    /// Finds the request a callback answers, without consuming it.
    public func find(answeredBy callback: URLSplit, state: String?, now: Date) throws -> LedgerMatch {
        try ledger.find(answeredBy: callback, state: state, now: now)
    }

    /// Marks a request answered; succeeds once.
    public func consume(nonce: String, now: Date) throws -> PendingRequest {
        try ledger.consume(nonce: nonce, now: now)
    }

    /// Removes a request.
    public func remove(nonce: String) {
        ledger.remove(nonce: nonce)
    }

    /// The requests still waiting for an answer, oldest first.
    public func pending(at now: Date) -> [PendingRequest] {
        ledger.pending(at: now)
    }

    /// The requests sent to this callback's base, answered and expired ones included while kept.
    public func requests(answeredAt callback: URLSplit, now: Date) -> [PendingRequest] {
        ledger.requests(answeredAt: callback)
    }

    /// How many entries are held, tombstones included.
    public var count: Int { ledger.entries.count }
}
