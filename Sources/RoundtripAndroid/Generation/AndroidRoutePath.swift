import Foundation
import Roundtrip

/// A spec route's path as Android's matchers read it: the `<data>` path attribute of an intent
/// filter and the `/` expression of a dynamic rule.
///
/// Android matches the decoded path (`Uri.getPath()`), so literal segments are percent-decoded.
/// A placeholder (`:id`) and a rest placeholder (`:path*`) become `.*` in a `pathPattern` (Android's
/// `PatternMatcher` simple glob) and `*` in a dynamic rule, which Android's parser of dynamic
/// rules turns into the same glob. Both globs never backtrack: `.*` before `/` stops at the first
/// `/`, so a placeholder followed by more segments takes exactly one segment on Android, as the
/// spec's router does, while Apple's `?*` takes any run of characters, `/` included. `spec lint`
/// warns about such routes (`android-pattern-differs`).
///
/// The attribute is the simplest that says the route: `path` for literal segments only,
/// `pathPrefix` when the last segment alone is a placeholder, `pathPattern` otherwise. All three
/// are read by every Android version, unlike `pathAdvancedPattern` and `pathSuffix` (API 31),
/// which older versions ignore, leaving a filter that takes every path of its hosts.
public struct AndroidRoutePath: Sendable, Hashable {
    /// The route.
    public let route: RoutePattern

    /// The path of `route`.
    public init(_ route: RoutePattern) {
        self.route = route
    }

    /// The intent filter's path pattern for the route.
    public var manifestPattern: AndroidPattern {
        let parts = self.parts
        let wildcards = parts.filter { $0 == nil }.count
        if wildcards == 0 {
            return AndroidPattern(unparsed: parts.map { $0 ?? "" }.joined(separator: "/"), kind: .literal)
        }
        if wildcards == 1, parts.last == .some(nil) {
            return AndroidPattern(unparsed: parts.dropLast().map { $0 ?? "" }.joined(separator: "/") + "/", kind: .prefix)
        }
        let glob = parts.map { part in part.map(Self.globEscaped) ?? ".*" }.joined(separator: "/")
        return AndroidPattern(unparsed: glob, kind: .simpleGlob)
    }

    /// The dynamic rule's `/` expression for the route: literal segments decoded, each
    /// placeholder `*`. A `*`, `?` or `\` inside a literal segment, which a dynamic rule cannot
    /// escape, becomes `?` (any one character).
    public var dynamicRulePath: String {
        let text = parts.map { part in
            guard let part else { return "*" }
            return String(part.map { "*?\\".contains($0) ? "?" : $0 })
        }.joined(separator: "/")
        return text.isEmpty ? "/" : text
    }

    /// Whether Android reads the route's path differently from iOS: a placeholder followed by
    /// more segments, which Android's non-backtracking glob limits to one segment and Apple's
    /// `?*` does not.
    public var differsFromApple: Bool { route.hasPlaceholderBeforeMoreSegments }

    /// Each segment decoded, `nil` for a placeholder. An empty path stays empty for a custom
    /// scheme (`todolist://www.acme.com`: Android's `Uri.getPath()` is then empty too), and is
    /// `/` for http and https, whose empty path a browser's URL parser writes as `/` (WHATWG URL
    /// Standard, special schemes).
    private var parts: [String?] {
        guard !route.segments.isEmpty else { return route.scheme == "https" || route.scheme == "http" ? ["", ""] : [""] }
        return route.segments.map { segment in
            switch segment {
            case .literal(let text): text.removingPercentEncoding ?? text
            case .placeholder, .rest: nil
            }
        }
    }

    /// `.`, `*` and `\` escaped with `\`, so that a simple glob reads them literally.
    private static func globEscaped(_ text: String) -> String {
        var result = ""
        for character in text {
            if character == "." || character == "*" || character == "\\" { result.append("\\") }
            result.append(character)
        }
        return result
    }
}
