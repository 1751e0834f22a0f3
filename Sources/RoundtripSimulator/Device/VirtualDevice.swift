import Foundation
import Roundtrip
import RoundtripAssociatedDomains

/// A deterministic virtual iPhone for end-to-end tests of app-to-app URL flows on any machine.
///
/// It follows iOS's documented behaviour for what matters to a round trip:
/// - **Custom schemes** open the app that registered them, after the "Open in App?" prompt. When
///   two apps register one scheme, which one opens is undefined on iOS; here a test chooses with
///   ``SchemeClaimResolution`` to show hijacking.
/// - **Universal links** (https) open the app only when the app claims the domain in its
///   entitlements and the verifying domain's apple-app-site-association file, matched with
///   ``AssociationMatcher``, names the app for that URL; no prompt. The verifying domain is the
///   link's host for an exact claim and the apex for a wildcard claim (TN3155). Otherwise Safari opens the page, unless the caller
///   asked for `universalLinksOnly`.
/// - **`canOpenURL`** answers only for schemes in the caller's `LSApplicationQueriesSchemes`.
/// - **Source application**: the caller's bundle ID only within one developer team, otherwise nil
///   (iOS 13 and later).
/// - **Lifecycle**: not running, background, foreground; launch with a URL; force-quit at any
///   step; relaunch. App memory (its ``AppBehavior`` instance) dies with a force-quit; its
///   ``AppDisk`` survives.
///
/// Everything is recorded in ``trace`` with the ``clock``'s time.
public actor VirtualDevice {
    /// Which app opens a custom scheme that several apps register (undefined on iOS).
    public enum SchemeClaimResolution: Sendable, Hashable {
        /// The app installed first.
        case firstInstalled
        /// The app installed last (a malicious app installed later wins).
        case lastInstalled
        /// A pseudo-random app, reproducible from the seed.
        case random(seed: UInt64)
    }

    /// How the simulated user answers the "Open in App?" prompt.
    public enum PromptAnswer: Sendable, Hashable {
        /// Tap "Open".
        case open
        /// Tap "Cancel".
        case cancel
    }

    /// An app's lifecycle state.
    public enum AppState: String, Sendable, Hashable {
        /// Not in memory.
        case notRunning = "not running"
        /// In memory, not on screen.
        case background
        /// On screen.
        case foreground
    }

    /// What `open` did.
    public struct OpenResult: Sendable, Hashable {
        /// Whether an app (or Safari) opened the URL.
        public var isOpened: Bool
        /// The bundle ID of the app that opened it; `com.apple.mobilesafari` for Safari.
        public var bundleID: String?
        /// Whether it opened as a verified universal link.
        public var isUniversalLink: Bool
        /// Whether the user was prompted.
        public var wasPrompted: Bool

        /// An outcome to compare ``VirtualDevice/open(_:from:universalLinksOnly:)``'s answer with, as an app's test does:
        /// `#expect(result == .init(isOpened: true, bundleID: "com.example.target", isUniversalLink: true, wasPrompted: false))`.
        public init(isOpened: Bool, bundleID: String?, isUniversalLink: Bool, wasPrompted: Bool) {
            self.isOpened = isOpened
            self.bundleID = bundleID
            self.isUniversalLink = isUniversalLink
            self.wasPrompted = wasPrompted
        }
    }

    /// Safari's bundle ID, used as the source of URLs a web page opens.
    public static let safari = "com.apple.mobilesafari"

    struct InstalledApp {
        let manifest: AppManifest
        let makeBehavior: @Sendable () -> any AppBehavior
        let disk = AppDisk()
        var state: AppState = .notRunning
        var behavior: (any AppBehavior)?
        var holdsStartup = false
        var isStartupPending = false
    }

    /// The simulated time.
    public nonisolated let clock: VirtualClock
    /// Everything that happened.
    public nonisolated let trace: Trace
    /// Which app wins a contested custom scheme.
    public var schemeClaimResolution: SchemeClaimResolution
    /// How the user answers "Open in App?".
    public var promptAnswer: PromptAnswer = .open
    private var apps: [InstalledApp] = []
    private var websites: [String: AssociationMatcher] = [:]
    private var safariHistory: [String] = []
    private var random: SeededRandomNumberGenerator

    /// A device with no apps.
    public init(clock: VirtualClock = VirtualClock(), schemeClaimResolution: SchemeClaimResolution = .firstInstalled) {
        self.clock = clock
        trace = Trace(clock: clock)
        self.schemeClaimResolution = schemeClaimResolution
        if case .random(let seed) = schemeClaimResolution {
            random = SeededRandomNumberGenerator(seed: seed)
        } else {
            random = SeededRandomNumberGenerator(seed: 0x9E37_79B9_7F4A_7C15)
        }
    }

    // MARK: - Setup

    /// Installs an app.
    ///
    /// - Parameters:
    ///   - manifest: Its Info.plist and entitlements.
    ///   - behavior: Makes the app's code for each launch.
    public func install(_ manifest: AppManifest, behavior: @escaping @Sendable () -> any AppBehavior) {
        apps.append(InstalledApp(manifest: manifest, makeBehavior: behavior))
        var detail: [String] = []
        if !manifest.urlSchemes.isEmpty { detail.append("schemes: \(manifest.urlSchemes.joined(separator: ", "))") }
        if !manifest.associatedDomains.isEmpty { detail.append("applinks: \(manifest.associatedDomains.joined(separator: ", "))") }
        trace.record("iOS", .lifecycle, "installed \(manifest.name) (\(([manifest.bundleID] + detail).joined(separator: "; ")))")
    }

    /// Serves an apple-app-site-association file for a domain (as iOS's CDN would have it).
    ///
    /// A link is verified with the file of the domain its app's claim names: the link's host for
    /// `applinks:www.example.com`, the apex `example.com` for `applinks:*.example.com` (Apple's
    /// TN3155 "Debugging universal links"), so a wildcard's file is hosted at the apex.
    public func host(domain: String, association: AssociationFile) {
        websites[domain.lowercased()] = AssociationMatcher(association)
    }

    /// Sets the user's answer to "Open in App?".
    public func setPromptAnswer(_ answer: PromptAnswer) { promptAnswer = answer }

    /// Makes an app's startup routine wait until ``finishStartup(of:)``, so a test can act
    /// (force-quit, for instance) between launch and the end of startup.
    public func holdStartup(of bundleID: String, _ hold: Bool = true) {
        guard let index = index(of: bundleID) else { return }
        apps[index].holdsStartup = hold
    }

    /// The URL opener of an app: what its `UIApplication.open` does.
    public nonisolated func opener(for bundleID: String) -> any URLOpener {
        DeviceURLOpener(device: self, source: bundleID)
    }

    /// Nonces for the device's apps: 128 bits each, reproducible run to run so traces are
    /// deterministic. (Real apps use ``Nonce/make(byteCount:)``, the system's secure random source.)
    public nonisolated var nonces: @Sendable () -> String {
        let generator = DeterministicNonces()
        return { generator.next() }
    }

    // MARK: - State

    /// An app's lifecycle state.
    public func state(of bundleID: String) -> AppState {
        index(of: bundleID).map { apps[$0].state } ?? .notRunning
    }

    /// The pages Safari opened, in order.
    public var pagesOpenedInSafari: [String] { safariHistory }

    /// The durable container of an app.
    public func disk(of bundleID: String) -> AppDisk? {
        index(of: bundleID).map { apps[$0].disk }
    }

    // MARK: - Lifecycle

    /// The user taps the app's icon.
    public func launch(_ bundleID: String) async {
        guard let index = index(of: bundleID) else { return }
        if apps[index].state == .notRunning {
            startProcess(at: index, reason: "launched from the home screen")
            await finishStartupIfAllowed(at: index)
        } else {
            bringToForeground(index)
        }
    }

    /// The user (or the system, like an App Lock) force-quits the app: its memory is gone.
    public func forceQuit(_ bundleID: String) {
        guard let index = index(of: bundleID), apps[index].state != .notRunning else { return }
        apps[index].state = .notRunning
        apps[index].behavior = nil
        apps[index].isStartupPending = false
        trace.record("iOS", .lifecycle, "force-quit \(apps[index].manifest.name)")
    }

    /// Moves an app to the background.
    public func sendToBackground(_ bundleID: String) {
        guard let index = index(of: bundleID), apps[index].state == .foreground else { return }
        apps[index].state = .background
        trace.record("iOS", .lifecycle, "\(apps[index].manifest.name) moved to the background")
    }

    /// Lets a held startup routine finish.
    public func finishStartup(of bundleID: String) async {
        guard let index = index(of: bundleID) else { return }
        apps[index].holdsStartup = false
        await finishStartupIfAllowed(at: index)
    }

    /// Moves the clock forward.
    public func wait(_ seconds: TimeInterval) {
        clock.advance(by: seconds)
        trace.record("iOS", .clock, "\(seconds.formatted()) s pass")
    }

    // MARK: - Opening URLs

    /// Whether `canOpenURL` returns true for the app asking.
    ///
    /// For a custom scheme iOS answers only when the scheme is in the caller's
    /// `LSApplicationQueriesSchemes` (since iOS 9); https URLs are always openable.
    public func canOpenURL(_ url: String, from bundleID: String) -> Bool {
        guard let split = try? URLSplit(url), let caller = index(of: bundleID) else { return false }
        let scheme = split.scheme.lowercased()
        if scheme == "https" { return true }
        guard apps[caller].manifest.queriedSchemes.contains(where: { $0.lowercased() == scheme }) else {
            trace.record(
                "iOS",
                .open,
                "canOpenURL(\(scheme):) from \(apps[caller].manifest.name) refused: '\(scheme)' is not in its LSApplicationQueriesSchemes"
            )
            return false
        }
        return apps.contains { $0.manifest.urlSchemes.contains { $0.lowercased() == scheme } }
    }

    /// Opens a URL as `UIApplication.open` (from an app) or a tap in Safari would.
    ///
    /// - Parameters:
    ///   - url: The URL.
    ///   - source: The bundle ID of the opening app; ``safari`` for a web page; nil for the system.
    ///   - universalLinksOnly: Open only as a verified universal link, never in Safari.
    @discardableResult
    public func open(_ url: String, from source: String?, universalLinksOnly: Bool = false) async -> OpenResult {
        let sourceName = source.flatMap { index(of: $0).map { apps[$0].manifest.name } } ?? (source == Self.safari ? "Safari" : "iOS")
        guard let split = try? URLSplit(url) else {
            trace.record(sourceName, .open, "open \(url) failed: not a valid URL")
            return OpenResult(isOpened: false, bundleID: nil, isUniversalLink: false, wasPrompted: false)
        }
        let scheme = split.scheme.lowercased()
        if scheme == "https" || scheme == "http" {
            return await openWebURL(url, split: split, source: source, sourceName: sourceName, universalLinksOnly: universalLinksOnly)
        }
        if universalLinksOnly {
            trace.record(sourceName, .open, "open \(url) (universal links only) failed: not an https URL")
            return OpenResult(isOpened: false, bundleID: nil, isUniversalLink: false, wasPrompted: false)
        }
        let claimants = apps.indices.filter { apps[$0].manifest.urlSchemes.contains { $0.lowercased() == scheme } }
        guard !claimants.isEmpty else {
            trace.record(sourceName, .open, "open \(url) failed: no installed app handles '\(scheme):'")
            return OpenResult(isOpened: false, bundleID: nil, isUniversalLink: false, wasPrompted: false)
        }
        let target = choose(among: claimants)
        if claimants.count > 1 {
            let names = claimants.map { apps[$0].manifest.name }.joined(separator: ", ")
            trace.record(
                "iOS",
                .open,
                "⚠ \(claimants.count) apps register '\(scheme):' (\(names)); iOS's choice is undefined — \(apps[target].manifest.name) gets it"
            )
        }
        trace.record(sourceName, .open, "opens \(url)")
        let targetName = apps[target].manifest.name
        trace.record("iOS", .prompt, "“\(sourceName)” wants to open “\(targetName)” — user taps \(promptAnswer == .open ? "Open" : "Cancel")")
        guard promptAnswer == .open else {
            return OpenResult(isOpened: false, bundleID: nil, isUniversalLink: false, wasPrompted: true)
        }
        await deliver(url, to: target, source: source)
        return OpenResult(isOpened: true, bundleID: apps[target].manifest.bundleID, isUniversalLink: false, wasPrompted: true)
    }

    private func openWebURL(_ url: String, split: URLSplit, source: String?, sourceName: String, universalLinksOnly: Bool) async -> OpenResult {
        let host = split.host.lowercased()
        if split.scheme.lowercased() == "https" {
            for index in apps.indices {
                // TN3155: a wildcard claim is verified with the apex's file, not the link's host's.
                guard let fileDomain = verifyingDomain(of: apps[index].manifest, host: host), let matcher = websites[fileDomain],
                    let result = try? matcher.match(url, appID: apps[index].manifest.appID), result.isMatched
                else { continue }
                trace.record(
                    sourceName,
                    .open,
                    "opens \(url) — universal link, verified by \(fileDomain)'s apple-app-site-association for \(apps[index].manifest.appID) (no prompt)"
                )
                await deliver(url, to: index, source: source)
                return OpenResult(isOpened: true, bundleID: apps[index].manifest.bundleID, isUniversalLink: true, wasPrompted: false)
            }
        }
        if universalLinksOnly {
            trace.record(sourceName, .open, "open \(url) (universal links only) failed: no app is associated with it")
            return OpenResult(isOpened: false, bundleID: nil, isUniversalLink: false, wasPrompted: false)
        }
        trace.record(sourceName, .open, "opens \(url) — no app claims it, Safari loads the page")
        safariHistory.append(url)
        return OpenResult(isOpened: true, bundleID: Self.safari, isUniversalLink: false, wasPrompted: false)
    }

    /// The domain whose file verifies an app's claim on a host, or `nil` when the app claims no
    /// entry covering it: the host itself for `applinks:host`, the apex for `applinks:*.apex`
    /// (Apple's TN3155 "Debugging universal links"). An exact entry wins over a wildcard, and a
    /// longer wildcard over a shorter one.
    private func verifyingDomain(of manifest: AppManifest, host: String) -> String? {
        let covering = manifest.associatedDomains.map(AssociatedDomainPattern.init).filter { $0.covers(host) }
        if covering.contains(where: { !$0.isWildcard }) { return host }
        return covering.max { $0.baseDomain.count < $1.baseDomain.count }?.fileDomain
    }

    private func choose(among claimants: [Int]) -> Int {
        switch schemeClaimResolution {
        case .firstInstalled:
            return claimants[0]
        case .lastInstalled:
            return claimants[claimants.count - 1]
        case .random:
            // Reproducible from the seed on every platform.
            return claimants[Int(random.next() % UInt64(claimants.count))]
        }
    }

    /// Hands a URL to an app, launching it first when it is not running.
    private func deliver(_ url: String, to index: Int, source: String?) async {
        let sourceIndex = source.flatMap(self.index(of:))
        // iOS 13+: the source application is reported only within one developer team.
        let reportedSource = sourceIndex.flatMap { apps[$0].manifest.teamID == apps[index].manifest.teamID ? apps[$0].manifest.bundleID : nil }
        if let sourceIndex, sourceIndex != index, apps[sourceIndex].state == .foreground {
            apps[sourceIndex].state = .background
        }
        let isColdStart = apps[index].state == .notRunning
        if isColdStart {
            startProcess(at: index, reason: "launched to open a URL")
        } else {
            bringToForeground(index)
        }
        guard let behavior = apps[index].behavior else { return }
        let context = self.context(for: index)
        await behavior.open(url, source: reportedSource, context: context)
        if isColdStart { await finishStartupIfAllowed(at: index) }
    }

    private func startProcess(at index: Int, reason: String) {
        apps[index].behavior = apps[index].makeBehavior()
        apps[index].state = .foreground
        apps[index].isStartupPending = true
        trace.record("iOS", .lifecycle, "\(apps[index].manifest.name) \(reason)")
    }

    private func bringToForeground(_ index: Int) {
        if apps[index].state != .foreground {
            trace.record("iOS", .lifecycle, "\(apps[index].manifest.name) comes to the foreground")
        }
        apps[index].state = .foreground
    }

    private func finishStartupIfAllowed(at index: Int) async {
        guard apps[index].isStartupPending, !apps[index].holdsStartup, let behavior = apps[index].behavior else { return }
        apps[index].isStartupPending = false
        await behavior.finishLaunching(context(for: index))
    }

    private func context(for index: Int) -> AppContext {
        AppContext(
            manifest: apps[index].manifest,
            disk: apps[index].disk,
            opener: opener(for: apps[index].manifest.bundleID),
            clock: clock,
            trace: trace
        )
    }

    private func index(of bundleID: String) -> Int? {
        apps.firstIndex { $0.manifest.bundleID == bundleID }
    }
}

