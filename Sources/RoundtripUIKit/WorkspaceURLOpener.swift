#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit
import Foundation
import Roundtrip

/// `NSWorkspace.open(_:)` as Roundtrip's ``URLOpener``, on macOS.
///
/// `NSWorkspace` has no universal-links-only option: an https URL opens in the app that claims
/// it or, failing that, in the browser. So a request to a universal-link action
/// (`universalLinksOnly: true`) is opened only when ``opensUniversalLinksInBrowser`` allows it;
/// by default it is not opened, and `Caller` reports `OpenFailure` rather than send the request
/// to a web page. Callbacks (`universalLinksOnly: false`) always open.
public struct WorkspaceURLOpener: URLOpener {
    /// Whether a request to a universal-link action may open when no app claims it, in the browser.
    public let opensUniversalLinksInBrowser: Bool

    /// Creates the opener.
    ///
    /// - Parameter opensUniversalLinksInBrowser: `true` to open universal-link requests even
    ///   though the browser may receive them; `false` (the default) to refuse them.
    public init(opensUniversalLinksInBrowser: Bool = false) {
        self.opensUniversalLinksInBrowser = opensUniversalLinksInBrowser
    }

    /// Opens a URL with `NSWorkspace.shared`. Apple's AppKit reference ("NSWorkspace.open(_:)")
    /// allows any thread; the call is made on the main actor all the same, so it compiles whether
    /// or not the SDK isolates `NSWorkspace` to it.
    ///
    /// - Parameters:
    ///   - url: The URL to open.
    ///   - universalLinksOnly: `true` for a request to a universal-link action.
    /// - Returns: Whether the system opened it.
    public func open(_ url: URL, universalLinksOnly: Bool) async -> Bool {
        if universalLinksOnly && !opensUniversalLinksInBrowser { return false }
        return await MainActor.run { NSWorkspace.shared.open(url) }
    }
}
#endif
