#if canImport(UIKit) && !os(watchOS)
import Foundation
import UIKit

/// A URL the system handed to the app, with the source application when the system says.
///
/// Build one from whichever entry point delivered it and pass ``url`` and ``sourceApplication``
/// to `Caller.handleCallback` or `Receiver.handle`. All business logic stays in `Roundtrip`.
public struct IncomingURL: Sendable, Hashable {
    /// The URL exactly as delivered.
    public let url: URL
    /// The bundle ID of the app that opened it; `nil` across developer teams and for universal links.
    public let sourceApplication: String?

    /// Creates an incoming URL.
    public init(url: URL, sourceApplication: String? = nil) {
        self.url = url
        self.sourceApplication = sourceApplication
    }

    /// The URLs of `scene(_:openURLContexts:)`, with their source applications.
    @MainActor
    public static func from(_ contexts: Set<UIOpenURLContext>) -> [IncomingURL] {
        contexts.map { IncomingURL(url: $0.url, sourceApplication: $0.options.sourceApplication) }
    }

    /// The URLs a scene was launched with (`scene(_:willConnectTo:options:)`).
    @MainActor
    public static func from(_ options: UIScene.ConnectionOptions) -> [IncomingURL] {
        from(options.urlContexts) + options.userActivities.compactMap { from($0) }
    }

    /// The universal link of an `NSUserActivity` (`scene(_:continue:)`), or `nil` when the
    /// activity is not a web-browsing activity.
    public static func from(_ activity: NSUserActivity) -> IncomingURL? {
        guard activity.activityType == NSUserActivityTypeBrowsingWeb, let url = activity.webpageURL else { return nil }
        return IncomingURL(url: url)
    }
}
#endif
