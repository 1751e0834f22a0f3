/// `shadowed-rule`: a component (or legacy path) that can never decide, because an earlier one in
/// the same detail matches every URL it matches (first match wins).
///
/// It works on the matcher's own compiled rules, so it judges patterns exactly as matching does.
enum ShadowRule {
    static func check(_ file: AssociationFile) -> [LintFinding] {
        var findings: [LintFinding] = []
        for detail in AssociationMatcher(file).details {
            let key = detail.usesLegacyPaths ? "paths" : "components"
            let what = detail.usesLegacyPaths ? "path" : "component"
            for later in detail.rules where !later.isInvalid {
                guard let earlier = detail.rules.prefix(later.index).first(where: { !$0.isInvalid && covers($0, later) }) else { continue }
                let consequence = later.isExclude && !earlier.isExclude
                    ? "so this exclude never applies and the URLs it names open the app"
                    : "so it never decides"
                findings.append(LintFinding(.warning, rule: "shadowed-rule", path: "applinks.details[\(detail.index)].\(key)[\(later.index)]", position: later.position ?? detail.position,
                                            message: "\(what) \(later.index) (\(later.summary)) is unreachable: \(what) \(earlier.index) (\(earlier.summary)) matches every URL it matches, \(consequence). Move it above \(what) \(earlier.index) or remove it"))
            }
        }
        return findings
    }

    /// Whether `earlier` matches every URL `later` matches.
    static func covers(_ earlier: CompiledRule, _ later: CompiledRule) -> Bool {
        part(earlier.path, later.path) && part(earlier.fragment, later.fragment) && query(earlier.query, later.query)
    }

    private static func part(_ broad: CompiledPattern?, _ narrow: CompiledPattern?) -> Bool {
        guard let broad, !broad.matchesEverything else { return true }
        guard let narrow else { return false }
        return PatternCoverage.covers(broad, narrow)
    }

    private static func query(_ broad: CompiledRule.Query?, _ narrow: CompiledRule.Query?) -> Bool {
        switch broad {
        case nil: return true
        case .whole(let pattern):
            if pattern.matchesEverything { return true }
            if case .whole(let other) = narrow { return PatternCoverage.covers(pattern, other) }
            return false
        case .items(let items):
            return items.allSatisfy { item in
                if item.pattern.matchesEverything { return true }
                guard case .items(let others) = narrow, let other = others.first(where: { $0.name == item.name }) else { return false }
                return PatternCoverage.covers(item.pattern, other.pattern)
            }
        }
    }
}
