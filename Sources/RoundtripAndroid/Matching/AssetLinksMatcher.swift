import Foundation

/// Answers, for a host's `assetlinks.json`, whether it verifies an app for a URL of that host,
/// and, with Android 15's dynamic rules, whether the URL opens the app or stays in the browser.
///
/// Android's App Links verifier ("Verify Android App Links") accepts a host for an app when the
/// host's file has a statement granting `delegate_permission/common.handle_all_urls` to an
/// `android_app` target with the app's package name and the SHA-256 fingerprint of its signing
/// certificate. The file is the one served by the URL's host (for a wildcard filter host
/// `*.example.com`, the root domain's, which `AssociatedDomainPattern.fileDomain` names for both
/// platforms); this matcher is given the file and does not fetch it.
public struct AssetLinksMatcher: Sendable {
    /// The file.
    public let file: AssetLinksFile
    private let fingerprintsByStatement: [[CertificateFingerprint]?]

    /// Prepares a matcher for a file.
    public init(_ file: AssetLinksFile) {
        self.file = file
        fingerprintsByStatement = file.statements.map { statement in
            guard case .androidApp(_, let fingerprints)? = statement.target else { return nil }
            return fingerprints.compactMap { try? CertificateFingerprint($0) }
        }
    }

    /// What the file decides for a URL and an app.
    public struct Result: Sendable, Hashable {
        /// What dynamic rules decide.
        public enum Decision: String, Sendable, Hashable {
            /// A rule without `exclude` matched first: the URL opens the app.
            case open
            /// An `exclude` rule matched first, or no rule matched: the URL stays in the browser.
            case blocked
        }

        /// Whether a statement verifies the host for the app.
        public var isVerified: Bool
        /// The index of the deciding statement, when verified.
        public var statement: Int?
        /// What the statement's dynamic rules decide; `nil` when it has none (the manifest's
        /// filters alone decide).
        public var dynamic: Decision?
        /// The index of the deciding dynamic rule; `nil` when none matched or there are none.
        public var rule: Int?

        /// Whether the URL opens the app: verified, and not blocked by dynamic rules.
        public var opensApp: Bool { isVerified && dynamic != .blocked }
    }

    /// The first statement that verifies the app's package (and certificate), if any.
    ///
    /// - Parameters:
    ///   - package: The app's package name (its `applicationId`).
    ///   - fingerprint: The signing certificate's SHA-256 fingerprint, in any case, with or
    ///     without colons; `nil` to accept any certificate the file lists.
    /// - Throws: `invalid-fingerprint` when `fingerprint` cannot be read.
    public func verifyingStatement(package: String, fingerprint: String? = nil) throws(AndroidError) -> Int? {
        try verifyingStatements(package: package, fingerprint: fingerprint).first
    }

    /// Matches a URL for an app.
    ///
    /// When several statements verify the app, the first that carries dynamic rules decides
    /// (else the first): Android reads one list of rules per app.
    ///
    /// - Throws: `invalid-url` for a URL that is not absolute http(s) with a host;
    ///   `invalid-fingerprint` when `fingerprint` cannot be read.
    public func match(_ url: String, package: String, fingerprint: String? = nil) throws(AndroidError) -> Result {
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = components.host, !host.isEmpty
        else {
            throw AndroidError(.invalidURL, "'\(url)' is not an absolute http or https URL with a host; App Links verify only web URLs")
        }
        let statements = try verifyingStatements(package: package, fingerprint: fingerprint)
        guard let first = statements.first else {
            return Result(isVerified: false, statement: nil, dynamic: nil, rule: nil)
        }
        let deciding = statements.first(where: { file.statements[$0].dynamicRules != nil }) ?? first
        guard let rules = file.statements[deciding].dynamicRules else {
            return Result(isVerified: true, statement: deciding, dynamic: nil, rule: nil)
        }
        let subject = DynamicRuleSubject(components)
        for (index, rule) in rules.enumerated() where subject.matches(rule) {
            return Result(isVerified: true, statement: deciding, dynamic: rule.exclude ? .blocked : .open, rule: index)
        }
        return Result(isVerified: true, statement: deciding, dynamic: .blocked, rule: nil)
    }

    private func verifyingStatements(package: String, fingerprint: String?) throws(AndroidError) -> [Int] {
        var wanted: CertificateFingerprint?
        if let fingerprint { wanted = try CertificateFingerprint(fingerprint) }
        return file.statements.indices.filter { index in
            let statement = file.statements[index]
            guard statement.relations.contains(.handleAllURLs), statement.target?.packageName == package else { return false }
            guard let wanted else { return true }
            return fingerprintsByStatement[index]?.contains(wanted) ?? false
        }
    }
}

/// The parts of a URL that dynamic rules read: the percent-decoded path, query items and
/// fragment.
///
/// Android's verifier does not match a rule's expressions as wildcards of its own: it turns each
/// into a `PatternMatcher` (AOSP StatementService, `DalComponentParser.parseMatchingExpression`),
/// so `*` and `?` never backtrack, as in a manifest's `pathPattern` (see
/// ``AndroidPattern/init(dynamicRuleExpression:)``).
struct DynamicRuleSubject {
    let path: String
    let queryItems: [(name: String, value: String)]
    let fragment: String

    init(_ components: URLComponents) {
        path = components.path
        queryItems = (components.queryItems ?? []).map { ($0.name, $0.value ?? "") }
        fragment = components.fragment ?? ""
    }

    /// Whether every part the rule names matches; a query pattern needs an item of that name
    /// whose value matches.
    func matches(_ rule: DynamicAppLinkRule) -> Bool {
        if let expression = rule.path, !AndroidPattern(dynamicRuleExpression: expression).matches(path) { return false }
        if let expression = rule.fragment, !AndroidPattern(dynamicRuleExpression: expression).matches(fragment) { return false }
        for item in rule.query ?? [] {
            let pattern = AndroidPattern(dynamicRuleExpression: item.pattern)
            guard queryItems.contains(where: { $0.name == item.name && pattern.matches($0.value) }) else { return false }
        }
        return true
    }
}
