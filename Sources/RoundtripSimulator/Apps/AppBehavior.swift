import Foundation
import Roundtrip

/// The code of a simulated app: what it does when it launches and when a URL arrives.
///
/// A new instance is made for every launch, so anything kept in it is lost on a force-quit,
/// exactly like process memory; keep durable state in ``AppContext/disk``.
public protocol AppBehavior: Sendable {
    /// The app's startup routine, run after launch (and after the launch URL was delivered).
    func finishLaunching(_ context: AppContext) async
    /// A URL arrived (`application(_:open:options:)` or a universal link's `NSUserActivity`).
    ///
    /// - Parameters:
    ///   - url: The URL.
    ///   - source: The source application's bundle ID as iOS reports it (nil across teams).
    func open(_ url: String, source: String?, context: AppContext) async
}

/// What a running simulated app can use: its durable storage, the device's `open`, the clock
/// and the trace.
public struct AppContext: Sendable {
    /// The app's manifest.
    public let manifest: AppManifest
    /// Storage that survives force-quits and relaunches (the app's container).
    public let disk: AppDisk
    /// Opens URLs as this app (`UIApplication.open`).
    public let opener: any URLOpener
    /// The device's clock.
    public let clock: VirtualClock
    /// The device's trace.
    public let trace: Trace

    /// Records what the app did in the trace.
    public func log(_ text: String) {
        trace.record(manifest.name, .app, text)
    }
}

/// An app's container: named values that survive force-quits (ledgers, journals, settings).
public final class AppDisk: @unchecked Sendable {
    // @unchecked: `values` is guarded by `lock`.
    private let lock = NSLock()
    private var values: [String: any Sendable] = [:]

    /// An empty container.
    public init() {}

    /// The value stored under `key`, created by `make` the first time.
    public func value<Value: Sendable>(_ key: String, default make: () -> Value) -> Value {
        lock.lock()
        defer { lock.unlock() }
        if let existing = values[key] as? Value { return existing }
        let created = make()
        values[key] = created
        return created
    }
}
