import Foundation

/// A URI split the way Android's `android.net.Uri` (its `Uri.parse` reference) splits it: the
/// scheme is what precedes the first `:`; the rest up to `#` is the scheme-specific part; a
/// hierarchical URI (`scheme://…`) has an authority up to the next `/`, `?` or `#`, whose host
/// follows the last `@` and precedes a `:port`. Parts are percent-decoded, as `getPath()`,
/// `getHost()` and `getSchemeSpecificPart()` return them.
public struct AndroidURI: Sendable, Hashable {
    /// The scheme as written (Android compares it case-sensitively); `nil` for a relative URI.
    public var scheme: String?
    /// The decoded scheme-specific part.
    public var schemeSpecificPart: String
    /// The decoded host; `nil` for an opaque URI or one without an authority.
    public var host: String?
    /// The port, or -1 when there is none or it is not a number (as `getPort()` answers).
    public var port: Int
    /// The decoded path; `nil` for an opaque URI.
    public var path: String?
    /// The decoded query; `nil` when there is no `?`.
    public var query: String?
    /// The decoded fragment; `nil` when there is no `#`.
    public var fragment: String?

    /// Splits `text`.
    ///
    /// - Complexity: O(*n*) in the length of the text.
    public init(_ text: String) {
        var rest = Substring(text)
        if let hash = rest.firstIndex(of: "#") {
            fragment = AndroidURI.decode(rest[rest.index(after: hash)...])
            rest = rest[..<hash]
        }
        if let colon = rest.firstIndex(of: ":"), !rest[..<colon].contains(where: { "/?".contains($0) }) {
            scheme = String(rest[..<colon])
            rest = rest[rest.index(after: colon)...]
        }
        schemeSpecificPart = AndroidURI.decode(rest)
        port = -1
        let isHierarchical = scheme == nil || rest.first == "/"
        guard isHierarchical else { return }
        if let question = rest.firstIndex(of: "?") {
            query = AndroidURI.decode(rest[rest.index(after: question)...])
            rest = rest[..<question]
        }
        if rest.hasPrefix("//") {
            let afterSlashes = rest.index(rest.startIndex, offsetBy: 2)
            let end = rest[afterSlashes...].firstIndex(of: "/") ?? rest.endIndex
            var authority = rest[afterSlashes..<end]
            if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
            if let colon = authority.lastIndex(of: ":"), !authority[colon...].contains("]") {
                port = Int(authority[authority.index(after: colon)...]) ?? -1
                authority = authority[..<colon]
            }
            host = AndroidURI.decode(authority)
            rest = rest[end...]
        }
        path = AndroidURI.decode(rest)
    }

    static func decode(_ text: Substring) -> String {
        String(text).removingPercentEncoding ?? String(text)
    }
}
