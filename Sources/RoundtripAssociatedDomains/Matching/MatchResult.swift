/// What iOS would do with a URL, according to an association file.
///
/// ``isMatched`` means an app opens the URL as a universal link; ``isBlocked`` means an
/// `exclude` component (or a legacy `NOT ` path) decided, so it opens in the browser. When
/// nothing decides, both are `false` and ``appID``, ``detail`` and ``rule`` are `nil`.
public struct MatchResult: Sendable, Hashable {
    /// Whether an app opens the URL.
    public var isMatched: Bool
    /// Whether an exclude rule refused the URL.
    public var isBlocked: Bool
    /// The app the decision is for: the requested app, or the first app of the deciding detail.
    public var appID: String?
    /// The index of the deciding detail in `applinks.details`.
    public var detail: Int?
    /// The index of the deciding component (or legacy path) in its detail.
    public var rule: Int?
    /// Whether the deciding detail was matched with legacy `paths`.
    public var usedLegacyPaths: Bool

    /// Creates a result.
    public init(isMatched: Bool, isBlocked: Bool, appID: String? = nil, detail: Int? = nil, rule: Int? = nil, usedLegacyPaths: Bool = false) {
        self.isMatched = isMatched
        self.isBlocked = isBlocked
        self.appID = appID
        self.detail = detail
        self.rule = rule
        self.usedLegacyPaths = usedLegacyPaths
    }

    /// No detail decided.
    public static let undecided = MatchResult(isMatched: false, isBlocked: false)
}
