import Roundtrip

/// `shadowed-rule`: a component (or legacy path) that can never decide, because an earlier one in
/// the same detail matches every URL it matches (first match wins).
///
/// It works on the matcher's own compiled rules, so it judges patterns exactly as matching does.
/// Comparing rules is the one part of linting that is not linear in the file (a detail of *r*
/// rules has *r*² pairs), so it runs on the file's work budget: when the budget is spent it stops
/// and says so (`analysis-cut-short`), rather than running for minutes on a hostile file.
enum ShadowRule {
    static func check(_ matcher: AssociationMatcher, meter: inout WorkMeter) -> [LintFinding] {
        var findings: [LintFinding] = []
        for detail in matcher.details {
            let key = detail.usesLegacyPaths ? "paths" : "components"
            let what = detail.usesLegacyPaths ? "path" : "component"
            let candidates = Candidates(detail.rules, meter: &meter)
            for later in detail.rules where !later.isInvalid {
                let earlierIndex = candidates.earlier(than: later, meter: &meter).first { index in
                    meter.charge(1)
                    return !meter.isExhausted && covers(detail.rules[index], later, variables: matcher.variables, meter: &meter)
                }
                if meter.isExhausted {
                    findings.append(cutShort(at: "applinks.details[\(detail.index)].\(key)[\(later.index)]", position: later.position, meter: meter))
                    return findings
                }
                guard let earlierIndex else { continue }
                let earlier = detail.rules[earlierIndex]
                let consequence =
                    later.isExclude && !earlier.isExclude
                    ? "so this exclude never applies and the URLs it names open the app"
                    : "so it never decides"
                let laterSummary = ComponentSummary.abbreviated(later.summary)
                let earlierSummary = ComponentSummary.abbreviated(earlier.summary)
                findings.append(
                    LintFinding(
                        .warning,
                        rule: "shadowed-rule",
                        path: "applinks.details[\(detail.index)].\(key)[\(later.index)]",
                        position: later.position ?? detail.position,
                        message:
                            "\(what) \(later.index) (\(laterSummary)) is unreachable: \(what) \(earlier.index) (\(earlierSummary)) matches every URL it matches, \(consequence). Move it above \(what) \(earlier.index) or remove it"
                    )
                )
            }
        }
        return findings
    }

    /// The note that the work budget ran out at `path`.
    private static func cutShort(at path: String, position: SourcePosition?, meter: WorkMeter) -> LintFinding {
        LintFinding(
            .note,
            rule: "analysis-cut-short",
            path: path,
            position: position,
            message:
                "the shadowed-rule check stopped here after \(meter.steps) steps, its limit for one file (\(meter.limit)), so this and later rules were not checked for shadowing; other rules were checked in full. Fewer, broader patterns (or substitution variables) keep the file within the limit"
        )
    }

    /// The earlier rules that could cover a rule, found by the literal text their paths start and
    /// end with: a path that starts (ends) with literal text covers only paths that start (end)
    /// with the same text. Texts are keyed by a hash of their scalars and length, computed
    /// incrementally, so finding the candidates of a rule whose path starts with *L* literal
    /// characters costs O(*L*) lookups (plus the candidates found); a collision only adds a
    /// candidate, which ``PatternCoverage`` then rejects.
    struct Candidates {
        /// A text's key (hash and length) and its length.
        struct Key {
            let key: UInt64
            let length: Int
        }

        /// Rule indices (ascending) by the key of the literal prefix, and suffix, of their path.
        private var byPrefix: [UInt64: [Int]] = [:]
        private var bySuffix: [UInt64: [Int]] = [:]
        /// Each valid rule's own prefix and suffix keys.
        private var keys: [Int: (prefix: Key, suffix: Key)] = [:]

        init(_ rules: [CompiledRule], meter: inout WorkMeter) {
            for rule in rules where !rule.isInvalid {
                let (prefix, suffix) = Candidates.literalEnds(of: rule)
                meter.charge(prefix.count + suffix.count + 1)
                let ownKeys = (
                    prefix: Key(key: Candidates.key(prefix), length: prefix.count),
                    suffix: Key(key: Candidates.key(suffix.reversed()), length: suffix.count)
                )
                keys[rule.index] = ownKeys
                byPrefix[ownKeys.prefix.key, default: []].append(rule.index)
                bySuffix[ownKeys.suffix.key, default: []].append(rule.index)
            }
        }

