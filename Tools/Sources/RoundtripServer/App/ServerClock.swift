import Foundation

/// Where the server reads the time: the system clock in production, a settable one in tests,
/// so the tester's 20-second timeout is checked without sleeping.
package struct ServerClock: Sendable {
    /// The current time.
    package let now: @Sendable () -> Date

    /// A clock reading `now`.
    package init(now: @escaping @Sendable () -> Date) {
        self.now = now
    }

    /// The system clock.
    package static let system = ServerClock { Date() }

    /// The current time in whole milliseconds since 1970.
    var milliseconds: Int64 { Int64((now().timeIntervalSince1970 * 1000).rounded(.down)) }
}
