#if canImport(UIKit) && !os(watchOS)
import Foundation
import Roundtrip
import UIKit

/// `UIApplication.open(_:options:completionHandler:)` as Roundtrip's ``URLOpener``, for apps.
///
/// Requests to a universal-link action open with `universalLinksOnly`, so they never land in
/// Safari (Apple's UIKit reference, "UIApplication.OpenExternalURLOptionsKey.universalLinksOnly":
/// the URL opens only when an installed app claims it); callbacks open without it, because a
/// universal-link caller may be a web page.
///
/// `UIApplication.shared` is unavailable in app extensions, and so is this opener: an extension
/// uses ``ExtensionContextURLOpener`` (Today widgets and iMessage apps) or a `ClosureURLOpener`
/// around whatever its host allows.
@available(iOSApplicationExtension, unavailable, message: "use ExtensionContextURLOpener or ClosureURLOpener in an app extension")
@available(macCatalystApplicationExtension, unavailable, message: "use ExtensionContextURLOpener or ClosureURLOpener in an app extension")
@available(tvOSApplicationExtension, unavailable, message: "use ExtensionContextURLOpener or ClosureURLOpener in an app extension")
@available(visionOSApplicationExtension, unavailable, message: "use ExtensionContextURLOpener or ClosureURLOpener in an app extension")
public struct ApplicationURLOpener: URLOpener {
    /// Creates the opener.
    public init() {}

    /// Opens a URL through `UIApplication.shared`, on the main actor.
    ///
    /// - Parameters:
    ///   - url: The URL to open.
    ///   - universalLinksOnly: `true` to open the URL only in an app that claims it as a universal link.
    /// - Returns: Whether the system opened it.
    public func open(_ url: URL, universalLinksOnly: Bool) async -> Bool {
        await Self.openOnMainActor(url, universalLinksOnly: universalLinksOnly)
    }

    /// `UIApplication` is main-actor isolated (Apple's UIKit reference, "UIApplication": it is
    /// declared `@MainActor`), so the call is made there.
    @MainActor
    private static func openOnMainActor(_ url: URL, universalLinksOnly: Bool) async -> Bool {
        await UIApplication.shared.open(url, options: [.universalLinksOnly: universalLinksOnly])
    }
}
#endif
