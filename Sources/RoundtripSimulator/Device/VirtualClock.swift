import Foundation

/// A clock that moves only when told: every simulated second is deterministic.
public final class VirtualClock: @unchecked Sendable {
    // @unchecked: the one mutable field is guarded by `lock`.
    private let lock = NSLock()
    private var current: Date

    /// A clock at `start` (by default 2026-01-01T00:00:00Z).
    public init(start: Date = Date(timeIntervalSince1970: 1_767_225_600)) {
        current = start
    }

    /// The simulated time.
    public var now: Date {
        lock.lock()
        defer { lock.unlock() }
        return current
    }

    /// Moves the clock forward.
    public func advance(by seconds: TimeInterval) {
        lock.lock()
        current += max(0, seconds)
        lock.unlock()
    }

    /// The clock as the closure Roundtrip's APIs take.
    public var closure: @Sendable () -> Date { { [self] in now } }
}
