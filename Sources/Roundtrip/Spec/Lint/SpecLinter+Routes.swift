/// Findings about routes that take more than their own URLs: a rest placeholder (`:name*`) and
/// a host placeholder (`scheme://:name`) are tried after every literal route, so the URLs that
/// miss another action's route by a segment or a typo reach them instead of being refused.
extension SpecLinter {
    /// `rest-shadows-routes` (warning): a rest placeholder whose prefix also leads to other
    /// actions' routes, so `notes:///open/1/extra` (a near miss of `notes:///open/:id`) reaches
    /// `notes:///:path*` as `path=open/1/extra` instead of `unknown-route`.
    /// `host-placeholder-shadows-hosts` (note): a host placeholder on a scheme whose literal
    /// hosts other actions use, so a path those hosts lack reaches the placeholder's action.
    ///
    /// - Complexity: O(*r*·*a*) for *r* placeholder routes among *a* routes.
    static func routeFindings(_ spec: Spec) -> [SpecDiagnostic] {
        var findings: [SpecDiagnostic] = []
        for action in spec.actions {
            for (index, route) in action.routes.enumerated() where route.restPlaceholder != nil || route.hostPlaceholder != nil {
                let keyPath = action.routes.count > 1 ? "actions.\(action.name).url[\(index)]" : "actions.\(action.name).url"
                var shadowed: [String] = []
                var hosts: [String] = []
                for other in spec.actions where other.name != action.name {
                    for candidate in other.routes where candidate.scheme == route.scheme && candidate.hasAuthority == route.hasAuthority {
                        if route.restPlaceholder != nil, covers(route, candidate), !shadowed.contains(other.name) {
                            shadowed.append(other.name)
                        }
                        if route.hostPlaceholder != nil, candidate.hostPlaceholder == nil, !hosts.contains(candidate.host) {
                            hosts.append(candidate.host)
                        }
                    }
                }
                if let name = route.restPlaceholder, !shadowed.isEmpty {
                    findings.append(
                        SpecDiagnostic(
                            severity: .warning,
                            rule: "rest-shadows-routes",
                            keyPath: keyPath,
                            message:
                                "the rest placeholder ':\(name)*' of '\(route.text)' also takes every URL under its prefix that the routes of \(listed(shadowed, "action")) miss (an extra segment, a trailing '/', a misspelt segment), so those reach '\(action.name)' instead of being refused as unknown-route; give it a literal segment of its own before ':\(name)*' (such as '/open/:\(name)*')"
                        )
                    )
                }
                if let name = route.hostPlaceholder, !hosts.isEmpty {
                    findings.append(
                        SpecDiagnostic(
                            severity: .note,
                            rule: "host-placeholder-shadows-hosts",
                            keyPath: keyPath,
                            message:
                                "the host placeholder ':\(name)' of '\(route.text)' also takes the URLs of \(listed(hosts, "host")) that no route of those hosts matches, so they reach '\(action.name)' instead of being refused as unknown-route; check '\(name)' in the handler, or use a scheme of its own"
                        )
                    )
                }
            }
        }
        return findings
    }

    /// Whether a URL of `candidate`'s could also start `route`'s rest: the same host (a literal
    /// host beside a host placeholder is the other rule's finding), and `candidate` has more
    /// segments than `route` has before its rest placeholder, each of those matching (a
    /// placeholder on either side matches any).
    private static func covers(_ route: RoutePattern, _ candidate: RoutePattern) -> Bool {
        guard route.host == candidate.host else { return false }
        let prefix = route.segments.dropLast()
        guard candidate.segments.count > prefix.count else { return false }
        for (mine, theirs) in zip(prefix, candidate.segments) {
            if case .literal(let text) = mine, case .literal(let other) = theirs, text != other { return false }
            if case .rest = theirs { return false }
        }
        return true
    }

    /// `action 'a'`, `actions 'a' and 'b'`, `actions 'a', 'b', 'c' and 2 more`.
    private static func listed(_ names: [String], _ noun: String) -> String {
        let quoted = names.prefix(3).map { "'\($0)'" }
        let more = names.count > 3 ? " and \(names.count - 3) more" : ""
        guard quoted.count > 1 else { return "\(noun) \(quoted[0])" }
        let list = names.count > 3 ? quoted.joined(separator: ", ") : quoted.dropLast().joined(separator: ", ") + " and " + (quoted.last ?? "")
        return "\(noun)s \(list)\(more)"
    }
}
