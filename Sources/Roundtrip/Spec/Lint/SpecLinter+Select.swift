extension SpecLinter {
    /// The findings about actions that share a route and are told apart by `select`:
    ///
    /// - `select-fallback-swallows` (warning): the route's action without `select` ignores or
    ///   accepts undeclared parameters, so a request whose select value is mistyped
    ///   (`action=setPickp`) reaches that action silently instead of being refused.
    /// - `select-fallback-parameter` (warning): the route's action without `select` declares a
    ///   parameter named like a select pair of the others, so a request with an unexpected value
    ///   for it is handled by the fallback with that value rather than refused.
    /// - `select-case` (warning): two actions of the route select one name by values that differ
    ///   only in letter case; values match exactly, so a caller that changes the case reaches
    ///   the other action or none.
    ///
    /// - Complexity: O(total route length + the pairs of the actions that share each route +
    ///   the fallback's parameters), expected.
    static func selectFindings(_ spec: Spec) -> [SpecDiagnostic] {
        // The actions at each route, by the route's compiled shape, in first-seen order.
        var order: [String] = []
        var shared: [String: (route: RoutePattern, actions: [Int])] = [:]
        for (index, action) in spec.actions.enumerated() {
            for route in action.routes {
                let key = route.scheme + (route.hasAuthority ? "://" : ":") + route.host + route.path
                if shared[key] == nil {
                    order.append(key)
                    shared[key] = (route, [])
                }
                // Indices come in order, so an action already listed is the last one.
                if shared[key]?.actions.last != index { shared[key]?.actions.append(index) }
            }
        }
        var findings: [SpecDiagnostic] = []
        for key in order {
            guard let (route, indices) = shared[key], indices.contains(where: { !spec.actions[$0].select.isEmpty }) else { continue }
            let selecting = indices.map { spec.actions[$0] }.filter { !$0.select.isEmpty }
            if let fallback = indices.map({ spec.actions[$0] }).first(where: { $0.select.isEmpty }) {
                findings += fallbackFindings(fallback, selecting: selecting, route: route)
            }
            findings += caseFindings(selecting, route: route)
        }
        return findings
    }

    private static func fallbackFindings(_ fallback: Action, selecting: [Action], route: RoutePattern) -> [SpecDiagnostic] {
        var findings: [SpecDiagnostic] = []
        let names = selecting.flatMap { $0.select.map(\.name) }
        let nameSet = Set(names)
        if fallback.unknownParameters != .reject, let name = names.first {
            findings.append(
                SpecDiagnostic(
                    severity: .warning,
                    rule: "select-fallback-swallows",
                    keyPath: "actions.\(fallback.name).unknown-parameters",
                    message:
                        "'\(fallback.name)' is the action without 'select' at '\(route.text)' and has 'unknown-parameters: \(fallback.unknownParameters)', so a request with a mistyped select value (such as \(name)=…) reaches it instead of being refused; keep 'unknown-parameters: reject' on it"
                )
            )
        }
        for parameter in fallback.parameters where nameSet.contains(parameter.name) {
            findings.append(
                SpecDiagnostic(
                    severity: .warning,
                    rule: "select-fallback-parameter",
                    keyPath: "actions.\(fallback.name).parameters.\(parameter.name)",
                    message:
                        "'\(fallback.name)' is the action without 'select' at '\(route.text)' and declares '\(parameter.name)', a select name of the others there, so a request with an unexpected '\(parameter.name)' value is handled by '\(fallback.name)' rather than refused; rename the parameter, or give '\(fallback.name)' a 'select' of its own"
                )
            )
        }
        return findings
    }

    private static func caseFindings(_ selecting: [Action], route: RoutePattern) -> [SpecDiagnostic] {
        var findings: [SpecDiagnostic] = []
        // The pairs seen, by name and lowercased value: each exact value once, with the first
        // action that selects it, so a pair is compared with the few values that differ from
        // its own only in case rather than with every pair before it.
        var seen: [String: [(action: String, pair: QueryItem)]] = [:]
        var recorded: Set<QueryItem> = []
        for action in selecting {
            for pair in action.select {
                let key = pair.name + (pair.value.map { "=" + $0.lowercased() } ?? "")
                if let other = seen[key]?.first(where: { $0.action != action.name && $0.pair.name == pair.name && $0.pair.value != pair.value }) {
                    findings.append(
                        SpecDiagnostic(
                            severity: .warning,
                            rule: "select-case",
                            keyPath: "actions.\(action.name).select.\(pair.name)",
                            message:
                                "'\(action.name)' selects \(pair) and '\(other.action)' selects \(other.pair) at '\(route.text)': select values match exactly, so values that differ only in letter case are easily confused by callers; make them differ in more than case"
                        )
                    )
                }
                if recorded.insert(pair).inserted { seen[key, default: []].append((action.name, pair)) }
            }
        }
        return findings
    }
}
