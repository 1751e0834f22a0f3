/// Convention `none`: a fire-and-forget request, such as the `todolist://www.acme.com?Task`
/// example of Apple's custom URL scheme documentation. There is no way back: nothing to take,
/// answer, derive or accept.
struct NoCallbackRules: ConventionRules {
    var convention: Convention { .none }

    var facts: ConventionFacts { Self.facts }
    /// Made once: every action of the convention reads them at launch.
    static let facts = ConventionFacts(
        outcomes: [],
        callbacks: [],
        reservedParameters: [],
        hasWayBack: false,
        signsAnswers: false,
        callbacksMayBeRequired: false,
        answer: AnswerShape(form: .unchanged),
        actionKeys: []
    )

    func successOutcome(among outcomes: [String]) -> String? { nil }

    func callbackParameters(outcomes: [String], returnParameter: String) -> [(outcome: String, parameter: String)] { [] }

    func explanation(of action: Action) -> String { "send no callback; the app does not answer." }

    func mismatch(of key: ActionKey) -> String { appliesOnly(key) + "; an action with convention none never answers" }

    func nothingReturned(by action: Action) -> String? { "Nothing: the app does not answer." }

    var returnsRefusal: String? { "an action with convention none never answers, so it returns nothing" }

    var requiredCallbacksRefusal: String { "a none action never answers, so it has no callbacks" }

    func takeCallbacks(
        _ take: (String) -> String?,
        of action: Action,
        policy: CallbackPolicy
    ) throws(RoundtripError) -> (callbacks: RequestCallbacks, callerName: String?) {
        (.none, nil)
    }

    func callbackURL(
        answering request: AcceptedRequest,
        action: Action,
        outcome: String,
        parameters: [QueryItem]
    ) throws(RoundtripError) -> String {
        throw RoundtripError(.missingCallback, "the action '\(action.name)' uses convention none: there is no way back to answer on")
    }

    func deriveCallbacks(
        from base: URLSplit,
        appending: (String) -> String,
        for action: Action
    ) throws(RoundtripError) -> [(key: String, parameter: String, url: String)] {
        throw RoundtripError(
            .invalidParameter,
            "the action '\(action.name)' uses convention none: there is no way back, so it takes no callback",
            parameter: "callback"
        )
    }

    func interpret(
        _ answer: [QueryItem],
        request: PendingRequest,
        callbackKey: String
    ) throws(RoundtripError) -> (outcome: String, parameters: [QueryItem]) {
        throw RoundtripError(.unsolicitedResponse, "the action '\(request.action)' uses convention none and is never answered")
    }
}
