import Roundtrip

/// Builds association files from specs: for each domain that verifies a claim, a file whose
/// details list each spec's app with the universal-link routes of its actions on that domain, and
/// whose `webcredentials` and `appclips` sections list the apps whose specs declare them.
///
/// A wildcard claim `*.example.com` is verified with the apex's file,
/// `https://example.com/.well-known/apple-app-site-association` (Apple's TN3155 "Debugging
/// universal links"), so its routes go into the file of `example.com`, with those of the specs
/// claiming `example.com` itself; a specific subdomain such as `www.example.com` gets its own file.
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
        /// The specs' claims the file verifies, lowercased, in first-seen order: the domain itself
        /// and `*.<domain>` when a spec claims the wildcard.
        public var claims: [String]
        /// The file.
        public var file: AssociationFile
    }

    /// The domains whose files verify the specs' claims, lowercased, in first-seen order, without
    /// `?mode=` suffixes: each claimed host, and for a wildcard `*.example.com` its apex
    /// `example.com` (Apple's TN3155 "Debugging universal links").
    public static func domains(of specs: [Spec]) -> [String] {
        var seen: [String] = []
        for spec in specs {
            for domain in spec.app.domains.map(fileDomain) where !seen.contains(domain) {
                seen.append(domain)
            }
        }
        return seen
    }

    /// One file per domain that verifies a claim (see ``domains(of:)``).
    ///
    /// - Throws: ``AssociationError`` `missing-app-id` when a spec that claims a domain has no `app-id`.
    /// - Complexity: O(*d*·*s*·*r*) for *d* domains and *s* specs with *r* routes.
    public static func generate(from specs: [Spec]) throws(AssociationError) -> [Generated] {
        var result: [Generated] = []
        for domain in domains(of: specs) {
            let claims = claims(of: specs, verifiedBy: domain)
            result.append(Generated(domain: domain, claims: claims, file: try generate(from: specs, domain: domain)))
        }
        return result
    }

    /// The file a domain serves: one detail per spec that claims the domain or its wildcard and
    /// routes to it, plus the `webcredentials` and `appclips` services the specs declare.
    ///
    /// A wildcard claim is verified with its apex's file (TN3155), so `*.example.com` and
    /// `example.com` both name the file of `example.com`, which holds the details of every spec
    /// claiming either; a specific subdomain (`www.example.com`) has a file of its own.
    ///
    /// - Throws: ``AssociationError`` `unknown-domain` when no spec claims the domain or its
    ///   wildcard; `missing-app-id` when a claiming spec has no `app-id`.
    /// - Complexity: O(*s*·*r*) for *s* specs with *r* routes.
    public static func generate(from specs: [Spec], domain: String) throws(AssociationError) -> AssociationFile {
        let domain = fileDomain(domain)
        let claiming = specs.filter { spec in spec.app.domains.contains { fileDomain($0) == domain } }
        guard !claiming.isEmpty else { throw unknownDomain(domain, specs: specs) }
        var details: [AppLinks.Detail] = []
        var credentials: [String] = []
        var clips: [String] = []
        for spec in claiming {
            guard let appID = spec.app.appID, !appID.isEmpty else {
                throw AssociationError(
                    .missingAppID,
                    "the spec of '\(spec.app.name)' claims \(domain) but has no app-id; add 'app-id: TEAMID.bundle.id' under app:"
                )
            }
            if spec.app.services.webCredentials, !credentials.contains(appID) { credentials.append(appID) }
            if let clip = spec.app.services.appClip, !clips.contains(clip) { clips.append(clip) }
            let patterns = spec.app.domains.filter { fileDomain($0) == domain }.map { AssociatedDomainPattern(normalized($0)) }
            var components: [AppLinks.Component] = []
            var seenPaths: Set<String> = []
            for action in spec.actions {
                for route in action.routes where route.isUniversalLink && patterns.contains(where: { $0.covers(route.host) }) {
                    let path = pattern(for: route)
                    guard seenPaths.insert(path).inserted else { continue }
                    components.append(AppLinks.Component(path: path, comment: "action \(action.name) (\(action.convention.rawValue))"))
                }
            }
            guard !components.isEmpty else { continue }
            details.append(AppLinks.Detail(appIDs: [appID], components: components))
        }
        let hasServices = !credentials.isEmpty || !clips.isEmpty
        return AssociationFile(
            applinks: details.isEmpty && hasServices ? nil : AppLinks(details: details),
            webcredentials: credentials.isEmpty ? nil : ServiceApps(apps: credentials),
            appclips: clips.isEmpty ? nil : ServiceApps(apps: clips)
        )
    }

    /// The claims of the specs that `domain`'s file verifies, lowercased, in first-seen order.
    static func claims(of specs: [Spec], verifiedBy domain: String) -> [String] {
        var seen: [String] = []
        for spec in specs {
            for claim in spec.app.domains.map(normalized) where fileDomain(claim) == domain && !seen.contains(claim) {
                seen.append(claim)
            }
        }
        return seen
    }

    /// `unknown-domain`, saying where a subdomain under a claimed wildcard is verified instead.
    private static func unknownDomain(_ domain: String, specs: [Spec]) -> AssociationError {
        let known = domains(of: specs)
        let claims = specs.flatMap { $0.app.domains.map(normalized) }
        if let wildcard = claims.first(where: { $0.hasPrefix("*.") && AssociatedDomainPattern($0).covers(domain) }) {
            let apex = fileDomain(wildcard)
            return AssociationError(
                .unknownDomain,
                "no spec claims '\(domain)' on its own: '\(wildcard)' is verified with the file of \(apex) (Apple's TN3155), so generate for \(apex), or add \(domain) to app.domains to give it a file of its own"
            )
        }
        return AssociationError(
            .unknownDomain,
            "no spec claims the domain '\(domain)'"
                + (known.isEmpty ? "; add it to app.domains" : "; the specs' files are for \(known.joined(separator: ", "))")
        )
    }

    /// The `/` pattern for a route.
    static func pattern(for route: RoutePattern) -> String {
        guard !route.segments.isEmpty else { return "/" }
        return route.segments.map { segment in
            switch segment {
            case .literal(let text): escaped(text)
            case .placeholder: "?*"
            // One or more segments: `*` matches across `/`.
            case .rest: "?*"
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

    /// `Example.com?mode=developer` is `example.com`.
    private static func normalized(_ domain: String) -> String {
        var text = Substring(domain)
        if text.hasPrefix("applinks:") { text = text.dropFirst("applinks:".count) }
        if let question = text.firstIndex(of: "?") { text = text[..<question] }
        return text.lowercased()
    }

    /// The domain whose file verifies a claim: `*.example.com` and `example.com` are `example.com`.
    private static func fileDomain(_ claim: String) -> String {
        AssociatedDomainPattern(normalized(claim)).fileDomain
    }
}
