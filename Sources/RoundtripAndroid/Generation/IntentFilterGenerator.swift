import Roundtrip

/// Builds the `<intent-filter>` elements of a spec's Android app: the verified App Links filters
/// for its https routes and a filter per custom scheme (Android's "Add Android App Links" and
/// "Create deep links to app content").
///
/// Android pools every `<data>` element of a filter: its schemes, hosts and paths combine as a
/// cross product (the `<data>` element reference). So:
///
/// - the claimed hosts (`app.domains`) that take the same paths share one verified filter (VIEW,
///   DEFAULT, BROWSABLE, `https`, `android:autoVerify="true"`); hosts with different paths get
///   filters of their own, so that no host claims another's paths;
/// - with `dynamic-rules: true` one verified filter names the scheme and every host, without
///   paths: the routes live in each host's `assetlinks.json` (see ``AssetLinksGenerator``);
/// - a custom scheme never shares a filter with `https` (a pooled filter would send
///   `https://charge/…` or `scheme://example.com/…` to the app), nor is it verified.
///
/// Schemes and hosts are lowercase, since Android compares them case-sensitively ("Create deep
/// links to app content").
public enum IntentFilterGenerator {
    /// The filters for the spec, verified ones first; none when the spec has no routes, schemes
    /// or domains.
    ///
    /// - Complexity: O(*r*·*d*) for *r* routes and *d* domains.
    public static func filters(for spec: Spec) -> [IntentFilter] {
        verifiedFilters(for: spec) + customSchemeFilters(for: spec)
    }

    /// The filters as a manifest with one unnamed component, whose ``AndroidManifest/intentFiltersXML(indent:)``
    /// is the fragment to paste into the app's `<activity>`.
    public static func manifest(for spec: Spec) -> AndroidManifest {
        AndroidManifest(package: spec.app.android?.packages.first, components: [ManifestComponent(filters: filters(for: spec))])
    }

    /// The App Links filters: one per set of claimed hosts that take the same paths.
    static func verifiedFilters(for spec: Spec) -> [IntentFilter] {
        var claims: [String] = []
        for claim in spec.app.domains.map({ $0.lowercased() }) where !claims.contains(claim) { claims.append(claim) }
        guard !claims.isEmpty else { return [] }
        if spec.app.android?.dynamicRules == true {
            return [IntentFilter.appLinks(hosts: claims)]
        }
        let routes = spec.actions.flatMap(\.routes).filter(\.isUniversalLink)
        return grouped(claims) { claim in
            let pattern = AssociatedDomainPattern(claim)
            return routes.filter { pattern.covers($0.host) }
        }.map { hosts, paths in IntentFilter.appLinks(hosts: hosts, paths: paths) }
    }

    /// One filter per custom scheme and set of hosts with the same paths; a scheme whose routes
    /// take any host (a host placeholder, or no host) gets one filter naming the scheme alone,
    /// which takes every URL of the scheme, as the app's router does.
    static func customSchemeFilters(for spec: Spec) -> [IntentFilter] {
        let routes = spec.actions.flatMap(\.routes).filter { $0.scheme != "https" && $0.scheme != "http" }
        var schemes: [String] = []
        for scheme in routes.map(\.scheme) + spec.app.schemes.map({ $0.lowercased() }) where !schemes.contains(scheme) {
            schemes.append(scheme)
        }
        var filters: [IntentFilter] = []
        for scheme in schemes {
            let ofScheme = routes.filter { $0.scheme == scheme }
            if ofScheme.isEmpty || ofScheme.contains(where: { $0.host.isEmpty || $0.host.hasPrefix(":") }) {
                filters.append(view(scheme: scheme, hosts: [], paths: []))
                continue
            }
            var hosts: [String] = []
            for host in ofScheme.map(\.host) where !hosts.contains(host) { hosts.append(host) }
            for (group, paths) in grouped(hosts, routes: { host in ofScheme.filter { $0.host == host } }) {
                filters.append(view(scheme: scheme, hosts: group, paths: paths))
            }
        }
        return filters
    }

    /// The hosts grouped by the paths of their routes, in first-seen order; hosts without routes
    /// are left out (a filter with a host and no path would take every path of it).
    private static func grouped(_ hosts: [String], routes: (String) -> [RoutePattern]) -> [(hosts: [String], paths: [AndroidPattern])] {
        var groups: [(hosts: [String], paths: [AndroidPattern])] = []
        for host in hosts {
            var paths: [AndroidPattern] = []
            for path in routes(host).map({ AndroidRoutePath($0).manifestPattern }) where !paths.contains(path) { paths.append(path) }
            guard !paths.isEmpty else { continue }
            if let index = groups.firstIndex(where: { $0.paths == paths }) {
                groups[index].hosts.append(host)
            } else {
                groups.append(([host], paths))
            }
        }
        return groups
    }

    /// A deep link filter for a custom scheme: VIEW, DEFAULT, BROWSABLE, not verified.
    private static func view(scheme: String, hosts: [String], paths: [AndroidPattern]) -> IntentFilter {
        IntentFilter(
            actions: [IntentFilter.actionView],
            categories: [IntentFilter.categoryDefault, IntentFilter.categoryBrowsable],
            schemes: [scheme],
            authorities: hosts.map { IntentFilter.Authority(host: $0) },
            paths: paths
        )
    }
}
