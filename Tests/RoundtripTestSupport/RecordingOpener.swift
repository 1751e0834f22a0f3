import Foundation
import Roundtrip

/// Records what a caller or receiver opens, and optionally forwards it somewhere.
public actor RecordingOpener: URLOpener {
    /// Every URL opened, in order.
    public private(set) var opened: [URL] = []
    private let result: Bool
    private let forward: (@Sendable (URL) async -> Void)?

    /// Creates an opener that answers `result` to every open, after passing the URL to `forward`.
    public init(result: Bool = true, forward: (@Sendable (URL) async -> Void)? = nil) {
        self.result = result
        self.forward = forward
    }

    /// Records `url`, forwards it, and answers the opener's result.
    public func open(_ url: URL, universalLinksOnly: Bool) async -> Bool {
        opened.append(url)
        if let forward { await forward(url) }
        return result
    }
}
