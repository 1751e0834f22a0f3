import Roundtrip

/// Decides which app, if any, opens a URL as a universal link, with Apple's semantics.
///
/// Build one matcher per file (patterns are compiled once) and match many URLs with it:
///
/// ```swift
/// let matcher = AssociationMatcher(try AssociationFile(json: bytes))
/// let result = try matcher.match("https://example.com/buy/42")
/// if result.isMatched { print("opens \(result.appID ?? "?")") }
/// ```
///
/// The rules, from Apple's documentation (cited in the conformance tests):
/// - details are tried in order and the first that decides wins; within a detail, components are
///   tried in order and the first that matches decides: opens, or with `exclude`, refuses;
/// - a component matches when its `/`, `?` and `#` patterns all match; an absent one is `*`;
/// - `*` matches any run of characters including `/`, `?` exactly one, `?*` at least one; a
///   pattern must match the whole part, not a prefix;
/// - a `?` dictionary matches query items by name: other items are allowed, an absent item is the
///   empty string, and every item with a repeated name must match;
/// - `caseSensitive` and `percentEncoded` come from the component, else the detail's `defaults`,
///   else the file's `defaults`, else `true`;
/// - legacy `paths` (with `NOT ` to exclude) are compared with the path only, and are ignored
///   when the detail has `components`.
///
/// Only `http` and `https` URLs are universal links; other schemes are never matched.
public struct AssociationMatcher: Sendable {
    let details: [CompiledDetail]
    let needsFolding: Bool
    /// The custom substitution variables, compiled once each (per case and percent-encoding
    /// setting they are used with); patterns refer to them by index.
    let variables: [CompiledVariable]

    /// Compiles a file's `applinks` section.
    ///
    /// - Complexity: O(*n*) in the size of the patterns and of the substitution variables' values:
    ///   a variable is compiled once and patterns refer to it, so a `$(name)` used many times
    ///   costs no more than once, and combinations of variables are never built.
    public init(_ file: AssociationFile) {
        var meter = WorkMeter()
        self.init(file, meter: &meter)
    }

    /// Compiles a file's `applinks` section, counting the scalars compiled.
    init(_ file: AssociationFile, meter: inout WorkMeter) {
        let appLinks = file.applinks ?? AppLinks()
        var compiler = PatternCompiler(variables: appLinks.substitutionVariables)
        var needsFolding = false
        var details: [CompiledDetail] = []
        for (detailIndex, detail) in appLinks.details.enumerated() {
            var rules: [CompiledRule] = []
            if let components = detail.components {
                for (index, component) in components.enumerated() {
                    let caseSensitive = appLinks.isCaseSensitive(component, in: detail)
                    let percentEncoded = appLinks.isPercentEncoded(component, in: detail)
                    if !caseSensitive { needsFolding = true }
                    rules.append(
                        AssociationMatcher.compile(
                            component,
                            index: index,
                            compiler: &compiler,
                            caseSensitive: caseSensitive,
                            percentEncoded: percentEncoded
                        )
                    )
                }
            } else if let paths = detail.paths {
                for (index, text) in paths.enumerated() {
                    rules.append(AssociationMatcher.compileLegacy(text, index: index, compiler: &compiler, position: detail.position))
                }
            }
            details.append(
                CompiledDetail(
                    index: detailIndex,
                    apps: detail.apps,
                    rules: rules,
                    usesLegacyPaths: detail.usesLegacyPaths,
                    position: detail.position
                )
            )
        }
        self.details = details
        self.needsFolding = needsFolding
        variables = compiler.variables
        meter.charge(compiler.steps)
    }

    /// The steps one URL may take by default: token comparisons, 64-position words of position
    /// sets and rules visited. A URL of a few hundred characters against a file of thousands of
    /// rules takes well under a million, and the 66 KB files whose patterns combine 4,096 values
    /// each take under 10 million; a file whose substitution variables hold tens of kilobytes of
    /// values, used by thousands of components, against a URL of kilobytes could take billions,
    /// and is stopped here.
    public static let defaultWorkLimit = 50_000_000

