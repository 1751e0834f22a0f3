/// How a request says where to come back, and how the answer is shaped.
public enum Convention: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// x-callback-url 1.0: `<scheme>://x-callback-url/<action>?x-success=…&x-error=…&x-cancel=…`.
    case xCallbackURL = "x-callback-url"
    /// Universal Link Callback (Imprivata's "iOS App Logout via Universal Link Callback"): an https request with `ulc-success` and `ulc-error`.
    case universalLinkCallback = "ulc"
    /// InnerFence's pattern ("2-way app integration on the iPhone"): one return URL, with prefixed response parameters.
    case returnURL = "return-url"
    /// No way back: the request is fire-and-forget.
    case none

    /// The spelling in a spec file.
    public var description: String { rawValue }

    /// The outcomes a response may report when the spec lists none.
    public var defaultOutcomes: [String] { rules.defaultOutcomes }

    /// The query parameters the convention itself owns (callbacks and source), which actions may
    /// not declare. The return-url parameter is per action and not listed here.
    public var reservedParameters: [String] { rules.reservedParameters }
}

/// The conventions' fixed names, gathered so that no string is spelled twice.
public enum ConventionNames {
    /// The x-callback-url host: `<scheme>://x-callback-url/<action>`.
    public static let xCallbackHost = "x-callback-url"
    /// x-callback-url's display name of the calling app.
    public static let xSource = "x-source"
    /// x-callback-url's callback parameters by outcome.
    public static let xCallbacks: [(outcome: String, parameter: String)] = [
        ("success", "x-success"), ("error", "x-error"), ("cancel", "x-cancel"),
    ]
    /// ULC's success callback parameter.
    public static let ulcSuccess = "ulc-success"
    /// ULC's error callback parameter.
    public static let ulcError = "ulc-error"
    /// An alias of `ulc-error` some callers send.
    public static let ulcFailure = "ulc-failure"
    /// x-callback-url error responses carry these two parameters.
    public static let errorCode = "errorCode"
    /// x-callback-url error responses carry these two parameters.
    public static let errorMessage = "errorMessage"
    /// The return-url outcome parameter, after the response prefix.
    public static let responseType = "responseType"
    /// The key under which a return-url action's single callback is reported.
    public static let returnKey = "return"
}
