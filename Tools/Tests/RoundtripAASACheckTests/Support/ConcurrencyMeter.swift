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
}
