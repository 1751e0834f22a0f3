import Foundation
import Roundtrip
import RoundtripAndroid

/// An Android app as the package manager knows it, as far as links go: its package name, the
/// SHA-256 fingerprint of its signing certificate and the intent filters of its activities.
public struct InstalledAndroidApp: Sendable, Hashable {
    /// The display name.
    public var name: String
    /// The package name (`applicationId`).
    public var package: String
    /// The SHA-256 fingerprint of the signing certificate, in any case, with or without colons.
    public var fingerprint: String
    /// The `<intent-filter>` elements of the app's activities.
    public var filters: [IntentFilter]

    /// Creates an app.
    public init(name: String, package: String, fingerprint: String, filters: [IntentFilter]) {
        self.name = name
        self.package = package
        self.fingerprint = fingerprint
        self.filters = filters
    }
}

/// A simulated Android phone that opens links as Android 12 and later do ("Verify Android App
/// Links", "Create deep links to app content"):
///
/// - At install, every host of a filter with `android:autoVerify="true"` is verified, host by
///   host (Android 12+; before, one failing host failed them all), against the
///   `assetlinks.json` hosted for it (a wildcard `*.example.com` against `example.com`'s).
/// - A web link (`http`/`https`) opens the app whose filter takes it and whose host is verified;
///   several verified apps give the chooser; a link no verified app takes opens in the browser,
///   even when an app's unverified filter takes it.
/// - On Android 15 and later (API 35), a verified host's dynamic rules (the statement's
///   `dynamic_app_link_components`) decide which of its URLs open the app; the others open in the
///   browser.
/// - A custom scheme opens the one app that registers it; when two or more do, the chooser lets
///   the user pick, which is how another app can catch a link meant for one (as on iOS, a custom
///   scheme proves nothing about who answers it).
///
/// ```swift
/// let phone = AndroidDevice()
/// phone.host(domain: "shop.example", assetLinks: file)
/// phone.install(InstalledAndroidApp(name: "Shop", package: "com.example.shop", fingerprint: key, filters: filters))
/// phone.open("https://shop.example/items/1")  // .app("com.example.shop")
/// ```
public actor AndroidDevice {
    /// Where a link went.
    public enum Destination: Sendable, Hashable {
        /// The app with this package opened it.
        case app(String)
        /// The browser opened it.
        case browser
        /// The chooser ("Open with") offered these packages, in install order.
        case chooser([String])
        /// Nothing can open it (a custom scheme no app registers).
        case nothing
    }

    /// The Android API level (31 is Android 12, 35 is Android 15).
    public let apiLevel: Int
    private var apps: [InstalledAndroidApp] = []
    private var files: [String: AssetLinksFile] = [:]
    /// Per package, the verified hosts of its filters.
    private var verifiedHosts: [String: Set<String>] = [:]

    /// A device at `apiLevel` (Android 15 unless told).
    public init(apiLevel: Int = 35) {
        self.apiLevel = apiLevel
    }

    /// Serves `assetLinks` at `https://DOMAIN/.well-known/assetlinks.json`. Apps installed later
    /// are verified against it (as on a device, installed apps are not verified again).
    public func host(domain: String, assetLinks: AssetLinksFile) {
        files[domain.lowercased()] = assetLinks
    }

    /// Installs an app and verifies its App Links hosts.
    public func install(_ app: InstalledAndroidApp) {
        apps.removeAll { $0.package == app.package }
        apps.append(app)
        let hosts = Set(app.filters.filter(\.autoVerify).flatMap { $0.authorities.map { $0.host.lowercased() } })
        var verified = hosts.filter { verifies($0, app) }
        if apiLevel < 31, verified.count < hosts.count { verified = [] }
        verifiedHosts[app.package] = verified
    }

    /// The hosts verified for a package (as `adb shell pm get-app-links` lists them as
    /// `verified`).
    public func verifiedHosts(of package: String) -> Set<String> {
        verifiedHosts[package] ?? []
    }

    /// Where a link a browser hands over (VIEW, BROWSABLE) goes.
    public func open(_ url: String) -> Destination {
        let uri = AndroidURI(url)
        let takers = apps.filter { app in app.filters.contains { $0.matchLink(uri) != nil } }
        guard let scheme = uri.scheme, ["http", "https"].contains(scheme) else {
            switch takers.count {
            case 0: return .nothing
            case 1: return .app(takers[0].package)
            default: return .chooser(takers.map(\.package))
            }
        }
        let host = uri.host?.lowercased() ?? ""
        let verified = takers.filter { app in
            let takenByVerifiedFilter = app.filters.contains { filter in
                filter.autoVerify && filter.matchLink(uri) != nil && filter.authorities.contains { Self.covers($0.host, host) }
            }
            guard takenByVerifiedFilter, let filterHost = (verifiedHosts[app.package] ?? []).first(where: { Self.covers($0, host) }) else {
                return false
            }
            return opensByDynamicRules(url, filterHost: filterHost, app: app)
        }
        switch verified.count {
        case 0: return .browser
        case 1: return .app(verified[0].package)
        default: return .chooser(verified.map(\.package))
        }
    }

    /// Whether the filter host `pattern` (`example.com`, `*.example.com`) takes `host`.
    private static func covers(_ pattern: String, _ host: String) -> Bool {
        let pattern = pattern.lowercased()
        guard pattern.hasPrefix("*") else { return pattern == host }
        return host.hasSuffix(pattern.dropFirst())
    }

    private func verifies(_ filterHost: String, _ app: InstalledAndroidApp) -> Bool {
        guard let file = files[AssociatedDomainPattern(filterHost).fileDomain] else { return false }
        return ((try? AssetLinksMatcher(file).verifyingStatement(package: app.package, fingerprint: app.fingerprint)) ?? nil) != nil
    }

    /// Android 15's dynamic rules of the file that verified `filterHost` (for a wildcard, its
    /// root's), when it has any; before API 35 a verified host opens every URL its filters take.
    private func opensByDynamicRules(_ url: String, filterHost: String, app: InstalledAndroidApp) -> Bool {
        guard apiLevel >= 35, let file = files[AssociatedDomainPattern(filterHost).fileDomain] else { return true }
        guard let result = try? AssetLinksMatcher(file).match(url, package: app.package, fingerprint: app.fingerprint) else { return true }
        return result.dynamic != .blocked
    }
}
