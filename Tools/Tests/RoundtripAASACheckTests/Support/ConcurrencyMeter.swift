import Foundation

/// Counts the requests in flight per host, to show how many domains a check fetches at once.
final class ConcurrencyMeter: @unchecked Sendable {
    // @unchecked: every property is read and written under `lock`.
    private let lock = NSLock()
    private var inFlight: [String: Int] = [:]
    private(set) var peakHosts = 0
    private(set) var requests = 0

    func enter(_ host: String) {
        lock.withLock {
            inFlight[host, default: 0] += 1
            requests += 1
            peakHosts = max(peakHosts, inFlight.count)
        }
    }

    func leave(_ host: String) {
        lock.withLock {
            inFlight[host, default: 1] -= 1
            if inFlight[host] == 0 { inFlight[host] = nil }
        }
    }

    var snapshot: (peakHosts: Int, requests: Int) { lock.withLock { (peakHosts, requests) } }

    /// The requests in flight now, over all hosts.
    var inFlightCount: Int { lock.withLock { inFlight.values.reduce(0, +) } }

    /// Waits until `condition` holds of ``inFlightCount`` (polling every 20 ms), or `limit` passes.
    ///
    /// - Returns: Whether it held in time.
    func wait(upTo limit: Duration, until condition: @Sendable (Int) -> Bool) async -> Bool {
        let end = ContinuousClock.now + limit
        while ContinuousClock.now < end {
            if condition(inFlightCount) { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return condition(inFlightCount)
    }
}
