#if canImport(SwiftUI) && (canImport(UIKit) || canImport(AppKit))
import Foundation
import SwiftUI

extension View {
    /// Hands every URL SwiftUI delivers to `handler`, for example `Caller.handleCallback` or
    /// `Receiver.handle`.
    ///
    /// SwiftUI's `onOpenURL(perform:)` delivers custom-scheme URLs and universal links alike
    /// (Apple's SwiftUI reference, "onOpenURL(perform:)": a universal link arrives as a URL, not
    /// as an `NSUserActivity`), and it hands over the URL alone. So every ``IncomingURL`` from
    /// here has `sourceApplication == nil`: an action whose `sources` has an `allow` list or
    /// `unknown: reject` refuses every request a SwiftUI app receives (`roundtrip spec lint`
    /// notes such policies as `swiftui-source-unknown`). An app that needs the source
    /// application receives URLs in a UIKit scene delegate instead, through `IncomingURL.from(_:)`
    /// with the scene's `UIOpenURLContext`s, or, on macOS, through ``GetURLEventHandler``
    /// (which then receives custom-scheme URLs in place of this modifier: use one or the other).
    ///
    /// ```swift
    /// ContentView().onRoundtripURL { incoming in
    ///     _ = try? await caller.handleCallback(incoming.url)
    /// }
    /// ```
    ///
    /// - Parameter handler: Called once per URL, with no source application.
    /// - Returns: A view that hands incoming URLs to `handler`.
    public func onRoundtripURL(perform handler: @escaping @Sendable (IncomingURL) async -> Void) -> some View {
        onOpenURL { url in
            // SwiftUI never reports the source application.
            let incoming = IncomingURL(url: url, sourceApplication: nil)
            Task { await handler(incoming) }
        }
    }
}
#endif
