#if canImport(UIKit) && canImport(SwiftUI) && !os(watchOS)
import Foundation
import SwiftUI

extension View {
    /// Hands every URL SwiftUI delivers (custom schemes through `onOpenURL`, universal links
    /// through `onContinueUserActivity`) to `handler`, for example `Caller.handleCallback` or
    /// `Receiver.handle`.
    ///
    /// ```swift
    /// ContentView().onRoundtripURL { incoming in
    ///     _ = try? await caller.handleCallback(incoming.url)
    /// }
    /// ```
    public func onRoundtripURL(perform handler: @escaping @Sendable (IncomingURL) async -> Void) -> some View {
        onOpenURL { url in
            Task { await handler(IncomingURL(url: url)) }
        }
        .onContinueUserActivity(NSUserActivityTypeBrowsingWeb) { activity in
            guard let incoming = IncomingURL.from(activity) else { return }
            Task { await handler(incoming) }
        }
    }
}
#endif
