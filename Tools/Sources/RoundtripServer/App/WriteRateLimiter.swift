import Foundation

/// Per-client token buckets for the writing requests: each client (by remote address) may make
/// `perMinute` of them in a burst, refilled at `perMinute` a minute. A browser user creating tests
/// by hand never meets the limit; a script hammering the store does, and gets 429.
///
/// The table of clients is bounded: when it holds ``maximumClients``, clients whose bucket is full
/// again (idle for a minute) are forgotten first, and if all are active the oldest half goes.
final class WriteRateLimiter: @unchecked Sendable {
    // @unchecked: `buckets` is only touched while `lock` is held.
    private let lock = NSLock()
    private var buckets: [String: Bucket] = [:]
    /// Writes a client may make in a minute (and in one burst); 0 turns the limit off.
    let perMinute: Int
    /// The most clients remembered at once.
    let maximumClients: Int

    private struct Bucket {
        var tokens: Double
        var updated: Int64
    }

    init(perMinute: Int, maximumClients: Int = 10_000) {
        self.perMinute = perMinute
        self.maximumClients = maximumClients
    }

    /// Takes one write from `client`'s bucket at `now` (milliseconds).
    ///
    /// - Returns: `nil` when allowed, else the whole seconds until a write is allowed again.
    /// - Complexity: O(1), or O(*n*) in the clients remembered when the table is full.
    func take(client: String, now: Int64) -> Int? {
        guard perMinute > 0 else { return nil }
        let rate = Double(perMinute) / 60_000  // tokens per millisecond
        return lock.withLock {
            if buckets[client] == nil, buckets.count >= maximumClients { prune(now: now, rate: rate) }
            var bucket = buckets[client] ?? Bucket(tokens: Double(perMinute), updated: now)
            bucket.tokens = min(Double(perMinute), bucket.tokens + Double(max(now - bucket.updated, 0)) * rate)
            bucket.updated = now
            defer { buckets[client] = bucket }
            guard bucket.tokens >= 1 else { return Int(((1 - bucket.tokens) / rate / 1000).rounded(.up)) }
            bucket.tokens -= 1
            return nil
        }
    }

    /// The number of clients remembered.
    var clientCount: Int { lock.withLock { buckets.count } }

    private func prune(now: Int64, rate: Double) {
        buckets = buckets.filter { Double(now - $0.value.updated) * rate + $0.value.tokens < Double(perMinute) }
        guard buckets.count >= maximumClients else { return }
        let oldest = buckets.sorted { $0.value.updated < $1.value.updated }.prefix(buckets.count / 2 + 1).map(\.key)
        for key in oldest { buckets[key] = nil }
    }
}
