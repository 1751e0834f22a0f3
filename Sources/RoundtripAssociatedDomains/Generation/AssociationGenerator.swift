import Roundtrip

/// Builds association files from specs: for each domain the specs claim, a file whose details
/// list each spec's app with the universal-link routes of its actions on that domain.
///
/// ```swift
/// let file = try AssociationGenerator.generate(from: [spec], domain: "terminal.example.com")
/// print(file.jsonText())
/// ```
///
/// A route's literal segments are copied as written (routes are percent-encoded text, which is
/// what `percentEncoded: true`, the default, expects), with `*`, `?` and `$` escaped so they are
/// not read as wildcards or variables. A `:placeholder` segment becomes `?*`: AASA has no
/// one-segment wildcard (`*` crosses `/`), so `?*` is the closest claim, at least one character.
/// It may claim a few extra URLs (`/items/a/b` for `/items/:id`); the app's router still rejects
/// those with `unknown-route`, and claiming less would send real requests to the browser.
public enum AssociationGenerator {
    /// One generated file.
    public struct Generated: Sendable, Hashable {
        /// The domain the file is for (serve it at `https://<domain>/.well-known/apple-app-site-association`).
        public var domain: String
        /// The file.
        public var file: AssociationFile
    }

    /// The domains the specs claim, lowercased, in first-seen order, without `?mode=` suffixes.
    public static func domains(of specs: [Spec]) -> [String] {
        var seen: [String] = []
        for spec in specs {
            for domain in spec.app.domains.map(normalized) where !seen.contains(domain) {
                seen.append(domain)
            }
        }
        return seen
    }

    /// One file per claimed domain.
    ///
    /// - Throws: ``AssociationError`` `missing-app-id` when a spec that claims a domain has no `app-id`.
    /// - Complexity: O(*s*·*r*) for *s* specs with *r* routes.
    public static func generate(from specs: [Spec]) throws(AssociationError) -> [Generated] {
        var result: [Generated] = []
        for domain in domains(of: specs) {
            result.append(Generated(domain: domain, file: try generate(from: specs, domain: domain)))
        }
        return result
    }

    /// The file for one domain: one detail per spec that claims it and routes to it.
    ///
    /// - Throws: ``AssociationError`` `unknown-domain` when no spec claims the domain;
    ///   `missing-app-id` when a claiming spec has no `app-id`.
    public static func generate(from specs: [Spec], domain: String) throws(AssociationError) -> AssociationFile {
        let domain = normalized(domain)
        let claiming = specs.filter { $0.app.domains.map(normalized).contains(domain) }
        guard !claiming.isEmpty else {
            let known = domains(of: specs)
            throw AssociationError(
                .unknownDomain,
                "no spec claims the domain '\(domain)'"
                    + (known.isEmpty ? "; add it to app.domains" : "; the specs claim \(known.joined(separator: ", "))")
            )
        }
        var details: [AppLinks.Detail] = []
        for spec in claiming {
            guard let appID = spec.app.appID, !appID.isEmpty else {
                throw AssociationError(
                    .missingAppID,
                    "the spec of '\(spec.app.name)' claims \(domain) but has no app-id; add 'app-id: TEAMID.bundle.id' under app:"
                )
            }
            var components: [AppLinks.Component] = []
            var seenPaths: Set<String> = []
            for action in spec.actions {
                for route in action.routes where route.isUniversalLink && hostMatches(route.host, domain: domain) {
                    let path = pattern(for: route)
                    guard seenPaths.insert(path).inserted else { continue }
                    components.append(AppLinks.Component(path: path, comment: "action \(action.name) (\(action.convention.rawValue))"))
                }
            }
            guard !components.isEmpty else { continue }
            details.append(AppLinks.Detail(appIDs: [appID], components: components))
        }
        return AssociationFile(applinks: AppLinks(details: details))
    }

    /// The `/` pattern for a route.
    static func pattern(for route: RoutePattern) -> String {
        guard !route.segments.isEmpty else { return "/" }
        return route.segments.map { segment in
            switch segment {
            case .literal(let text): escaped(text)
            case .placeholder: "?*"
            }
        }.joined(separator: "/")
    }

    /// `*`, `?` and `$` as escapes, so they stay literal in a pattern.
    private static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "*": result += "%2A"
            case "?": result += "%3F"
            case "$": result += "%24"
            default: result.append(character)
            }
        }
        return result
    }

    private static func hostMatches(_ host: String, domain: String) -> Bool {
        AssociatedDomainPattern(domain).covers(host)
    }

    /// `Example.com?mode=developer` is `example.com`.
    private static func normalized(_ domain: String) -> String {
        var text = Substring(domain)
        if text.hasPrefix("applinks:") { text = text.dropFirst("applinks:".count) }
        if let question = text.firstIndex(of: "?") { text = text[..<question] }
        return text.lowercased()
    }
}
