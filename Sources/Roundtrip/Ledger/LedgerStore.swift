import Foundation

/// Where a calling app keeps its pending requests: the ledger, behind an actor.
///
/// A store adds persistence and isolation to the rules of ``Ledger``. Each method is one
/// isolated step, so two callbacks racing for the same request cannot both consume it:
/// ``find(answeredBy:state:now:)`` only reads, and ``consume(nonce:now:)`` succeeds once.
///
/// Roundtrip ships ``InMemoryLedgerStore`` (tests, or apps that never need to survive a relaunch)
/// and ``FileLedgerStore`` (durable, crash-safe, tamper-evident).
public protocol LedgerStore: Sendable {
    /// Records a request that is about to be sent.
    ///
    /// - Throws: ``RoundtripError`` `duplicate-parameter` for a nonce already recorded;
    ///   ``StorageError`` when a durable store cannot be read or written.
    func record(_ request: PendingRequest) async throws

    /// Finds the request a callback answers, without consuming it.
    ///
    /// - Throws: ``RoundtripError`` `unsolicited-response`, `nonce-mismatch`, `replayed` or
    ///   `expired`; ``StorageError``.
    func find(answeredBy callback: URLSplit, state: String?, now: Date) async throws -> LedgerMatch

    /// Marks a request answered; succeeds once per request.
    ///
    /// - Throws: ``RoundtripError`` `replayed` the second time, `expired`, `unsolicited-response`;
    ///   ``StorageError``.
    func consume(nonce: String, now: Date) async throws -> PendingRequest

    /// Removes a request, for example one whose URL could not be opened.
    ///
    /// - Throws: ``StorageError``.
    func remove(nonce: String) async throws

    /// The requests still waiting for an answer, oldest first; after a relaunch, what the app
    /// may still hear back about.
    ///
    /// - Throws: ``StorageError``.
    func pending(at now: Date) async throws -> [PendingRequest]

    /// The requests sent with a callback at this callback's base, answered and expired ones
    /// included while the store keeps them (see ``Ledger/requests(answeredAt:)``).
    ///
    /// - Throws: ``StorageError``.
    func requests(answeredAt callback: URLSplit, now: Date) async throws -> [PendingRequest]
}

extension LedgerStore {
    /// A store that does not keep answered requests apart offers its pending ones at that base:
    /// an answer's replay is then told apart only by its `rt-state`.
    ///
    /// - Throws: ``StorageError``.
    public func requests(answeredAt callback: URLSplit, now: Date) async throws -> [PendingRequest] {
        Ledger(entries: try await pending(at: now)).requests(answeredAt: callback)
    }
}
