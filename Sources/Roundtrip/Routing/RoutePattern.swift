/// Where an action answers: `scheme://host/path`, where a path segment may be a `:placeholder`,
/// the last one a rest placeholder `:name*`, and the host a host placeholder `:name`.
///
/// Scheme and host compare case-insensitively; the path compares exactly, segment by segment,
/// still percent-encoded (so `/a%2Fb` is one segment and never equals `/a/b`). A placeholder
/// matches one whole non-empty segment, whose decoded value becomes a parameter of that name; a
/// placeholder segment may hold several placeholders split by literal text (``SplitSegment``).
/// A rest placeholder matches the rest of the path, one or more non-empty segments, each decoded,
/// dot segments removed (``RestPath``), and then joined with `/` (`notes:///:path*` reads
/// `notes:///folder/sub/note` as `path=folder/sub/note`). A host placeholder matches any
/// non-empty host, decoded and lowercased (``HostValue``), as the parameter of its name
/// (`webview://:host/:rest*`); literal hosts of the same scheme, compared in that same form, win.
public struct RoutePattern: Sendable, Hashable, CustomStringConvertible {
    /// One path segment of a route.
    public enum Segment: Sendable, Hashable {
        /// Text that must appear exactly.
        case literal(String)
        /// `:name`: any one non-empty segment, captured as the parameter `name`.
        case placeholder(String)
        /// `:name*`, only as the last segment: the rest of the path (one or more non-empty
        /// segments), each segment decoded, dot segments removed (RFC 3986 section 5.2.4),
        /// joined with `/`, captured as the parameter `name`.
        case rest(String)
    }

    /// The route as written in the spec.
    public let text: String
    /// The scheme, lowercased.
    public let scheme: String
    /// The host, lowercased; empty for a URL without authority; `:name` for a host placeholder
    /// (see ``hostPlaceholder``), which no real host can be (a `:` there starts a port).
    public let host: String
    /// Whether the route has an authority (`//`).
    public let hasAuthority: Bool
    /// The path split at `/`, empty segments kept (`/a/` is `["", "a", ""]`; an empty path is `[]`).
    public let segments: [Segment]

    /// Parses a route.
    ///
    /// - Throws: ``RoundtripError`` `malformed-url` when the route is not an absolute URL, has a
    ///   query, fragment, user-info or port, an empty placeholder name, one placeholder name
    ///   twice, a rest placeholder (`:name*`) that is not the last segment, a malformed host
    ///   placeholder, or a literal host that is no host once decoded (``HostValue``);
    ///   `invalid-encoding` for a raw control character or a `%` not followed by two hex digits;
    ///   `too-large` for a route of 2³¹ − 1 bytes or more.
    public init(_ text: String) throws(RoundtripError) {
        // A host placeholder is not a host a URL parser reads (`:name` there is an empty host and
        // a port), so the route is split with a stand-in host and the placeholder put back.
        let hostPlaceholder = try Self.hostPlaceholder(in: text)
        var parsed = hostPlaceholder.map { text[..<$0.range.lowerBound] + "h" + text[$0.range.upperBound...] } ?? text
        // Split and cut into parts in one visit to the route's bytes: routes are read at launch,
        // and splitting a Substring on Characters pays for grapheme breaking on every byte.
        var parts = try parsed.withUTF8 { bytes in Self.parts(of: bytes, route: text) }.get()
        if parts.hasPlaceholders {
            try Self.checkRest(parts.segments, text)
            for case .placeholder(let name) in parts.segments { _ = try SplitSegment(name, route: text) }
        }
        // A literal host is compared in its decoded form (see HostValue): it must be a host.
        if hostPlaceholder == nil, parts.host.containsByte(0x25) || parts.host.utf8.first == 0x5B,
            case .failure(let problem) = parts.host.withUTF8({ HostValue.normalized($0) })
        {
            throw RoundtripError(.malformedURL, problem.message(for: "the host '\(parts.host)' of the route '\(text)'"))
        }
        if let hostPlaceholder { parts.host = ":" + hostPlaceholder.name }
        // Each placeholder becomes the parameter of its name: a second would overwrite the first.
        if hostPlaceholder != nil || parts.hasPlaceholders {
            var names: [String] = []
            for name in Self.placeholderNames(host: parts.host, parts.segments) {
                guard !names.contains(name) else {
                    throw RoundtripError(
                        .malformedURL,
                        "the route '\(text)' has the placeholder ':\(name)' twice; give each placeholder its own name"
                    )
                }
                names.append(name)
            }
        }
        self.text = text
        scheme = parts.scheme
        host = parts.host
        hasAuthority = parts.hasAuthority
        segments = parts.segments
    }

