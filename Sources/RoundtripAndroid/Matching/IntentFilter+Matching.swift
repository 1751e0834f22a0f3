/// Android's match categories (`IntentFilter.MATCH_CATEGORY_*`): how specific the part of the
/// data that decided a match is, from least to most specific.
public enum MatchCategory: String, Sendable, Hashable, CaseIterable, Comparable {
    /// Only the scheme was declared and it matched (`MATCH_CATEGORY_SCHEME`).
    case scheme
    /// A scheme-specific-part pattern matched an opaque URI (`MATCH_CATEGORY_SCHEME_SPECIFIC_PART`).
    case schemeSpecificPart = "scheme-specific-part"
    /// The host matched and no port or path was declared (`MATCH_CATEGORY_HOST`).
    case host
    /// The host and the declared port matched (`MATCH_CATEGORY_PORT`).
    case port
    /// The host and a path (or a URI-relative filter group) matched (`MATCH_CATEGORY_PATH`).
    case path

    private var rank: Int {
        switch self {
        case .scheme: 0
        case .host: 1
        case .port: 2
        case .path: 3
        case .schemeSpecificPart: 4
        }
    }

    /// Orders categories as Android's constants do (`MATCH_CATEGORY_SCHEME_SPECIFIC_PART` is the
    /// highest).
    public static func < (lhs: MatchCategory, rhs: MatchCategory) -> Bool { lhs.rank < rhs.rank }
}

extension IntentFilter {
    /// Whether a URI with no MIME type matches the filter's data, as Android's
    /// `IntentFilter.matchData` decides it, and in which category.
    ///
    /// In order: the scheme must be one of ``schemes`` (a filter without schemes matches no
    /// URI); when the filter has scheme-specific-part patterns and one matches, the category is
    /// ``MatchCategory/schemeSpecificPart``; otherwise, when the filter has authorities, the host
    /// must match one (case-insensitively; `*` then a suffix matches any host ending with the
    /// suffix, and not the suffix's own domain without a subdomain) with its port if it has one,
    /// and when the filter has paths or URI-relative filter groups, the path must match one of
    /// the paths or a group must allow the URI. Without authorities, an unmatched
    /// scheme-specific part means no match, and without either, the scheme alone decides.
    ///
    /// - Complexity: O(*n* · *k*) for a URI of length *n* and *k* patterns.
    public func matchData(_ uri: AndroidURI) -> MatchCategory? {
        var steps = 0
        return matchData(uri, steps: &steps)
    }

    /// ``matchData(_:)`` for a URI in text.
    public func matchData(_ text: String) -> MatchCategory? {
        matchData(AndroidURI(text))
    }

    /// ``matchData(_:)``, counting the characters its patterns compare into `steps`.
    package func matchData(_ uri: AndroidURI, steps: inout Int) -> MatchCategory? {
        guard !schemes.isEmpty, schemes.contains(uri.scheme ?? "") else { return nil }
        var category: MatchCategory? = .scheme
        if !schemeSpecificParts.isEmpty {
            category = nil
            for pattern in schemeSpecificParts where pattern.matches(uri.schemeSpecificPart, steps: &steps) {
                category = .schemeSpecificPart
                break
            }
        }
        if category != .schemeSpecificPart, !authorities.isEmpty {
            var hostCategory: MatchCategory?
            for authority in authorities {
                hostCategory = authority.match(uri)
                if hostCategory != nil { break }
            }
            guard let hostCategory else { return nil }
            if paths.isEmpty, relativeFilterGroups.isEmpty {
                category = hostCategory
            } else {
                var pathMatches = false
                if let path = uri.path {
                    for pattern in paths where pattern.matches(path, steps: &steps) {
                        pathMatches = true
                        break
                    }
                }
                guard pathMatches || UriRelativeFilterGroup.decide(relativeFilterGroups, uri, steps: &steps) else { return nil }
                category = .path
            }
        }
        return category
    }

    /// Whether the filter takes a link a browser opens: the intent's action is VIEW, its
    /// categories BROWSABLE and (added to every implicit intent to an activity) DEFAULT, and
    /// ``matchData(_:)`` matches ("Create deep links to app content").
    public func matchLink(_ uri: AndroidURI) -> MatchCategory? {
        guard actions.contains(IntentFilter.actionView),
            categories.contains(IntentFilter.categoryBrowsable),
            categories.contains(IntentFilter.categoryDefault)
        else { return nil }
        return matchData(uri)
    }
}

extension IntentFilter.Authority {
    /// Android's `AuthorityEntry.match`: a host category, a port category, or `nil`.
    func match(_ uri: AndroidURI) -> MatchCategory? {
        let isWild = host.hasPrefix("*")
        let suffix = isWild ? String(host.dropFirst()) : host
        guard var candidate = uri.host else { return nil }
        if isWild {
            guard candidate.utf16.count >= suffix.utf16.count else { return nil }
            let units = Array(candidate.utf16)
            candidate = String(decoding: units[(units.count - suffix.utf16.count)...], as: UTF16.self)
        }
        guard candidate.lowercased() == suffix.lowercased() else { return nil }
        if let port {
            return port == uri.port ? .port : nil
        }
        return .host
    }
}

extension UriRelativeFilterGroup {
    /// Whether a group allows the URI: the first group whose rules all match decides; no match
    /// is no (Android's `UriRelativeFilterGroup.matchGroupsToUri`).
    static func decide(_ groups: [UriRelativeFilterGroup], _ uri: AndroidURI, steps: inout Int) -> Bool {
        for group in groups {
            var all = true
            for filter in group.filters where !filter.matches(uri, steps: &steps) {
                all = false
                break
            }
            if all { return group.allow }
        }
        return false
    }
}

extension UriRelativeFilter {
    /// Whether the URI's part matches: the path or fragment whole; for the query, any one of its
    /// `&`-separated parameters (or `;`-separated, when there is no `&`), as Android's
    /// `UriRelativeFilter` reads a query.
    func matches(_ uri: AndroidURI, steps: inout Int) -> Bool {
        switch part {
        case .path:
            guard let path = uri.path else { return false }
            return pattern.matches(path, steps: &steps)
        case .fragment:
            guard let fragment = uri.fragment else { return false }
            return pattern.matches(fragment, steps: &steps)
        case .query:
            guard let query = uri.query else { return false }
            var parameters = query.split(separator: "&", omittingEmptySubsequences: false)
            if parameters.count == 1 { parameters = query.split(separator: ";", omittingEmptySubsequences: false) }
            for parameter in parameters where pattern.matches(String(parameter), steps: &steps) {
                return true
            }
            return false
        }
    }
}
