/// A URL could not be opened: no installed app handles it, or the system refused.
public struct OpenFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The URL that did not open.
    public let url: String

    /// Creates the error.
    public init(url: String) { self.url = url }

    /// `no app opened <url>`.
    public var description: String { "no app opened \(url); is the partner app installed?" }
}
