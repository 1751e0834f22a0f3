#if canImport(UIKit) || canImport(AppKit)
import Foundation

/// A URL the system handed to the app, with the source application when the system says.
///
/// Build one from whichever entry point delivered it (the UIKit scene delegate, SwiftUI's
/// `onOpenURL`, AppKit's application delegate or the Get URL Apple event) and pass ``url`` and
/// ``sourceApplication`` to `Caller.handleCallback` or `Receiver.handle`. All business logic
/// stays in `Roundtrip`.
public struct IncomingURL: Sendable, Hashable {
    /// The URL exactly as delivered.
    public let url: URL
    /// The bundle ID of the app that opened it, when the system says. It is `nil` for universal
    /// links, across developer teams on iOS, always through SwiftUI's `onOpenURL` and AppKit's
    /// `application(_:open:)`, and when a Get URL Apple event's sender has already quit.
    public let sourceApplication: String?

    /// Creates an incoming URL.
    ///
    /// - Parameters:
    ///   - url: The URL exactly as delivered.
    ///   - sourceApplication: The bundle ID of the app that opened it, if the system said.
    public init(url: URL, sourceApplication: String? = nil) {
        self.url = url
        self.sourceApplication = sourceApplication
    }

    /// The universal link of an `NSUserActivity` (UIKit's `scene(_:continue:)`, AppKit's
    /// `application(_:continue:restorationHandler:)`), or `nil` when the
    /// activity is not a web-browsing activity. A universal link has no source application.
    ///
    /// - Parameter activity: The activity the delegate received.
    /// - Returns: The incoming URL, or `nil`.
    public static func from(_ activity: NSUserActivity) -> IncomingURL? {
        guard activity.activityType == NSUserActivityTypeBrowsingWeb, let url = activity.webpageURL else { return nil }
        return IncomingURL(url: url)
    }
}
#endif
