import Roundtrip

/// Why a URL was, or was not, matched: the decision plus every detail and rule that was tried.
///
/// ``description`` is the readable trace the `roundtrip aasa match` command prints.
public struct MatchExplanation: Sendable, Hashable, CustomStringConvertible {
    /// What happened to one detail.
    public struct DetailStep: Sendable, Hashable {
        /// How the detail took part.
        public enum Status: String, Sendable, Hashable {
            /// The detail is for other apps than the one asked about.
            case otherApps = "other-apps"
            /// Its rules were tried and none matched.
            case noRuleMatched = "no-rule-matched"
            /// One of its rules decided.
            case decided
            /// An earlier detail decided first.
            case notReached = "not-reached"
        }

        /// The detail's index in `applinks.details`.
        public var detail: Int
        /// The apps it is for.
        public var apps: [String]
        /// How it took part.
        public var status: Status
        /// Whether it was matched with legacy `paths`.
        public var usesLegacyPaths: Bool
        /// The rules tried, in order, up to and including the deciding one.
        public var rules: [RuleStep]
        /// Where the detail is in the file.
        public var position: SourcePosition?
    }

    /// What happened to one rule (a component or a legacy path).
    public struct RuleStep: Sendable, Hashable {
        /// The rule's index in its detail.
        public var rule: Int
        /// The rule as written.
        public var summary: String
        /// Whether the rule matched the URL.
        public var isMatch: Bool
        /// Whether the rule is an exclude rule.
        public var isExclude: Bool
        /// Why it did not match (`nil` when it matched).
        public var reason: String?
        /// Where the rule is in the file.
        public var position: SourcePosition?
    }

    /// The URL explained.
    public var url: String
    /// The app asked about, if any.
    public var requestedAppID: String?
    /// The decision (the same as ``AssociationMatcher/match(_:appID:)`` gives, reached by
    /// trying every rule in order).
    public var result: MatchResult
    /// Every detail, in order.
    public var details: [DetailStep]
    /// Why nothing was tried at all (a scheme other than http and https), if so.
    public var note: String?
    /// The steps matching took (token comparisons, 64-position words of position sets, rules
    /// visited), always at most the `workLimit` it was given: what a caller checking many URLs
    /// subtracts from the budget it gives the next one.
    public var steps = 0

    /// A readable, multi-line trace.
    public var description: String {
        var lines: [String] = []
        if result.isMatched {
            lines.append("MATCHED: \(result.appID ?? "?") opens \(url) (detail \(result.detail ?? 0), rule \(result.rule ?? 0))")
        } else if result.isBlocked {
            lines.append("BLOCKED: an exclude rule keeps \(url) in the browser (detail \(result.detail ?? 0), rule \(result.rule ?? 0))")
        } else {
            lines.append("NOT MATCHED: no detail\(requestedAppID.map { " for \($0)" } ?? "") claims \(url); it opens in the browser")
        }
        if let note { lines.append("  " + note) }
        for step in details {
            let place = step.position.map { " (line \($0.line))" } ?? ""
            let apps = step.apps.isEmpty ? "no apps" : step.apps.joined(separator: ", ")
            let kind = step.usesLegacyPaths ? "legacy paths" : "components"
            switch step.status {
            case .otherApps:
                lines.append("  detail \(step.detail)\(place) [\(apps)]: skipped, not for \(requestedAppID ?? "this app")")
            case .notReached:
                lines.append("  detail \(step.detail)\(place) [\(apps)]: not tried, an earlier detail decided")
            case .noRuleMatched, .decided:
                let verdict = step.status == .decided ? "decided" : (step.rules.isEmpty ? "has no rules" : "no rule matched")
                lines.append("  detail \(step.detail)\(place) [\(apps)], \(kind): \(verdict)")
                for rule in step.rules {
                    let rulePlace = rule.position.map { " (line \($0.line))" } ?? ""
                    if rule.isMatch {
                        lines.append(
                            "    rule \(rule.rule)\(rulePlace) \(rule.summary): matches -> \(rule.isExclude ? "blocked (exclude)" : "opens the app")"
                        )
                    } else {
                        lines.append("    rule \(rule.rule)\(rulePlace) \(rule.summary): no, \(rule.reason ?? "it does not match")")
                    }
                }
            }
        }
        return lines.joined(separator: "\n")
    }
}

