/// The `applinks` section: which apps open which URLs of the domain as universal links.
///
/// Apple: https://developer.apple.com/documentation/bundleresources/applinks
public struct AppLinks: Sendable, Hashable {
    /// The legacy `apps` key, which iOS 12 and earlier required to be an empty array; `nil` when absent.
    public var apps: [String]?
    /// Domain-level matching defaults (`defaults`).
    public var defaults: MatchingDefaults?
    /// The details, in file order; the first that decides a URL wins.
    public var details: [Detail]
    /// Custom substitution variables (`substitutionVariables`), in file order.
    public var substitutionVariables: [SubstitutionVariable]

    /// Creates an `applinks` section.
    public init(
        apps: [String]? = nil,
        defaults: MatchingDefaults? = nil,
        details: [Detail] = [],
        substitutionVariables: [SubstitutionVariable] = []
    ) {
        self.apps = apps
        self.defaults = defaults
        self.details = details
        self.substitutionVariables = substitutionVariables
    }
}

/// Matching settings that apply unless a more specific level sets them: the file's
/// `applinks.defaults`, then a detail's `defaults`, then the component itself.
///
/// Apple: https://developer.apple.com/documentation/bundleresources/applinks/defaults-swift.dictionary
public struct MatchingDefaults: Sendable, Hashable {
    /// Whether patterns compare case-sensitively (Apple's default is `true`).
    public var caseSensitive: Bool?
    /// Whether patterns are written percent-encoded (Apple's default is `true`).
    public var percentEncoded: Bool?

    /// Creates defaults.
    public init(caseSensitive: Bool? = nil, percentEncoded: Bool? = nil) {
        self.caseSensitive = caseSensitive
        self.percentEncoded = percentEncoded
    }
}

/// A custom substitution variable: `"$(name)"` in a pattern stands for any of ``values``.
///
/// Apple: https://developer.apple.com/documentation/bundleresources/applinks/substitutionvariables-swift.dictionary
public struct SubstitutionVariable: Sendable, Hashable {
    /// The name, used as `$(name)`; case-sensitive.
    public var name: String
    /// The alternatives; each may contain `*` and `?` but no other variable.
    public var values: [String]

    /// Creates a variable.
    public init(name: String, values: [String]) {
        self.name = name
        self.values = values
    }
}
