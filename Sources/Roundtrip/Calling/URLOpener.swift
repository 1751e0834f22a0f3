import Foundation

/// Opens URLs in other apps: `UIApplication.open` on iOS (see `RoundtripUIKit`), a simulator or
/// a recorder in tests.
public protocol URLOpener: Sendable {
    /// Opens a URL.
    ///
    /// - Parameters:
    ///   - url: The URL to open.
    ///   - universalLinksOnly: `true` to open only if an app claims the https URL (never Safari).
    ///     Requests to a universal-link action pass `true`; callbacks pass `false`, because a ULC
    ///     caller may be a web app (Imprivata's "iOS App Logout via Universal Link Callback").
    /// - Returns: Whether an app (or, without `universalLinksOnly`, the browser) opened it.
    func open(_ url: URL, universalLinksOnly: Bool) async -> Bool
}
