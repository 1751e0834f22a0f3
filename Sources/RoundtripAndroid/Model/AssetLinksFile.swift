import Roundtrip

/// A Digital Asset Links statement list: the `https://HOST/.well-known/assetlinks.json` file that
/// Android reads to verify App Links.
///
/// The file is a JSON array of statements (Google's Digital Asset Links documentation, "Statement
/// List Syntax"). Each statement names a ``AssetStatement/relations`` list and a
/// ``AssetStatement/target``, or is an `include` of another statement list.
///
/// ```swift
/// let file = try AssetLinksFile(json: bytes)
/// let result = try AssetLinksMatcher(file).match("https://example.com/buy/42", package: "com.example.terminal")
/// print(result.isVerified, result.dynamic?.rawValue ?? "-")
/// ```
public struct AssetLinksFile: Sendable, Hashable {
    /// The statements, in file order.
    public var statements: [AssetStatement]

    /// Creates a file.
    public init(statements: [AssetStatement] = []) {
        self.statements = statements
    }
}

/// One statement of an `assetlinks.json` file: the site grants `relations` to `target`, or
/// includes another statement list.
public struct AssetStatement: Sendable, Hashable {
    /// The relations granted, such as `delegate_permission/common.handle_all_urls`.
    public var relations: [AssetRelation]
    /// Who is granted them; `nil` for an `include` statement.
    public var target: AssetTarget?
    /// The URL of another statement list, for an `include` statement.
    public var include: String?
    /// Android 15's dynamic App Links rules, under `relation_extensions` for the
    /// `delegate_permission/common.handle_all_urls` relation; `nil` when the statement has none.
    public var dynamicRules: [DynamicAppLinkRule]?
    /// Where the statement starts in the file it was read from.
    public var position: SourcePosition?

    /// Creates a statement that grants `relations` to `target`.
    public init(
        relations: [AssetRelation],
        target: AssetTarget,
        dynamicRules: [DynamicAppLinkRule]? = nil,
        position: SourcePosition? = nil
    ) {
        self.relations = relations
        self.target = target
        self.dynamicRules = dynamicRules
        self.position = position
    }

    /// Creates an `include` statement.
    public init(include: String, position: SourcePosition? = nil) {
        self.relations = []
        self.include = include
        self.position = position
    }

    /// Two statements are equal when they say the same; where they were read is ignored.
    public static func == (lhs: AssetStatement, rhs: AssetStatement) -> Bool {
        lhs.relations == rhs.relations && lhs.target == rhs.target && lhs.include == rhs.include && lhs.dynamicRules == rhs.dynamicRules
    }

    /// Hashes what ``==`` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(relations)
        hasher.combine(target)
        hasher.combine(include)
        hasher.combine(dynamicRules)
    }
}

/// A relation string, `kind/detail` (Digital Asset Links, "Relation strings"): both parts are
/// made of lowercase letters, digits, `_` and `.`.
public struct AssetRelation: Sendable, Hashable, CustomStringConvertible {
    /// The kind, such as `delegate_permission`.
    public var kind: String
    /// The detail, such as `common.handle_all_urls`.
    public var detail: String

    /// Creates a relation from its parts.
    public init(kind: String, detail: String) {
        self.kind = kind
        self.detail = detail
    }

    /// Reads `kind/detail`; `nil` when the text has no single `/` or a part is not made of
    /// `[a-z0-9_.]` (Google's compatibility tests reject uppercase, spaces, `*` and `+`).
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, AssetRelation.isValidPart(parts[0]), AssetRelation.isValidPart(parts[1]) else { return nil }
        self.init(kind: String(parts[0]), detail: String(parts[1]))
    }

    /// `kind/detail`.
    public var description: String { kind + "/" + detail }

    /// The relation Android's App Links verifier looks for ("Verify Android App Links").
    public static let handleAllURLs = AssetRelation(kind: "delegate_permission", detail: "common.handle_all_urls")
    /// The relation that shares sign-in credentials between a site and an app (Smart Lock /
    /// Credential Manager, "Enable automatic sign-in across apps and websites").
    public static let getLoginCredentials = AssetRelation(kind: "delegate_permission", detail: "common.get_login_creds")

    static func isValidPart(_ part: Substring) -> Bool {
        !part.isEmpty
            && part.utf8.allSatisfy { byte in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                    || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
            }
    }
}

/// Who a statement grants its relations to: a web site or an Android app.
public enum AssetTarget: Sendable, Hashable {
    /// `{"namespace": "web", "site": "https://example.com"}`: a bare origin.
    case web(site: String)
    /// `{"namespace": "android_app", "package_name": …, "sha256_cert_fingerprints": […]}`: an app
    /// by package name and the SHA-256 fingerprints of its signing certificates.
    case androidApp(packageName: String, fingerprints: [String])

    /// The package name of an Android app target; `nil` for a web target.
    public var packageName: String? {
        if case .androidApp(let name, _) = self { return name }
        return nil
    }
}

/// One rule of Android 15's dynamic App Links (`dynamic_app_link_components`, Android's "Add
/// Android App Links", section "Configure dynamic App Links"): which URLs of the host open the
/// app. The first rule whose parts all match decides; a URL no rule matches stays in the browser.
///
/// Patterns use `*` (any run of characters, none included) and `?` (any one character). A part
/// that is absent matches everything.
public struct DynamicAppLinkRule: Sendable, Hashable {
    /// The pattern for the path (`/`).
    public var path: String?
    /// Query items that must be present, by name, with a pattern for the value (`?`).
    public var query: [QueryItemPattern]?
    /// The pattern for the fragment (`#`).
    public var fragment: String?
    /// Whether a URL this rule matches is kept out of the app (`exclude`).
    public var exclude: Bool
    /// A note for people (`comments`); no effect on matching.
    public var comments: String?
    /// Where the rule starts in the file it was read from.
    public var position: SourcePosition?

    /// A query item's name and the pattern its value must match.
    public struct QueryItemPattern: Sendable, Hashable {
        /// The item's name, matched exactly.
        public var name: String
        /// The pattern for its value.
        public var pattern: String

        /// Creates a query item pattern.
        public init(name: String, pattern: String) {
            self.name = name
            self.pattern = pattern
        }
    }

    /// Creates a rule.
    public init(
        path: String? = nil,
        query: [QueryItemPattern]? = nil,
        fragment: String? = nil,
        exclude: Bool = false,
        comments: String? = nil,
        position: SourcePosition? = nil
    ) {
        self.path = path
        self.query = query
        self.fragment = fragment
        self.exclude = exclude
        self.comments = comments
        self.position = position
    }

    /// Two rules are equal when they match the same way and say the same; where they were read
    /// is ignored.
    public static func == (lhs: DynamicAppLinkRule, rhs: DynamicAppLinkRule) -> Bool {
        lhs.path == rhs.path && lhs.query == rhs.query && lhs.fragment == rhs.fragment && lhs.exclude == rhs.exclude
            && lhs.comments == rhs.comments
    }

    /// Hashes what ``==`` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(path)
        hasher.combine(query)
        hasher.combine(fragment)
        hasher.combine(exclude)
        hasher.combine(comments)
    }

    /// Whether the rule matches every URL (no part, or only `*` parts): a catch-all.
    public var isCatchAll: Bool {
        (path == nil || path == "*") && (fragment == nil || fragment == "*") && (query ?? []).isEmpty
    }
}
