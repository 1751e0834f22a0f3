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
    /// A partner's own shape, as payment and point-of-sale apps publish theirs: the action's
    /// `callback-parameters` say where the callbacks are, its `answer` how the answer reads.
    case custom

    /// The spelling in a spec file.
    public var description: String { rawValue }

    /// The outcomes a response may report when the spec lists none.
    public var defaultOutcomes: [String] { facts.outcomes }

    /// The query parameters the convention itself owns (callbacks and source), which actions may
    /// not declare. The return-url parameter is per action and not listed here.
    public var reservedParameters: [String] { facts.reservedParameters }

    /// The parameter that carries the calling app's display name (x-callback-url's `x-source`),
    /// or `nil` when the convention has none.
    public var callerNameParameter: String? { facts.callerNameParameter }

    /// Whether an answer carries response parameters (a Universal Link Callback appends nothing).
    public var answersWithParameters: Bool { facts.answersWithParameters }

    /// Whether a request may leave out every callback (x-callback-url's callbacks are optional).
    public var callbacksAreOptional: Bool { facts.callbacksAreOptional }

    /// Whether every callback must be an https universal link (a Universal Link Callback's).
    public var requiresHTTPSCallbacks: Bool { facts.requiresHTTPSCallbacks }

    /// The action keys whose meaning is the convention's (of `return-parameter`,
    /// `response-prefix` and `outcomes`) that its actions may give, as a spec spells them.
    public var actionKeys: [String] { facts.actionKeyNames }

    /// The route of an action that gives no `url`: x-callback-url's
    /// `<scheme>://x-callback-url/<action>`, for each of the app's schemes.
    ///
    /// - Parameters:
    ///   - scheme: One of the app's schemes (or a placeholder such as `<scheme>`, for a message).
    ///   - action: The action's name.
    /// - Returns: The route's text, or `nil` when the convention derives no route.
    public func derivedRoute(scheme: String, action: String) -> String? {
        rules.derivedRoute(scheme: scheme, action: action)
    }

    /// The outcome whose answer carries an action's `returns`: `success`, or a return-url
    /// action's first outcome (its success outcome, such as `approved`).
    ///
    /// - Parameter outcomes: The action's outcomes (``Action/outcomes``).
    /// - Returns: The outcome, or `nil` when the action never answers success: convention
    ///   `none`, or an x-callback-url action whose outcomes leave out `success`.
    public func successOutcome(among outcomes: [String]) -> String? {
        rules.successOutcome(among: outcomes)
    }

    /// The callback parameters a request under this convention carries, each with the outcome it
    /// answers, in the order a request lists them: x-callback-url's `x-success`, `x-error` and
    /// `x-cancel` (those of `outcomes`), ULC's `ulc-success` and `ulc-error`, a return-url action's
    /// single `returnParameter` (under ``ConventionNames/returnKey``), none for `none`.
    ///
    /// - Parameters:
    ///   - outcomes: The outcomes answered; the convention's ``defaultOutcomes`` when `nil`.
    ///   - returnParameter: A return-url action's return parameter.
    public func callbackParameters(
        outcomes: [String]? = nil,
        returnParameter: String = ConventionNames.returnParameter
    ) -> [(outcome: String, parameter: String)] {
        rules.callbackParameters(outcomes: outcomes ?? defaultOutcomes, returnParameter: returnParameter)
    }

    /// The query items that send a request's callbacks back to `base`: each callback
    /// parameter with `base/<outcome>` (a return-url action's with `base` itself), after
    /// x-callback-url's `x-source` when `callerName` is given.
    ///
    /// - Parameters:
    ///   - base: The URL the callbacks derive from, without a trailing slash.
    ///   - callerName: The calling app's display name, for a convention that carries one.
    ///   - outcomes: The outcomes answered; the convention's ``defaultOutcomes`` when `nil`.
    ///   - returnParameter: A return-url action's return parameter.
    /// - Returns: The items, unencoded, in the order a request lists them.
    /// - Complexity: O(*n*) in the number of outcomes.
    public func callbackItems(
        base: String,
        callerName: String? = nil,
        outcomes: [String]? = nil,
        returnParameter: String = ConventionNames.returnParameter
    ) -> [QueryItem] {
        var items: [QueryItem] = []
        if let parameter = rules.callerNameParameter, let callerName { items.append(QueryItem(name: parameter, value: callerName)) }
        for (outcome, parameter) in callbackParameters(outcomes: outcomes, returnParameter: returnParameter) {
            items.append(QueryItem(name: parameter, value: outcome == ConventionNames.returnKey ? base : base + "/" + outcome))
        }
        return items
    }
}

extension Action {
    /// The outcome whose answer carries ``returns`` (see ``Convention/successOutcome(among:)``),
    /// or `nil` when the action never answers success.
    public var successOutcome: String? { convention.successOutcome(among: outcomes) }

    /// The callback parameters a request for this action carries, each with the outcome it
    /// answers (see ``Convention/callbackParameters(outcomes:returnParameter:)``).
    public var callbackParameters: [(outcome: String, parameter: String)] {
        convention.callbackParameters(outcomes: outcomes, returnParameter: returnParameter)
    }

    /// Where a request for this action carries its callbacks and how its answer is shaped: a
    /// `custom` action's own ``customWayBack``, or its convention's preset, stated by the
    /// convention's facts (``ConventionFacts/answer``): each callback parameter of
    /// ``callbackParameters`` as a query parameter, and the convention's answer with the
    /// action's `response-prefix`.
    public var wayBack: WayBack {
        if let customWayBack { return customWayBack }
        var answer = convention.facts.answer
        answer.prefix = responsePrefix
        return WayBack(callbacks: callbackParameters.map { CallbackLocation(outcome: $0.outcome, place: .query($0.parameter)) }, answer: answer)
    }

    /// What the action's convention means for a caller, in one sentence for documentation,
    /// with names and URL shapes in backtick code spans.
    public var conventionExplanation: String { convention.rules.explanation(of: self) }

    /// What the success answer is called in documentation (`` `x-success` ``, `` the `approved`
    /// answer ``, names in backtick code spans), or `nil` when the action carries nothing back:
    /// convention `none`, a Universal Link Callback, or an action that never answers success.
    public var successAnswerName: String? { convention.rules.successAnswer(of: self) }

    /// Why the action carries nothing back, in one sentence for documentation (names in backtick
    /// code spans), or `nil` when its success answer carries what it ``returns``.
    public var nothingReturnedExplanation: String? { convention.rules.nothingReturned(by: self) }
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
    /// A return-url action's return parameter when the spec names none.
    public static let returnParameter = "returnURL"
    /// The key under which a return-url action's single callback is reported.
    public static let returnKey = "return"
}
