#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit
import CoreServices
import Foundation

extension IncomingURL {
    /// The URLs of `NSApplicationDelegate.application(_:open:)` (macOS 10.13+). AppKit hands over
    /// the URLs alone (Apple's AppKit reference, "application(_:open:)"), so none has a source
    /// application; use ``GetURLEventHandler`` when the source application matters.
    ///
    /// - Parameter urls: The URLs the delegate received.
    /// - Returns: One incoming URL per URL, with no source application.
    public static func from(_ urls: [URL]) -> [IncomingURL] {
        urls.map { IncomingURL(url: $0, sourceApplication: nil) }
    }

    /// The URL of a Get URL Apple event (`kInternetEventClass`/`kAEGetURL`), with the bundle ID of
    /// the sending process when the event names it (`keySenderPIDAttr`) and that process is still
    /// running; `nil` when the event carries no URL.
    ///
    /// The URL is the event's direct object (`keyDirectObject`), as Apple's "How Cocoa
    /// Applications Handle Apple Events" describes for the Get URL event.
    ///
    /// - Parameter event: The event the handler received.
    /// - Returns: The incoming URL, or `nil`.
    @MainActor
    public static func from(getURLEvent event: NSAppleEventDescriptor) -> IncomingURL? {
        guard let text = event.paramDescriptor(forKeyword: AEKeyword(keyDirectObject))?.stringValue,
            let url = URL(string: text)
        else { return nil }
        let senderID = event.attributeDescriptor(forKeyword: AEKeyword(keySenderPIDAttr))?.int32Value ?? 0
        let sender = senderID > 0 ? NSRunningApplication(processIdentifier: pid_t(senderID))?.bundleIdentifier : nil
        return IncomingURL(url: url, sourceApplication: sender)
    }
}
#endif
