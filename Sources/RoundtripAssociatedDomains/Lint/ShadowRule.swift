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
            let candidates = Candidates(detail.rules)
            for later in detail.rules where !later.isInvalid {
                guard let earlierIndex = candidates.earlier(than: later).first(where: { covers(detail.rules[$0], later) }) else { continue }
                let earlier = detail.rules[earlierIndex]
                let consequence =
                    later.isExclude && !earlier.isExclude
                    ? "so this exclude never applies and the URLs it names open the app"
                    : "so it never decides"
                findings.append(
                    LintFinding(
                        .warning,
                        rule: "shadowed-rule",
                        path: "applinks.details[\(detail.index)].\(key)[\(later.index)]",
                        position: later.position ?? detail.position,
                        message:
                            "\(what) \(later.index) (\(later.summary)) is unreachable: \(what) \(earlier.index) (\(earlier.summary)) matches every URL it matches, \(consequence). Move it above \(what) \(earlier.index) or remove it"
                    )
                )
            }
        }
        return findings
    }

    /// The earlier rules that could cover a rule, found by the literal text their paths start and
    /// end with: a path that starts (ends) with literal text covers only paths that start (end)
    /// with the same text. A large file is then checked with a few hash lookups per rule instead of
    /// O(*r*²) full comparisons.
    struct Candidates {
        /// Rule indices by the literal prefix, and by the literal suffix, of their path.
        private var byPrefix: [[UInt32]: [Int]] = [:]
        private var bySuffix: [[UInt32]: [Int]] = [:]
        /// Each rule's literal prefix and suffix; `nil` for several path alternatives.
        private var literals: [Int: (prefix: [UInt32], suffix: [UInt32])] = [:]
        /// Rules with several path alternatives (custom variables): always candidates.
        private var unindexed: [Int] = []

        init(_ rules: [CompiledRule]) {
            for rule in rules where !rule.isInvalid {
                guard let (prefix, suffix) = Candidates.literalEnds(of: rule) else {
                    unindexed.append(rule.index)
                    continue
                }
                literals[rule.index] = (prefix, suffix)
                byPrefix[prefix, default: []].append(rule.index)
                bySuffix[suffix, default: []].append(rule.index)
            }
        }

        /// Indices of earlier rules that might cover `rule`, ascending.
        func earlier(than rule: CompiledRule) -> [Int] {
            guard let (prefix, suffix) = Candidates.literalEnds(of: rule) else {
                return (Array(literals.keys) + unindexed).filter { $0 < rule.index }.sorted()
            }
            let prefixes = Candidates.spellings(prefix)
            let suffixes = Candidates.spellings(suffix)
            let starts = lookUp(prefixes, in: byPrefix, isPrefix: true, before: rule.index)
            let ends = lookUp(suffixes, in: bySuffix, isPrefix: false, before: rule.index)
            // Filter the shorter list by the other end.
            let found: [Int]
            if starts.count <= ends.count {
                found = starts.filter { index in
                    guard let own = literals[index]?.suffix else { return false }
                    return suffixes.contains { text in own.count <= text.count && text.suffix(own.count).elementsEqual(own) }
                }
            } else {
                found = ends.filter { index in
                    guard let own = literals[index]?.prefix else { return false }
                    return prefixes.contains { text in text.starts(with: own) }
                }
            }
            return Array(Set(found + unindexed.filter { $0 < rule.index })).sorted()
        }

        /// The literal text as written and case-folded (a case-insensitive rule is keyed folded).
        private static func spellings(_ literals: [UInt32]) -> [[UInt32]] {
            let folded = CaseFolding.fold(literals)
            return folded == literals ? [literals] : [literals, folded]
        }

        /// Every indexed rule before `limit` whose key is a prefix (suffix) of one of the spellings.
        private func lookUp(_ spellings: [[UInt32]], in index: [[UInt32]: [Int]], isPrefix: Bool, before limit: Int) -> [Int] {
            var found: [Int] = []
            for text in spellings {
                for length in 0...text.count {
                    let key = isPrefix ? Array(text.prefix(length)) : Array(text.suffix(length))
                    if let indices = index[key] { found += indices.filter { $0 < limit } }
                }
            }
            return found
        }

        /// The literal start and end of the rule's path; empty for no path or `*`; `nil` for
        /// several alternatives (custom variables).
        private static func literalEnds(of rule: CompiledRule) -> (prefix: [UInt32], suffix: [UInt32])? {
            guard let path = rule.path, !path.matchesEverything else { return ([], []) }
            guard path.alternatives.count == 1 else { return nil }
            return (path.literalPrefix, path.literalSuffix)
        }
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
