import Roundtrip

extension AppLinks {
    /// One URL pattern of a detail's `components`.
    ///
    /// A URL matches when every pattern present matches its part of the URL; an absent pattern is
    /// `*`. `*` matches any run of characters (including `/`), `?` one character, `?*` at least one.
    ///
    /// Apple: https://developer.apple.com/documentation/bundleresources/applinks/details-swift.dictionary/components-swift.dictionary
    public struct Component: Sendable, Hashable {
        /// The path pattern (`/`).
        public var path: String?
        /// The query pattern (`?`): one pattern for the whole query, or patterns by item name.
        public var query: QueryPattern?
        /// The fragment pattern (`#`).
        public var fragment: String?
        /// Whether a matching URL is refused rather than opened (`exclude`, default `false`).
        public var exclude: Bool?
        /// Text the system ignores (`comment`).
        public var comment: String?
        /// Whether patterns compare case-sensitively (`caseSensitive`); `nil` inherits the defaults.
        public var caseSensitive: Bool?
        /// Whether patterns are written percent-encoded (`percentEncoded`); `nil` inherits the defaults.
        public var percentEncoded: Bool?
        /// Where the component starts in its file, when decoded from one (not part of equality).
        public var position: SourcePosition?

        /// Creates a component.
        public init(
            path: String? = nil,
            query: QueryPattern? = nil,
            fragment: String? = nil,
            exclude: Bool? = nil,
            comment: String? = nil,
            caseSensitive: Bool? = nil,
            percentEncoded: Bool? = nil,
            position: SourcePosition? = nil
        ) {
            self.path = path
            self.query = query
            self.fragment = fragment
            self.exclude = exclude
            self.comment = comment
            self.caseSensitive = caseSensitive
            self.percentEncoded = percentEncoded
            self.position = position
        }

        /// Whether a match refuses the URL.
        public var isExclude: Bool { exclude ?? false }

        /// Equality of content; ``position`` is ignored.
        public static func == (lhs: Component, rhs: Component) -> Bool {
            lhs.path == rhs.path && lhs.query == rhs.query && lhs.fragment == rhs.fragment
                && lhs.exclude == rhs.exclude && lhs.comment == rhs.comment
                && lhs.caseSensitive == rhs.caseSensitive && lhs.percentEncoded == rhs.percentEncoded
        }

        /// Hashes the content; ``position`` is ignored.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(path)
            hasher.combine(query)
            hasher.combine(fragment)
            hasher.combine(exclude)
            hasher.combine(comment)
            hasher.combine(caseSensitive)
            hasher.combine(percentEncoded)
        }
    }

    /// The `?` pattern of a component.
    ///
    /// Apple: https://developer.apple.com/documentation/bundleresources/applinks/details-swift.dictionary/components-swift.dictionary/query
    public enum QueryPattern: Sendable, Hashable {
        /// A string: one pattern matched against the whole query (empty when the URL has none).
        case whole(String)
        /// A dictionary: each named item's value must match its pattern. Other items are allowed;
        /// an absent item counts as the empty string; every item with a repeated name must match.
        case items([QueryItemPattern])
    }

    /// One `"name": "pattern"` entry of a query dictionary.
    public struct QueryItemPattern: Sendable, Hashable {
        /// The query item name, compared exactly after percent-decoding.
        public var name: String
        /// The pattern for the item's value.
        public var pattern: String

        /// Creates an entry.
        public init(name: String, pattern: String) {
            self.name = name
            self.pattern = pattern
        }
    }
}
