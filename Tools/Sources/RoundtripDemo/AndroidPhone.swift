import Foundation
import Roundtrip
import RoundtripAndroid
import RoundtripSimulator

/// The demo's Android phone: an ``AndroidDevice`` decides where each link goes (an App Link
/// verified per host, the browser, the chooser), and the phone hands the link to the code of the
/// app it went to, writing each step into a trace the way the iOS device does.
actor AndroidPhone {
    /// An app's code for a link it receives.
    typealias Handler = @Sendable (_ url: String) async -> Void

    /// Where links go.
    let device: AndroidDevice
    /// The phone's clock.
    nonisolated let clock: VirtualClock
    /// What happened, in order.
    nonisolated let trace: Trace
    private var names: [String: String] = [:]
    private var handlers: [String: Handler] = [:]
    private var chooserPick: String?

    /// A phone at `apiLevel` (Android 15 unless told).
    init(apiLevel: Int = 35) {
        let clock = VirtualClock()
        self.clock = clock
        trace = Trace(clock: clock)
        device = AndroidDevice(apiLevel: apiLevel)
    }

    /// Serves `assetLinks` at `https://DOMAIN/.well-known/assetlinks.json`.
    func host(domain: String, assetLinks: AssetLinksFile) async {
        await device.host(domain: domain, assetLinks: assetLinks)
        trace.record("web", .note, "https://\(domain)/.well-known/assetlinks.json is served (\(assetLinks.statements.count) statement(s))")
    }

    /// Installs an app, whose App Links hosts Android verifies at install, and its code.
    func install(_ app: InstalledAndroidApp, handler: @escaping Handler) async {
        names[app.package] = app.name
        handlers[app.package] = handler
        await device.install(app)
        let verified = await device.verifiedHosts(of: app.package).sorted()
        trace.record(
            "Android",
            .lifecycle,
            "\(app.name) installed; App Links verified: \(verified.isEmpty ? "none" : verified.joined(separator: ", "))"
        )
    }

    /// The package the user taps when the chooser ("Open with") lists it; else the first listed.
    func setChooserPick(_ package: String?) { chooserPick = package }

    /// Opens a link as the app `source` does (`startActivity` with a VIEW intent).
    ///
    /// - Returns: Whether an app (or, without `appLinksOnly`, the browser) opened it.
    func open(_ url: String, from source: String, appLinksOnly: Bool = false) async -> Bool {
        let sourceName = name(of: source)
        switch await device.open(url) {
        case .app(let package):
            let how = url.lowercased().hasPrefix("http") ? "App Link verified for \(package)" : "the one app registering its scheme"
            trace.record(sourceName, .open, "opens \(url) — \(how): \(name(of: package))")
            await handlers[package]?(url)
            return true
        case .chooser(let packages):
            let pick = packages.contains(chooserPick ?? "") ? chooserPick ?? packages[0] : packages[0]
            trace.record(sourceName, .open, "opens \(url)")
            trace.record(
                "Android",
                .prompt,
                "⚠ \(packages.count) apps take it: chooser “Open with” \(packages.map(name(of:)).joined(separator: ", ")) — the user taps \(name(of: pick))"
            )
            await handlers[pick]?(url)
            return true
        case .browser:
            guard !appLinksOnly else {
                trace.record(sourceName, .open, "open \(url) (App Links only) failed: no app is verified for it")
                return false
            }
            trace.record(sourceName, .open, "opens \(url) in the browser: no app is verified for its host")
            return true
        case .nothing:
            trace.record(sourceName, .open, "open \(url) failed: no installed app takes it")
            return false
        }
    }

    /// Opens links as the app `package` does, for its ``Caller`` or ``Receiver``.
    nonisolated func opener(for package: String) -> any URLOpener {
        PhoneOpener(phone: self, source: package)
    }

    /// Records what an app did.
    func log(_ package: String, _ text: String) {
        trace.record(name(of: package), .app, text)
    }

    private func name(of package: String) -> String { names[package] ?? package }
}

/// `startActivity` for one app of an ``AndroidPhone``.
private struct PhoneOpener: URLOpener {
    let phone: AndroidPhone
    let source: String

    func open(_ url: URL, universalLinksOnly: Bool) async -> Bool {
        await phone.open(url.absoluteString, from: source, appLinksOnly: universalLinksOnly)
    }
}
