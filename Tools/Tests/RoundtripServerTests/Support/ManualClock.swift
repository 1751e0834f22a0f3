import Foundation
import RoundtripServer

/// A clock the test moves by hand, so the 20-second deadline is tested without sleeping.
final class ManualClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date

    init(_ start: Date = Date(timeIntervalSince1970: 1_800_000_000)) {
        current = start
    }

    func advance(by seconds: TimeInterval) {
        lock.withLock { current += seconds }
    }

    var serverClock: ServerClock {
        ServerClock { [self] in lock.withLock { current } }
    }
}
