/// `shadowed-rule`: a component (or legacy path) that can never decide, because an earlier one in
/// the same detail matches every URL it matches (first match wins).
enum ShadowRule {
    struct Rule {
        let index: Int
        let isExclude: Bool
        let path: CompiledPattern?
        let compiledQuery: CompiledRule.Query?
        let fragment: CompiledPattern?
        let isValid: Bool
        let summary: String
        let position: SourcePosition?
    }

    static func check(_ appLinks: AppLinks) -> [LintFinding] {
        var findings: [LintFinding] = []
        let compiler = PatternCompiler(variables: appLinks.substitutionVariables)
        for (detailIndex, detail) in appLinks.details.enumerated() {
            let rules = self.rules(of: detail, appLinks: appLinks, compiler: compiler)
            let key = detail.usesLegacyPaths ? "paths" : "components"
            let what = detail.usesLegacyPaths ? "path" : "component"
            for later in rules where later.isValid {
                guard let earlier = rules.prefix(later.index).first(where: { $0.isValid && covers($0, later) }) else { continue }
                let consequence = later.isExclude && !earlier.isExclude
                    ? "so this exclude never applies and the URLs it names open the app"
                    : "so it never decides"
                findings.append(LintFinding(.warning, rule: "shadowed-rule", path: "applinks.details[\(detailIndex)].\(key)[\(later.index)]", position: later.position ?? detail.position,
                                            message: "\(what) \(later.index) (\(later.summary)) is unreachable: \(what) \(earlier.index) (\(earlier.summary)) matches every URL it matches, \(consequence). Move it above \(what) \(earlier.index) or remove it"))
            }
        }
        return findings
    }

    private static func rules(of detail: AppLinks.Detail, appLinks: AppLinks, compiler: PatternCompiler) -> [Rule] {
        if let components = detail.components {
            return components.enumerated().map { index, component in
                let caseSensitive = component.caseSensitive ?? detail.defaults?.caseSensitive ?? appLinks.defaults?.caseSensitive ?? true
                let percentEncoded = component.percentEncoded ?? detail.defaults?.percentEncoded ?? appLinks.defaults?.percentEncoded ?? true
                var valid = true
                func compile(_ text: String?) -> CompiledPattern? {
                    guard let text else { return nil }
                    let result = compiler.compile(text, caseSensitive: caseSensitive, percentEncoded: percentEncoded)
                    if !result.problems.isEmpty { valid = false }
                    return result.pattern
                }
                let query: CompiledRule.Query?
                switch component.query {
                case .whole(let text): query = compile(text).map(CompiledRule.Query.whole)
                case .items(let items):
                    query = .items(items.compactMap { item in compile(item.pattern).map { (name: item.name, pattern: $0) } })
                case nil: query = nil
                }
                return Rule(index: index, isExclude: component.isExclude, path: compile(component.path), compiledQuery: query,
                            fragment: compile(component.fragment), isValid: valid, summary: ComponentSummary.describe(component), position: component.position)
            }
        }
        return (detail.paths ?? []).enumerated().map { index, text in
            let isExclude = text.hasPrefix("NOT ")
            let result = compiler.compile(isExclude ? String(text.dropFirst(4)) : text, caseSensitive: true, percentEncoded: true)
            return Rule(index: index, isExclude: isExclude, path: result.pattern, compiledQuery: nil, fragment: nil,
                        isValid: result.problems.isEmpty, summary: "\"\(text)\"", position: detail.position)
        }
    }

    /// Whether `earlier` matches every URL `later` matches.
    static func covers(_ earlier: Rule, _ later: Rule) -> Bool {
        part(earlier.path, later.path) && part(earlier.fragment, later.fragment) && query(earlier.compiledQuery, later.compiledQuery)
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
