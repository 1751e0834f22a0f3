/// The rules of one detail bucketed by the literal text their path pattern starts with, so a URL
/// is compared only with rules that could match its path: matching a 5,000-rule detail costs a
/// few dozen hash lookups plus the few plausible rules, not 5,000 comparisons.
///
/// A rule whose path starts with `n` literal characters is filed under a hash of its first
/// `min(n, depth)` characters (folded when the rule is case-insensitive); rules without a literal
/// start (no path, `*`, a leading wildcard or variable, several alternatives) are filed under the
/// empty start. A URL looks up the hash of every start of its path up to `depth`, and scans each
/// bucket in rule order, stopping at the best rule found so far, so the first matching rule wins
/// exactly as in a linear scan. Hash collisions only add candidates, which are then compared in
/// full. Lookups allocate nothing.
struct RuleIndex: Sendable {
    /// How many leading characters discriminate rules.
    static let depth = 24
    /// Below this many rules a linear scan is as fast.
    static let minimumRules = 16

    private var caseSensitive: [UInt64: [Int]] = [:]
    private var caseInsensitive: [UInt64: [Int]] = [:]

    init(_ rules: [CompiledRule]) {
        for (position, rule) in rules.enumerated() {
            let (start, isCaseSensitive) = RuleIndex.literalStart(of: rule)
            var hash = RuleIndex.basis
            for scalar in start.prefix(RuleIndex.depth) {
                hash = RuleIndex.step(hash, scalar)
            }
            let key = RuleIndex.key(hash, length: min(start.count, RuleIndex.depth))
            if isCaseSensitive {
                caseSensitive[key, default: []].append(position)
            } else {
                caseInsensitive[key, default: []].append(position)
            }
        }
    }

    /// The position of the first rule (in rule order) that matches the URL, if any.
    func firstMatch(in rules: [CompiledRule], url: URLText, variables: [CompiledVariable], meter: inout WorkMeter) -> Int? {
        var best = Int.max
        if !caseSensitive.isEmpty {
            scan(caseSensitive, path: url.path, rules: rules, url: url, variables: variables, meter: &meter, best: &best)
        }
        if !caseInsensitive.isEmpty {
            scan(caseInsensitive, path: url.foldedPath, rules: rules, url: url, variables: variables, meter: &meter, best: &best)
        }
        return best == Int.max ? nil : best
    }

    private func scan(
        _ buckets: [UInt64: [Int]],
        path: [UInt32],
        rules: [CompiledRule],
        url: URLText,
        variables: [CompiledVariable],
        meter: inout WorkMeter,
        best: inout Int
    ) {
        var hash = RuleIndex.basis
        let limit = min(path.count, RuleIndex.depth)
        for length in 0...limit {
            if length > 0 { hash = RuleIndex.step(hash, path[length - 1]) }
            guard let bucket = buckets[RuleIndex.key(hash, length: length)] else { continue }
            for position in bucket {
                if position >= best || meter.isExhausted { break }
                if rules[position].failure(for: url, variables: variables, meter: &meter) == nil {
                    best = position
                    break
                }
            }
        }
    }

    /// The literal scalars a rule's path must start with, and whether they are case-sensitive.
    private static func literalStart(of rule: CompiledRule) -> (start: [UInt32], isCaseSensitive: Bool) {
        guard let path = rule.path, !path.matchesEverything, !path.matchesNothing else { return ([], true) }
        return (path.literalPrefix, path.literalPrefix.isEmpty || path.isCaseSensitive)
    }

    // FNV-1a, with the length mixed into the key so starts of different lengths never share one.
    private static let basis: UInt64 = 0xCBF2_9CE4_8422_2325

    private static func step(_ hash: UInt64, _ scalar: UInt32) -> UInt64 {
        (hash ^ UInt64(scalar)) &* 0x0000_0100_0000_01B3
    }

    private static func key(_ hash: UInt64, length: Int) -> UInt64 {
        hash ^ (UInt64(length) &* 0x9E37_79B9_7F4A_7C15)
    }
}
