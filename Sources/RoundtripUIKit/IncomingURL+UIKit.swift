#if canImport(UIKit) && !os(watchOS)
import Foundation
import UIKit

extension IncomingURL {
    /// The URLs of `scene(_:openURLContexts:)`, with their source applications
    /// (Apple's UIKit reference, "UIScene.OpenURLOptions.sourceApplication": the bundle ID of the
    /// app that asked to open the URL, reported only for apps of the same developer team).
    ///
    /// - Parameter contexts: The contexts the scene delegate received.
    /// - Returns: One incoming URL per context.
    @MainActor
    public static func from(_ contexts: Set<UIOpenURLContext>) -> [IncomingURL] {
        contexts.map { IncomingURL(url: $0.url, sourceApplication: $0.options.sourceApplication) }
    }

    /// The URLs a scene was launched with (`scene(_:willConnectTo:options:)`): custom-scheme URLs
    /// with their source applications, and universal links.
    ///
    /// - Parameter options: The scene's connection options.
    /// - Returns: The incoming URLs.
    @MainActor
    public static func from(_ options: UIScene.ConnectionOptions) -> [IncomingURL] {
        from(options.urlContexts) + options.userActivities.compactMap { from($0) }
    }
}
#endif
