#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit
import CoreServices
import Foundation

/// Receives custom-scheme URLs on macOS through the Get URL Apple event, with the source
/// application when the event names its sender.
///
/// AppKit offers two ways in: `NSApplicationDelegate.application(_:open:)` (see
/// `IncomingURL.from(_:)` with the URLs), which gives URLs alone, and an Apple event handler for
/// `kInternetEventClass`/`kAEGetURL` registered with
/// `NSAppleEventManager.setEventHandler(_:andSelector:forEventClass:andEventID:)` (Apple's
/// Foundation reference), whose event also names the sending process. Registering this handler
/// replaces AppKit's own Get URL handling, so `application(_:open:)` (and SwiftUI's `onOpenURL`,
/// which AppKit feeds from the same event) then no longer receives custom-scheme URLs. Install it
/// in `applicationWillFinishLaunching(_:)`, so the URL that launched the app arrives here too.
/// Choose one way in for the life of the process: AppKit has no public call that puts its own
/// handler back.
///
/// ```swift
/// func applicationWillFinishLaunching(_ notification: Notification) {
///     urlHandler = GetURLEventHandler { incoming in
///         _ = try? await caller.handleCallback(incoming.url)
///     }
///     urlHandler?.install()
/// }
/// ```
@MainActor
public final class GetURLEventHandler: NSObject {
    private let handler: @Sendable (IncomingURL) async -> Void

    /// Creates a handler; call ``install()`` to start receiving URLs.
    ///
    /// - Parameter handler: Called once per URL, with the source application when known.
    public init(_ handler: @escaping @Sendable (IncomingURL) async -> Void) {
        self.handler = handler
    }

    /// Registers this object for the Get URL event. The Apple event manager does not retain its
    /// handlers, so keep this object alive for as long as it should receive URLs.
    public func install() {
        NSAppleEventManager.shared().setEventHandler(
            self,
            andSelector: #selector(handleGetURLEvent(_:withReplyEvent:)),
            forEventClass: AEEventClass(kInternetEventClass),
            andEventID: AEEventID(kAEGetURL)
        )
    }

    /// Unregisters the Get URL event handler.
    ///
    /// AppKit's own handling does not come back: until the app is relaunched, custom-scheme URLs
    /// reach neither `application(_:open:)` nor `onOpenURL`. Uninstall only when the app should
    /// receive no more URLs.
    public func uninstall() {
        NSAppleEventManager.shared().removeEventHandler(forEventClass: AEEventClass(kInternetEventClass), andEventID: AEEventID(kAEGetURL))
    }

    /// The selector the Apple event manager calls, with the signature its documentation gives.
    @objc private func handleGetURLEvent(_ event: NSAppleEventDescriptor, withReplyEvent reply: NSAppleEventDescriptor) {
        guard let incoming = IncomingURL.from(getURLEvent: event) else { return }
        let handler = handler
        Task { await handler(incoming) }
    }
}
#endif
