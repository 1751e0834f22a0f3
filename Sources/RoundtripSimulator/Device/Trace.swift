import Foundation

/// One thing that happened on the simulated device.
public struct TraceEvent: Sendable, Hashable {
    /// What kind of event it is, for tests that look for one.
    public enum Kind: String, Sendable, Hashable {
        /// A URL was opened (or failed to open).
        case open
        /// The system asked the user something ("Open in App?").
        case prompt
        /// An app was launched, backgrounded, force-quit or relaunched.
        case lifecycle
        /// An app did something (accepted, rejected, answered).
        case app
        /// Time passed.
        case clock
        /// A scenario's narration.
        case note
    }

    /// Seconds since the device started.
    public let time: TimeInterval
    /// Who did it: an app's name, "iOS" or "Safari".
    public let actor: String
    /// The kind of event.
    public let kind: Kind
    /// What happened, in one line.
    public let text: String
}

/// Everything that happened on a device, in order, as readable text.
public final class Trace: @unchecked Sendable {
    // @unchecked: `events` is guarded by `lock`.
    private let lock = NSLock()
    private var stored: [TraceEvent] = []
    private let clock: VirtualClock
    private let start: Date

    /// A trace timed by `clock`.
    public init(clock: VirtualClock) {
        self.clock = clock
        start = clock.now
    }

    /// Records an event.
    public func record(_ actor: String, _ kind: TraceEvent.Kind, _ text: String) {
        let event = TraceEvent(time: clock.now.timeIntervalSince(start), actor: actor, kind: kind, text: text)
        lock.lock()
        stored.append(event)
        lock.unlock()
    }

    /// The events so far.
    public var events: [TraceEvent] {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }

    /// One line per event: `[  1.500s] Card Terminal  accepted charge …`.
    public func rendered() -> String {
        events.map { event in
            let seconds = String(format: "%7.3f", event.time)
            let actor = event.actor.count >= 16 ? event.actor : event.actor.padding(toLength: 16, withPad: " ", startingAt: 0)
            return "[\(seconds)s] \(actor) \(event.text)"
        }.joined(separator: "\n")
    }
}
