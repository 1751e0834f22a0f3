import Foundation

/// A ``URLOpener`` made of a closure the app passes in: for app extensions, where
/// `UIApplication.shared` is unavailable, for SwiftUI's `openURL` environment action, and for tests.
///
/// ```swift
/// // In a SwiftUI view: @Environment(\.openURL) private var openURL
/// let opener = ClosureURLOpener { url, _ in
///     await withCheckedContinuation { done in
///         openURL(url) { accepted in done.resume(returning: accepted) }
///     }
/// }
/// ```
public struct ClosureURLOpener: URLOpener {
    private let body: @Sendable (URL, Bool) async -> Bool

    /// Creates an opener.
    ///
    /// - Parameter open: Opens a URL; its second argument is `universalLinksOnly` (see
    ///   ``URLOpener/open(_:universalLinksOnly:)``), and it returns whether the URL opened.
    public init(_ open: @escaping @Sendable (_ url: URL, _ universalLinksOnly: Bool) async -> Bool) {
        body = open
    }

    /// Opens a URL with the closure.
    ///
    /// - Parameters:
    ///   - url: The URL to open.
    ///   - universalLinksOnly: `true` to open only in an app that claims the https URL.
    /// - Returns: What the closure returns.
    public func open(_ url: URL, universalLinksOnly: Bool) async -> Bool {
        await body(url, universalLinksOnly)
    }
}
