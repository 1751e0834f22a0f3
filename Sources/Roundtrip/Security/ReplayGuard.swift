import Foundation

/// Remembers the request ids it has admitted, so each signed request is accepted once.
///
/// Roundtrip ships ``InMemoryReplayGuard`` (one process) and ``FileReplayGuard`` (durable, shared
/// by the processes that use its folder).
public protocol ReplayGuard: Sendable {
    /// Admits a request id once.
    ///
    /// - Parameters:
    ///   - requestID: The id (Roundtrip passes `keyID/rt-id`).
    ///   - until: When the id may be forgotten (the signature can no longer be fresh after it).
    ///   - now: The current time; expired ids are dropped.
    /// - Throws: ``RoundtripError`` `replayed` when the id was admitted before, or when the guard
    ///   is full (it refuses rather than forgets); a durable guard's own error, such as
    ///   ``StorageError``, when it cannot decide. Either way the request must be refused.
    func admit(requestID: String, until: Date, now: Date) async throws
}

/// A replay guard in memory, bounded: it never holds more than `capacity` unexpired ids and
/// refuses new ones rather than forgetting live ones (forgetting would allow a replay).
public actor InMemoryReplayGuard: ReplayGuard {
    private var seen: [String: Date] = [:]
    /// The most ids kept at once.
    public let capacity: Int

    /// Creates an empty guard.
    ///
    /// - Parameter capacity: The most unexpired ids kept.
    public init(capacity: Int = 100_000) { self.capacity = capacity }

    /// Admits a request id once.
    ///
    /// - Parameters:
    ///   - requestID: The id (Roundtrip passes `keyID/rt-id`).
    ///   - until: When the id may be forgotten.
    ///   - now: The current time; expired ids are dropped when the guard is full.
    /// - Throws: ``RoundtripError`` `replayed` for an id admitted before and unexpired, or when
    ///   ``capacity`` unexpired ids are held.
    /// - Complexity: O(1), or O(*n*) in the ids held when the guard is full and drops expired ones.
    public func admit(requestID: String, until: Date, now: Date) throws(RoundtripError) {
        if let expiry = seen[requestID], expiry >= now {
            throw RoundtripError(
                .replayed,
                "the request id '\(requestID)' was already accepted; each signed request is accepted once",
                parameter: ReservedNames.requestID
            )
        }
        if seen.count >= capacity { seen = seen.filter { $0.value >= now } }
        guard seen.count < capacity else {
            throw RoundtripError(
                .replayed,
                "the replay guard is full (\(capacity) live request ids); refusing rather than forgetting",
                parameter: ReservedNames.requestID
            )
        }
        seen[requestID] = until
    }

    /// How many ids are held.
    public var count: Int { seen.count }
}