    /// What ``init(_:)`` cuts a route's bytes into.
    private struct Parts {
        var scheme: String
        var host: String
        var hasAuthority: Bool
        var segments: [Segment]
        /// Whether a path segment is a placeholder or a rest placeholder.
        var hasPlaceholders: Bool
    }

    /// Splits a route's bytes (``URLSplit``) and cuts them into its lowercased scheme and host
    /// and its path segments.
    ///
    /// - Parameters:
    ///   - bytes: The route's UTF-8, with a stand-in for a host placeholder.
    ///   - text: The route as written, for messages.
    /// - Returns: The parts, or the refusal of a route that ``URLSplit`` refuses (no URL, a byte
    ///   RFC 3986 does not allow, a bad escape, too large), that has a query, fragment,
    ///   user-info or port, or that has a placeholder without a name. ``init(_:)`` checks the
    ///   rest.
    private static func parts(of bytes: UnsafeBufferPointer<UInt8>, route text: String) -> Result<Parts, RoundtripError> {
        let offsets: URLSplit.Offsets
        switch URLSplit.parse(bytes) {
        case .success(let split): offsets = split
        case .failure(let error): return .failure(error)
        }
        guard offsets.query == nil else {
            return .failure(RoundtripError(.malformedURL, "a route may not have a query ('\(text)'); declare its parameters instead"))
        }
        guard offsets.fragment == nil else {
            return .failure(RoundtripError(.malformedURL, "a route may not have a fragment ('\(text)'); declare a 'fragment' value instead"))
        }
        guard offsets.userInfo == nil, offsets.port == nil else {
            return .failure(RoundtripError(.malformedURL, "a route may not have user-info or a port ('\(text)')"))
        }
        var parts = Parts(
            // A scheme and a host compare without regard to case (RFC 3986 section 6.2.2.1).
            scheme: HostValue.asciiLowercased(UnsafeBufferPointer(rebasing: bytes[offsets.scheme])),
            host: HostValue.asciiLowercased(UnsafeBufferPointer(rebasing: bytes[offsets.host])),
            hasAuthority: offsets.hasAuthority,
            segments: [],
            hasPlaceholders: false
        )
        let path = offsets.path
        guard !path.isEmpty else { return .success(parts) }
        var slashes = 0
        for byte in bytes[path] where byte == 0x2F { slashes += 1 }
        parts.segments.reserveCapacity(slashes + 1)
        var start = path.lowerBound
        for end in path.lowerBound...path.upperBound where end == path.upperBound || bytes[end] == 0x2F {
            let piece = UnsafeBufferPointer(rebasing: bytes[start..<end])
            if piece.first == 0x3A, piece.last == 0x2A {  // ":name*"
                guard piece.count > 2 else { return .failure(unnamedPlaceholder(in: text)) }
                parts.segments.append(.rest(String(decoding: UnsafeBufferPointer(rebasing: piece.dropFirst().dropLast()), as: UTF8.self)))
                parts.hasPlaceholders = true
            } else if piece.first == 0x3A {  // ":"
                guard piece.count > 1 else { return .failure(unnamedPlaceholder(in: text)) }
                parts.segments.append(.placeholder(String(decoding: UnsafeBufferPointer(rebasing: piece.dropFirst()), as: UTF8.self)))
                parts.hasPlaceholders = true
            } else {
                parts.segments.append(.literal(String(decoding: piece, as: UTF8.self)))
            }
            start = end + 1
        }
        return .success(parts)
    }