        /// Indices of earlier rules that might cover `rule`, ascending.
        func earlier(than rule: CompiledRule, meter: inout WorkMeter) -> [Int] {
            let (prefix, suffix) = Candidates.literalEnds(of: rule)
            let prefixKeys = Candidates.spellings(prefix).map(Candidates.keysOfStarts)
            let suffixKeys = Candidates.spellings(suffix).map { Candidates.keysOfStarts(Array($0.reversed())) }
            meter.charge(2 * (prefix.count + suffix.count + 2))
            let starts = lookUp(prefixKeys, in: byPrefix, before: rule.index, meter: &meter)
            let ends = lookUp(suffixKeys, in: bySuffix, before: rule.index, meter: &meter)
            // Keep those whose other end fits too, filtering the shorter list.
            let found =
                starts.count <= ends.count
                ? starts.filter { keys[$0].map { Candidates.isStart($0.suffix, of: suffixKeys) } ?? false }
                : ends.filter { keys[$0].map { Candidates.isStart($0.prefix, of: prefixKeys) } ?? false }
            return found.sorted()
        }

        /// The literal text as written and case-folded (a case-insensitive rule is keyed folded).
        private static func spellings(_ literals: [UInt32]) -> [[UInt32]] {
            let folded = CaseFolding.fold(literals)
            return folded == literals ? [literals] : [literals, folded]
        }

        /// The keys of every start of a text, by length (0 to all), computed in one pass.
        private static func keysOfStarts(_ text: [UInt32]) -> [UInt64] {
            var keys: [UInt64] = []
            keys.reserveCapacity(text.count + 1)
            var hash = basis
            keys.append(key(hash, length: 0))
            for scalar in text {
                hash = step(hash, scalar)
                keys.append(key(hash, length: keys.count))
            }
            return keys
        }

        /// Whether the key is that of a start of one of the spellings.
        private static func isStart(_ own: Key, of spellings: [[UInt64]]) -> Bool {
            spellings.contains { own.length < $0.count && $0[own.length] == own.key }
        }

        /// Every indexed rule before `limit` filed under one of the keys, without repeats.
        private func lookUp(_ spellings: [[UInt64]], in index: [UInt64: [Int]], before limit: Int, meter: inout WorkMeter) -> [Int] {
            var found: [Int] = []
            for (spelling, keys) in spellings.enumerated() {
                for (length, key) in keys.enumerated() {
                    // A start both spellings share was looked up with the first.
                    if spelling > 0, length < spellings[0].count, spellings[0][length] == key { continue }
                    guard let indices = index[key] else { continue }
                    for rule in indices {
                        guard rule < limit else { break }
                        found.append(rule)
                    }
                }
            }
            meter.charge(found.count)
            return found
        }

        /// The literal start and end of the rule's path; empty for no path or `*`.
        private static func literalEnds(of rule: CompiledRule) -> (prefix: [UInt32], suffix: [UInt32]) {
            guard let path = rule.path, !path.matchesEverything else { return ([], []) }
            return (path.literalPrefix, path.literalSuffix)
        }

        // FNV-1a, with the length mixed into the key so texts of different lengths never share one.
        private static let basis: UInt64 = 0xCBF2_9CE4_8422_2325

        private static func step(_ hash: UInt64, _ scalar: UInt32) -> UInt64 {
            (hash ^ UInt64(scalar)) &* 0x0000_0100_0000_01B3
        }

        private static func key(_ hash: UInt64, length: Int) -> UInt64 {
            hash ^ (UInt64(length) &* 0x9E37_79B9_7F4A_7C15)
        }

        private static func key(_ text: some Collection<UInt32>) -> UInt64 {
            var hash = basis
            for scalar in text { hash = step(hash, scalar) }
            return key(hash, length: text.count)
        }
    }

    /// Whether `earlier` matches every URL `later` matches.
    static func covers(_ earlier: CompiledRule, _ later: CompiledRule, variables: [CompiledVariable], meter: inout WorkMeter) -> Bool {
        func part(_ broad: CompiledPattern?, _ narrow: CompiledPattern?) -> Bool {
            guard let broad, !broad.matchesEverything else { return true }
            guard let narrow else { return false }
            return PatternCoverage.covers(broad, narrow, variables: variables, meter: &meter)
        }
        func query(_ broad: CompiledRule.Query?, _ narrow: CompiledRule.Query?) -> Bool {
            switch broad {
            case nil: return true
            case .whole(let pattern):
                if pattern.matchesEverything { return true }
                if case .whole(let other) = narrow { return PatternCoverage.covers(pattern, other, variables: variables, meter: &meter) }
                return false
            case .items(let items):
                guard case .items(let others) = narrow else { return items.allSatisfy(\.pattern.matchesEverything) }
                // The narrow rule's items by name (names are unique: the reader keeps the last of a
                // repeated one).
                meter.charge(items.count + others.count)
                var byName: [String: CompiledPattern] = [:]
                for other in others where byName[other.name] == nil { byName[other.name] = other.pattern }
                return items.allSatisfy { item in
                    if item.pattern.matchesEverything { return true }
                    guard let other = byName[item.name] else { return false }
                    return PatternCoverage.covers(item.pattern, other, variables: variables, meter: &meter)
                }
            }
        }
        return part(earlier.path, later.path) && part(earlier.fragment, later.fragment) && query(earlier.query, later.query)
    }
}
