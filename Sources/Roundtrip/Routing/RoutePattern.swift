/// Where an action answers: `scheme://host/path`, where a path segment may be a `:placeholder`.
///
/// Scheme and host compare case-insensitively; the path compares exactly, segment by segment,
/// still percent-encoded (so `/a%2Fb` is one segment and never equals `/a/b`). A placeholder
/// matches one whole non-empty segment, whose decoded value becomes a parameter of that name.
public struct RoutePattern: Sendable, Hashable, CustomStringConvertible {
    /// One path segment of a route.
    public enum Segment: Sendable, Hashable {
        /// Text that must appear exactly.
        case literal(String)
        /// `:name`: any one non-empty segment, captured as the parameter `name`.
        case placeholder(String)
    }

    /// The route as written in the spec.
    public let text: String
    /// The scheme, lowercased.
    public let scheme: String
    /// The host, lowercased; empty for a URL without authority.
    public let host: String
    /// Whether the route has an authority (`//`).
    public let hasAuthority: Bool
    /// The path split at `/`, empty segments kept (`/a/` is `["", "a", ""]`; an empty path is `[]`).
    public let segments: [Segment]

    /// Parses a route.
    ///
    /// - Throws: ``RoundtripError`` `malformed-url` when the route is not an absolute URL, has a
    ///   query, fragment, user-info or port, an empty placeholder name, or one placeholder name
    ///   twice.
    public init(_ text: String) throws(RoundtripError) {
        let split = try URLSplit(text)
        guard split.query == nil else {
            throw RoundtripError(.malformedURL, "a route may not have a query ('\(text)'); declare its parameters instead")
        }
        guard split.fragment == nil else {
            throw RoundtripError(.malformedURL, "a route may not have a fragment ('\(text)'); declare a 'fragment' value instead")
        }
        guard split.userInfo == nil, split.port == nil else {
            throw RoundtripError(.malformedURL, "a route may not have user-info or a port ('\(text)')")
        }
        self.text = text
        scheme = split.scheme.lowercased()
        host = split.host.lowercased()
        hasAuthority = split.hasAuthority
        var segments: [Segment] = []
        if !split.path.isEmpty {
            for piece in split.path.split(separator: "/", omittingEmptySubsequences: false) {
                if piece.hasPrefix(":") {
                    let name = String(piece.dropFirst())
                    guard !name.isEmpty else {
                        throw RoundtripError(.malformedURL, "the route '\(text)' has a placeholder without a name")
                    }
                    // Each placeholder becomes the parameter of its name: a second would overwrite the first.
                    guard !segments.contains(.placeholder(name)) else {
                        throw RoundtripError(
                            .malformedURL,
                            "the route '\(text)' has the placeholder ':\(name)' twice; give each placeholder its own name"
                        )
                    }
                    segments.append(.placeholder(name))
                } else {
                    segments.append(.literal(String(piece)))
                }
            }
        }
        self.segments = segments
    }

    /// The names of the route's placeholders, in order.
    public var placeholderNames: [String] {
        segments.compactMap { segment in
            if case .placeholder(let name) = segment { return name }
            return nil
        }
    }

    /// Whether `other` is the same route, however it is written: scheme and host compare
    /// without regard to letter case (both are kept lowercased), the path exactly.
    func isSameRoute(as other: RoutePattern) -> Bool {
        scheme == other.scheme && host == other.host && hasAuthority == other.hasAuthority && segments == other.segments
    }

    /// Whether the route is a universal link (https), which only the domain's AASA can claim.
    public var isUniversalLink: Bool { scheme == "https" }

    /// The path part, as written (with placeholders), for AASA generation and messages.
    public var path: String {
        segments.map { segment in
            switch segment {
            case .literal(let text): text
            case .placeholder(let name): ":" + name
            }
        }.joined(separator: "/")
    }

    /// The route as written.
    public var description: String { text }
}
