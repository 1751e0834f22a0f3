#if canImport(UIKit) && !os(watchOS)
import Foundation
import Roundtrip
import UIKit

/// `NSExtensionContext.open(_:completionHandler:)` as Roundtrip's ``URLOpener``, for the app
/// extensions whose extension point supports it.
///
/// Apple's Foundation reference ("NSExtensionContext.open(_:completionHandler:)") says each
/// extension point decides whether the method works: on iOS, Today widgets may use it to open
/// their containing app, and iMessage app extensions only to open their parent app, when that
/// app is on the home screen. Elsewhere the call fails and ``open(_:universalLinksOnly:)``
/// returns `false`, which `Caller` reports as `OpenFailure`. For other extensions, pass a
/// `ClosureURLOpener` around whatever the host app offers.
///
/// The method has no universal-links-only option, so a request to a universal-link action
/// (`universalLinksOnly: true`) is not opened at all rather than risk landing in Safari.
public struct ExtensionContextURLOpener: URLOpener {
    /// The context, on the main actor, where the extension's view controller uses it.
    @MainActor
    private final class Holder {
        weak var context: NSExtensionContext?
        init(_ context: NSExtensionContext) { self.context = context }
    }

    private let holder: Holder

    /// Creates an opener for an extension's context, for example `extensionContext` of its
    /// principal view controller. The opener does not keep the context alive.
    ///
    /// - Parameter context: The extension's context.
    @MainActor
    public init(context: NSExtensionContext) {
        holder = Holder(context)
    }

    /// Asks the system to open a URL on behalf of the extension.
    ///
    /// - Parameters:
    ///   - url: The URL to open.
    ///   - universalLinksOnly: `true` for a request to a universal-link action, which is not
    ///     opened (see the type's discussion).
    /// - Returns: Whether the system opened it; `false` when the context is gone or the
    ///   extension point does not allow opening URLs.
    public func open(_ url: URL, universalLinksOnly: Bool) async -> Bool {
        if universalLinksOnly { return false }
        return await Self.open(url, with: holder)
    }

    @MainActor
    private static func open(_ url: URL, with holder: Holder) async -> Bool {
        guard let context = holder.context else { return false }
        return await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            context.open(url) { opened in continuation.resume(returning: opened) }
        }
    }
}
#endif
