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
        // On the route's bytes: routes are read at launch (50 actions' worth in a few microseconds),
        // and splitting a Substring on Characters pays for grapheme breaking on every byte.
        let offsets = split.offsets
        var parts: (scheme: String, host: String, segments: [Segment]) = ("", "", [])
        let unnamed: Bool = split.withBytes { bytes, _ in
            parts.scheme = Self.lowercased(UnsafeBufferPointer(rebasing: bytes[offsets.scheme]))
            parts.host = Self.lowercased(UnsafeBufferPointer(rebasing: bytes[offsets.host]))
            guard !offsets.path.isEmpty else { return false }
            var slashes = 0
            for byte in bytes[offsets.path] where byte == 0x2F { slashes += 1 }
            parts.segments.reserveCapacity(slashes + 1)
            var start = offsets.path.lowerBound
            for end in offsets.path.lowerBound...offsets.path.upperBound where end == offsets.path.upperBound || bytes[end] == 0x2F {
                let piece = UnsafeBufferPointer(rebasing: bytes[start..<end])
                if piece.first == 0x3A {  // ":"
                    guard piece.count > 1 else { return true }
                    parts.segments.append(.placeholder(String(decoding: UnsafeBufferPointer(rebasing: piece.dropFirst()), as: UTF8.self)))
                } else {
                    parts.segments.append(.literal(String(decoding: piece, as: UTF8.self)))
                }
                start = end + 1
            }
            return false
        }
        guard !unnamed else {
            throw RoundtripError(.malformedURL, "the route '\(text)' has a placeholder without a name")
        }
        // Each placeholder becomes the parameter of its name: a second would overwrite the first.
        var names: [String] = []
        for case .placeholder(let name) in parts.segments {
            guard !names.contains(name) else {
                throw RoundtripError(.malformedURL, "the route '\(text)' has the placeholder ':\(name)' twice; give each placeholder its own name")
            }
            names.append(name)
        }
        scheme = parts.scheme
        host = parts.host
        hasAuthority = split.hasAuthority
        segments = parts.segments
    }

    /// A route from the parts ``init(_:)`` reads from `text`, for code generated from a spec:
    /// nothing is parsed at launch.
    ///
    /// The parts must be what ``init(_:)`` makes of `text`: the scheme and host lowercased, the
    /// path split at `/` with empty segments kept. Debug builds check that they are; the code
    /// generator writes them from a route it has parsed.
    ///
    /// - Parameters:
    ///   - text: The route as written in the spec.
    ///   - scheme: The scheme, lowercased.
    ///   - host: The host, lowercased; empty for a URL without authority.
    ///   - hasAuthority: Whether the route has an authority (`//`).
    ///   - segments: The path split at `/`.
    public init(text: String, scheme: String, host: String, hasAuthority: Bool, segments: [Segment]) {
        self.text = text
        self.scheme = scheme
        self.host = host
        self.hasAuthority = hasAuthority
        self.segments = segments
        assert((try? RoutePattern(text)) == self, "the parts of the route '\(text)' are not what RoutePattern(_:) reads from it")
    }

    /// ASCII letters lowered (a scheme or host: RFC 3986 section 6.2.2.1), other bytes as they are.
    private static func lowercased(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard bytes.contains(where: { $0 &- 0x41 < 26 }) else { return String(decoding: bytes, as: UTF8.self) }
        return String(decoding: bytes.map { $0 &- 0x41 < 26 ? $0 | 0x20 : $0 }, as: UTF8.self)
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
