import Roundtrip

/// One component (or legacy path) of a detail, compiled: patterns for the parts it constrains.
/// An absent pattern is `*` and is not stored, so it costs nothing.
struct CompiledRule: Sendable {
    enum Query: Sendable {
        case whole(CompiledPattern)
        case items([(name: String, pattern: CompiledPattern)])
    }

    /// Why a rule did not match a URL, for explanations.
    enum Failure: Sendable, Hashable {
        case path
        case query
        case queryItem(String)
        case fragment
        case invalid
    }

    let index: Int
    let isExclude: Bool
    let path: CompiledPattern?
    let query: Query?
    let fragment: CompiledPattern?
    /// A pattern of the rule could not be compiled (unknown variable): it never matches.
    let isInvalid: Bool
    let position: SourcePosition?
    /// The rule as written, for explanations.
    let summary: String

    /// `nil` when the rule matches, else the first part that does not.
    ///
    /// - Parameters:
    ///   - variables: The matcher's compiled custom variables, which the patterns index.
    ///   - meter: Counts the steps.
    func failure(for url: URLText, variables: [CompiledVariable], meter: inout WorkMeter) -> Failure? {
        if isInvalid { return .invalid }
        func matches(_ pattern: CompiledPattern, _ text: [UInt32], _ folded: [UInt32]) -> Bool {
            pattern.matchesEverything || pattern.matches(pattern.isCaseSensitive ? text : folded, variables: variables, meter: &meter)
        }
        if let path, !matches(path, url.path, url.foldedPath) {
            return .path
        }
        switch query {
        case .whole(let pattern):
            if !matches(pattern, url.query, url.foldedQuery) { return .query }
        case .items(let items):
            for item in items where !item.pattern.matchesEverything {
                var found = false
                var failed = false
                url.forEachItem(named: item.name) { urlItem in
                    found = true
                    failed = !matches(item.pattern, urlItem.value, urlItem.foldedValue)
                    return !failed
                }
                // An absent item is compared as the empty string.
                if failed || !found && !matches(item.pattern, [], []) { return .queryItem(item.name) }
            }
        case nil:
            break
        }
        if let fragment, !matches(fragment, url.fragment, url.foldedFragment) {
            return .fragment
        }
        return nil
    }
}

/// A detail, compiled.
struct CompiledDetail: Sendable {
    let index: Int
    let apps: [String]
    let rules: [CompiledRule]
    let usesLegacyPaths: Bool
    let position: SourcePosition?
    /// Candidate rules by path start; `nil` for small details, which are scanned in order.
    let candidates: RuleIndex?

    init(index: Int, apps: [String], rules: [CompiledRule], usesLegacyPaths: Bool, position: SourcePosition?) {
        self.index = index
        self.apps = apps
        self.rules = rules
        self.usesLegacyPaths = usesLegacyPaths
        self.position = position
        candidates = rules.count >= RuleIndex.minimumRules ? RuleIndex(rules) : nil
    }

    /// The position of the first rule that matches the URL, in rule order.
    func firstMatch(_ url: URLText, variables: [CompiledVariable], meter: inout WorkMeter) -> Int? {
        if let candidates { return candidates.firstMatch(in: rules, url: url, variables: variables, meter: &meter) }
        for (position, rule) in rules.enumerated() {
            if meter.isExhausted { return nil }
            if rule.failure(for: url, variables: variables, meter: &meter) == nil { return position }
        }
        return nil
    }
}
