/// An associated-domain entry's host (`example.com` or `*.example.com`), and the one rule for
/// which hosts it covers.
///
/// Apple's "Supporting associated domains" page: a domain may be prefixed with `*.` to match
/// all of its subdomains, and each subdomain that is listed on its own (`example`, `www`,
/// `support`) needs its own entry. So `*.example.com` covers `www.example.com` and
/// `a.b.example.com` but not `example.com` itself: an app that wants the apex lists it too.
/// Host names compare without regard to letter case.
public struct AssociatedDomainPattern: Sendable, Hashable, CustomStringConvertible {
    /// The entry's host as written (`*.example.com`), without a service prefix or port.
    public let text: String

    /// Creates a pattern from an entry's host.
    public init(_ text: String) {
        self.text = text
    }

    /// Whether the entry is a wildcard (`*.example.com`).
    public var isWildcard: Bool { text.hasPrefix("*.") }

    /// The domain under the wildcard (`example.com` for `*.example.com`), or the host itself.
    public var baseDomain: Substring {
        isWildcard ? text.dropFirst(2) : Substring(text)
    }

    /// The domain whose apple-app-site-association file verifies the entry, lowercased: for a
    /// wildcard the apex (`example.com` for `*.example.com`), otherwise the host itself.
    ///
    /// Apple's TN3155 "Debugging universal links": for `applinks:*.example.com` iOS fetches
    /// `https://example.com/.well-known/apple-app-site-association`, the file that also serves an
    /// `applinks:example.com` entry, while a specific subdomain (`www.example.com`) needs its own.
    public var fileDomain: String { baseDomain.lowercased() }

    /// Whether the entry covers a host: the same host, or for a wildcard, any name strictly under
    /// its base domain (never the base domain itself).
    ///
    /// - Complexity: O(*n*) in the length of the host.
    public func covers(_ host: String) -> Bool {
        let host = host.lowercased()
        let pattern = text.lowercased()
        guard pattern.hasPrefix("*.") else { return host == pattern }
        let suffix = pattern.dropFirst(1)  // ".example.com"
        return host.count > suffix.count && host.hasSuffix(suffix)
    }

    /// `text`.
    public var description: String { text }
}