extension AssociationMatcher {
    /// Decides a URL and records why: which detail and rule decided, and why each rule tried
    /// before it did not match.
    ///
    /// - Parameters:
    ///   - url: The URL.
    ///   - appID: Consider only details that list this app.
    ///   - workLimit: The most steps matching may take (see ``defaultWorkLimit``).
    /// - Throws: ``AssociationError`` `invalid-url` when `url` is not an absolute URL;
    ///   `work-limit-exceeded` when the decision needs more than `workLimit` steps.
    /// - Complexity: Like ``match(_:appID:workLimit:)``, plus the size of the trace.
    public func explain(_ url: String, appID: String? = nil, workLimit: Int = defaultWorkLimit) throws(AssociationError) -> MatchExplanation {
        let text = try URLText(url, folding: needsFolding)
        // The trace scans every rule in order, without the rule index, so it also cross-checks it.
        var explanation = MatchExplanation(url: url, requestedAppID: appID, result: .undecided, details: [])
        guard text.scheme == "https" || text.scheme == "http" else {
            explanation.note = "only http and https URLs are universal links; '\(text.scheme)' URLs are never matched"
            return explanation
        }
        var decided = false
        var meter = WorkMeter(limit: workLimit)
        for detail in details {
            var step = MatchExplanation.DetailStep(
                detail: detail.index,
                apps: detail.apps,
                status: .noRuleMatched,
                usesLegacyPaths: detail.usesLegacyPaths,
                rules: [],
                position: detail.position
            )
            if decided {
                step.status = .notReached
            } else if let appID, !detail.apps.contains(appID) {
                step.status = .otherApps
            } else {
                for rule in detail.rules {
                    if meter.isExhausted { break }
                    let failure = rule.failure(for: text, variables: variables, meter: &meter)
                    step.rules.append(
                        MatchExplanation.RuleStep(
                            rule: rule.index,
                            summary: rule.summary,
                            isMatch: failure == nil,
                            isExclude: rule.isExclude,
                            reason: failure.map { AssociationMatcher.reason($0, rule: rule) },
                            position: rule.position
                        )
                    )
                    if failure == nil {
                        step.status = .decided
                        decided = true
                        explanation.result = MatchResult(
                            isMatched: !rule.isExclude,
                            isBlocked: rule.isExclude,
                            appID: appID ?? detail.apps.first,
                            detail: detail.index,
                            rule: rule.index,
                            usedLegacyPaths: detail.usesLegacyPaths
                        )
                        break
                    }
                }
            }
            explanation.details.append(step)
        }
        try AssociationMatcher.checkLimit(meter, url: url)
        explanation.steps = meter.steps
        return explanation
    }

    private static func reason(_ failure: CompiledRule.Failure, rule: CompiledRule) -> String {
        switch failure {
        case .path: "the path does not match \"\(rule.path?.source ?? "*")\""
        case .query: "the query does not match \"\(queryPattern(rule))\""
        case .queryItem(let name):
            "the query item '\(name)' (absent counts as empty) does not match \"\(itemPattern(rule, name))\""
        case .fragment: "the fragment does not match \"\(rule.fragment?.source ?? "*")\""
        case .invalid: "the rule uses an undefined substitution variable, so it never matches"
        }
    }

    private static func queryPattern(_ rule: CompiledRule) -> String {
        if case .whole(let pattern) = rule.query { return pattern.source }
        return "*"
    }

    private static func itemPattern(_ rule: CompiledRule, _ name: String) -> String {
        if case .items(let items) = rule.query, let item = items.first(where: { $0.name == name }) { return item.pattern.source }
        return "*"
    }
}