    /// Decides a URL.
    ///
    /// - Parameters:
    ///   - url: The URL, exactly as it would be opened.
    ///   - appID: Consider only details that list this app; `nil` for the first app to decide.
    ///   - workLimit: The most steps matching may take (see ``defaultWorkLimit``).
    /// - Returns: The decision.
    /// - Throws: ``AssociationError`` `invalid-url` when `url` is not an absolute URL;
    ///   `work-limit-exceeded` when the decision needs more than `workLimit` steps.
    /// - Complexity: O(*n*) to decode a URL of length *n*, then, per detail, a few hash lookups
    ///   (details of 16 rules or more are indexed by the literal start of their path patterns)
    ///   plus a comparison with each rule that could match the path's start: sublinear in the
    ///   number of rules for typical files. Each comparison is linear in the URL for literal
    ///   patterns and never backtracks; see ``CompiledPattern/matches(_:variables:meter:)`` for
    ///   the bounds with `?` runs and custom variables. Never more than `workLimit` steps.
    public func match(_ url: String, appID: String? = nil, workLimit: Int = defaultWorkLimit) throws(AssociationError) -> MatchResult {
        var meter = WorkMeter(limit: workLimit)
        return try match(url, appID: appID, meter: &meter)
    }

    /// ``match(_:appID:workLimit:)``, counting the steps.
    func match(_ url: String, appID: String?, meter: inout WorkMeter) throws(AssociationError) -> MatchResult {
        let text = try URLText(url, folding: needsFolding)
        let result = match(text, appID: appID, meter: &meter)
        try AssociationMatcher.checkLimit(meter, url: url)
        return result
    }

    /// Throws `work-limit-exceeded` when the meter ran out: the engines then stopped early, so
    /// their answer is not a decision.
    static func checkLimit(_ meter: WorkMeter, url: String) throws(AssociationError) {
        guard meter.isExhausted else { return }
        guard meter.limit > 0 else {
            throw AssociationError(
                .workLimitExceeded,
                "'\(ComponentSummary.abbreviated(url))' was not matched: no steps were left of the work limit (a budget shared by earlier URLs is spent)"
            )
        }
        throw AssociationError(
            .workLimitExceeded,
            "matching '\(ComponentSummary.abbreviated(url))' stopped at its limit of \(meter.limit) steps: the file's substitution "
                + "variables and wildcards cost too much with a URL this long; shorten the URL or the variables' values"
        )
    }

    func match(_ url: URLText, appID: String?, meter: inout WorkMeter) -> MatchResult {
        guard url.scheme == "https" || url.scheme == "http" else { return .undecided }
        for detail in details {
            if let appID, !detail.apps.contains(appID) { continue }
            if meter.isExhausted { break }
            if let position = detail.firstMatch(url, variables: variables, meter: &meter) {
                let rule = detail.rules[position]
                return MatchResult(
                    isMatched: !rule.isExclude,
                    isBlocked: rule.isExclude,
                    appID: appID ?? detail.apps.first,
                    detail: detail.index,
                    rule: rule.index,
                    usedLegacyPaths: detail.usesLegacyPaths
                )
            }
        }
        return .undecided
    }

    private static func compile(
        _ component: AppLinks.Component,
        index: Int,
        compiler: inout PatternCompiler,
        caseSensitive: Bool,
        percentEncoded: Bool
    ) -> CompiledRule {
        var invalid = false
        func pattern(_ text: String?) -> CompiledPattern? {
            guard let text else { return nil }
            let compiled = compiler.compile(text, caseSensitive: caseSensitive, percentEncoded: percentEncoded)
            if !compiled.problems.isEmpty { invalid = true }
            return compiled.pattern
        }
        let path = pattern(component.path)
        let query: CompiledRule.Query?
        switch component.query {
        case .whole(let text): query = pattern(text).map(CompiledRule.Query.whole)
        case .items(let items):
            query = .items(
                items.compactMap { item in
                    let name = percentEncoded ? PercentText.decodedString(item.name) : item.name
                    return pattern(item.pattern).map { (name: name, pattern: $0) }
                }
            )
        case nil: query = nil
        }
        let fragment = pattern(component.fragment)
        return CompiledRule(
            index: index,
            isExclude: component.isExclude,
            path: path,
            query: query,
            fragment: fragment,
            isInvalid: invalid,
            position: component.position,
            summary: ComponentSummary.describe(component)
        )
    }

    /// A legacy path: `NOT ` excludes; compared with the path only, case-sensitively.
    private static func compileLegacy(_ text: String, index: Int, compiler: inout PatternCompiler, position: SourcePosition?) -> CompiledRule {
        let isExclude = text.hasPrefix("NOT ")
        let source = isExclude ? String(text.dropFirst(4)) : text
        let compiled = compiler.compile(source, caseSensitive: true, percentEncoded: true)
        return CompiledRule(
            index: index,
            isExclude: isExclude,
            path: compiled.pattern,
            query: nil,
            fragment: nil,
            isInvalid: !compiled.problems.isEmpty,
            position: position,
            summary: "path \"\(text)\""
        )
    }
}
