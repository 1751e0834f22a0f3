#if canImport(UIKit) && !os(watchOS)
import Foundation
import Roundtrip
import UIKit

/// `UIApplication.open` as Roundtrip's ``URLOpener``.
///
/// Requests to a universal-link action open with `universalLinksOnly` so they never land in
/// Safari; callbacks open without it, because a ULC caller may be a web app (seed 002).
public struct ApplicationURLOpener: URLOpener {
    /// Creates the opener.
    public init() {}

    /// Opens a URL through `UIApplication.shared`.
    public func open(_ url: URL, universalLinksOnly: Bool) async -> Bool {
        await Self.openOnMainActor(url, universalLinksOnly: universalLinksOnly)
    }

    @MainActor
    private static func openOnMainActor(_ url: URL, universalLinksOnly: Bool) async -> Bool {
        await UIApplication.shared.open(url, options: [.universalLinksOnly: universalLinksOnly])
    }
}
#endif