/// `UIApplication.open` for one simulated app.
struct DeviceURLOpener: URLOpener {
    let device: VirtualDevice
    let source: String

    func open(_ url: URL, universalLinksOnly: Bool) async -> Bool {
        await device.open(url.absoluteString, from: source, universalLinksOnly: universalLinksOnly).isOpened
    }
}

extension VirtualDevice {
    /// Runs code inside a running app, as its user interface would (a button tap). Launches the
    /// app first when it is not running.
    ///
    /// - Returns: What `body` returns.
    public func run<Result: Sendable>(
        in bundleID: String,
        _ body: @Sendable (any AppBehavior, AppContext) async throws -> Result
    ) async throws -> Result {
        guard let index = apps.firstIndex(where: { $0.manifest.bundleID == bundleID }) else {
            throw SimulatorError(message: "no app \(bundleID) is installed")
        }
        if apps[index].state == .notRunning { await launch(bundleID) }
        guard let behavior = apps[index].behavior else {
            throw SimulatorError(message: "\(bundleID) is not running")
        }
        let context = AppContext(manifest: apps[index].manifest, disk: apps[index].disk, opener: opener(for: bundleID), clock: clock, trace: trace)
        return try await body(behavior, context)
    }
}

/// A misuse of the simulator itself (an app that is not installed).
public struct SimulatorError: Error, Sendable, CustomStringConvertible {
    /// What was wrong.
    public let message: String
    /// The message.
    public var description: String { message }

    /// Creates an error that says what was wrong, for scripted apps and scenarios built on the
    /// simulator.
    ///
    /// - Parameter message: What was wrong, in a sentence.
    public init(message: String) {
        self.message = message
    }
}

/// SplitMix64 bytes as base64url nonces, reproducible from a fixed seed.
final class DeterministicNonces: @unchecked Sendable {
    // @unchecked: `random` is guarded by `lock`.
    private let lock = NSLock()
    private var random = SeededRandomNumberGenerator(seed: 0x0123_4567_89AB_CDEF)

    func next() -> String {
        lock.lock()
        defer { lock.unlock() }
        var bytes: [UInt8] = []
        for _ in 0..<2 {
            let mixed = random.next()
            bytes += (0..<8).map { UInt8(truncatingIfNeeded: mixed >> (8 * UInt64($0))) }
        }
        return Base64URL.encode(bytes)
    }
}