    /// The refusal of a route with `:` or `:*` as a whole segment.
    private static func unnamedPlaceholder(in text: String) -> RoundtripError {
        RoundtripError(.malformedURL, "the route '\(text)' has a placeholder without a name")
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

    /// The names of the route's placeholders, in order: the host placeholder's, then the path's
    /// (the rest placeholder's last).
    public var placeholderNames: [String] { Self.placeholderNames(host: host, segments) }

    private static func placeholderNames(host: String, _ segments: [Segment]) -> [String] {
        // A host that starts with `:` is a placeholder, whose name is ASCII (see `hostPlaceholder(in:)`).
        var names: [String] = host.utf8.first == 0x3A ? [String(host.dropFirst())] : []
        for segment in segments {
            switch segment {
            case .literal: continue
            case .placeholder(let name):
                // A segment that holds several placeholders (`:topic@:version`) names each of them.
                if let split = try? SplitSegment(name, route: "") { names += split.names } else { names.append(name) }
            case .rest(let name): names.append(name)
            }
        }
        return names
    }

    /// The route's segments that hold several placeholders split by literal text
    /// (`:topic@:version`), by the name their placeholder segment has in ``segments``
    /// (`topic@:version`); empty for most routes.
    public var splitSegments: [String: SplitSegment] {
        var splits: [String: SplitSegment] = [:]
        for case .placeholder(let name) in segments {
            if let split = try? SplitSegment(name, route: text) { splits[name] = split }
        }
        return splits
    }

    /// The name of the host placeholder (`host` in `webview://:host/:rest*`), or `nil` when the
    /// host is literal.
    public var hostPlaceholder: String? { host.utf8.first == 0x3A ? String(host.dropFirst()) : nil }

    /// The name of the rest placeholder (`path` in `notes:///:path*`), or `nil` when there is none.
    public var restPlaceholder: String? {
        if case .rest(let name) = segments.last { return name }
        return nil
    }

    /// The host placeholder of a route's text, `scheme://:name…`, and the range of `:name` in it;
    /// `nil` when the host does not start with `:`.
    ///
    /// - Throws: ``RoundtripError`` `malformed-url` for an empty name, a rest form (`:name*`),
    ///   a port or user-info after it, or a character that is not a letter, digit, `-`, `_` or `.`.
    private static func hostPlaceholder(in text: String) throws(RoundtripError) -> (name: String, range: Range<String.Index>)? {
        // On the UTF-8 bytes: every route is read at launch, and only `scheme://:` routes go further.
        let mayHavePlaceholder =
            text.utf8.withContiguousStorageIfAvailable { bytes in
                guard let colon = bytes.firstIndex(of: 0x3A), colon + 3 < bytes.count else { return false }
                return bytes[colon + 1] == 0x2F && bytes[colon + 2] == 0x2F && bytes[colon + 3] == 0x3A
            } ?? true
        guard mayHavePlaceholder else { return nil }
        let bytes = text.utf8
        guard let colon = bytes.firstIndex(of: 0x3A), bytes[colon...].starts(with: "://:".utf8) else { return nil }
        let start = bytes.index(colon, offsetBy: 3)
        let end = bytes[start...].firstIndex { $0 == 0x2F || $0 == 0x3F || $0 == 0x23 } ?? bytes.endIndex
        let name = text[text.index(after: start)..<end]
        let problem: String? =
            if name.isEmpty {
                "a host placeholder without a name; write ':host'"
            } else if name.hasSuffix("*") {
                "'*' on the host placeholder ':\(name)'; a host is one name, so write ':\(name.dropLast())', and ':name*' only as the last path segment"
            } else if name.contains("@") {
                "user-info around the host placeholder ':\(name)'; a route has no user-info"
            } else if name.contains(":") {
                "a port after the host placeholder ':\(name)'; a route has no port, and a URL with one never matches"
            } else if let bad = name.first(where: { !($0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0))) }) {
                "the character '\(bad)' in the host placeholder ':\(name)'; a placeholder's name is letters, digits, '-', '_' and '.'"
            } else {
                nil
            }
        if let problem { throw RoundtripError(.malformedURL, "the route '\(text)' has \(problem)") }
        return (String(name), start..<end)
    }

    /// Refuses a rest placeholder (`:name*`) anywhere but the last segment, and a second one.
    private static func checkRest(_ segments: [Segment], _ text: String) throws(RoundtripError) {
        let rests = segments.indices.filter { if case .rest = segments[$0] { true } else { false } }
        guard let first = rests.first else { return }
        guard case .rest(let name) = segments[first] else { return }
        if rests.count > 1 {
            throw RoundtripError(
                .malformedURL,
                "the route '\(text)' has \(rests.count) rest placeholders; only one, the last segment (':\(name)*'), can take the rest of the path"
            )
        }
        if first != segments.count - 1 {
            throw RoundtripError(
                .malformedURL,
                "the route '\(text)' has the rest placeholder ':\(name)*' before other segments; ':name*' takes the rest of the path, so it must be the last segment"
            )
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
            case .rest(let name): ":" + name + "*"
            }
        }.joined(separator: "/")
    }

    /// The route as written.
    public var description: String { text }
}
