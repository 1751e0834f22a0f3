import Foundation

/// Remembers the request ids it has admitted, so each signed request is accepted once.
public protocol ReplayGuard: Sendable {
    /// Admits a request id once.
    ///
    /// - Parameters:
    ///   - requestID: The id (Roundtrip passes `keyID/rt-id`).
    ///   - until: When the id may be forgotten (the signature can no longer be fresh after it).
    ///   - now: The current time; expired ids are dropped.
    /// - Throws: ``RoundtripError`` `replayed` when the id was admitted before.
    func admit(requestID: String, until: Date, now: Date) async throws(RoundtripError)
}

/// A replay guard in memory, bounded: it never holds more than `capacity` unexpired ids and
/// refuses new ones rather than forgetting live ones (forgetting would allow a replay).
public actor InMemoryReplayGuard: ReplayGuard {
    private var seen: [String: Date] = [:]
    /// The most ids kept at once.
    public let capacity: Int

    /// Creates an empty guard.
    public init(capacity: Int = 100_000) { self.capacity = capacity }

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
