/// Imprivata's "iOS App Logout via Universal Link Callback": an https request carries
/// `ulc-success` and `ulc-error` (some callers send `ulc-failure`), both https universal links;
/// the answer opens one of them exactly as given, appending nothing.
struct UniversalLinkCallbackRules: ConventionRules {
    var convention: Convention { .universalLinkCallback }

    var facts: ConventionFacts { Self.facts }
    /// Made once: every action of the convention reads them at launch.
    static let facts = ConventionFacts(
        outcomes: ["success", "error"],
        callbacks: [("success", ConventionNames.ulcSuccess), ("error", ConventionNames.ulcError)],
        reservedParameters: [ConventionNames.ulcSuccess, ConventionNames.ulcError, ConventionNames.ulcFailure],
        signsAnswers: false,
        answersWithParameters: false,
        callbacksMayBeRequired: true,
        requiresEveryCallback: true,
        requiresHTTPSCallbacks: true,
        answer: AnswerShape(form: .unchanged),
        actionKeys: []
    )

    /// Both callbacks, whatever the action's outcomes: a request always carries both.
    func callbackParameters(outcomes: [String], returnParameter: String) -> [(outcome: String, parameter: String)] {
        facts.callbacks
    }

    func explanation(of action: Action) -> String {
        "send `ulc-success` and `ulc-error` (`ulc-failure` is read as an alias), both https universal links; the app opens one of them exactly as given, appending nothing."
    }

    func mismatch(of key: ActionKey) -> String {
        switch key {
        case .returnParameter: appliesOnly(key) + "; a Universal Link Callback request names its callbacks ulc-success and ulc-error"
        case .outcomes: appliesOnly(key) + "; a Universal Link Callback answers with success (ulc-success) or error (ulc-error)"
        default: appliesOnly(key) + "; a Universal Link Callback appends nothing to its callbacks"
        }
    }

    func routeProblem(_ route: RoutePattern) -> (rule: String, message: String)? {
        guard route.scheme != "https" else { return nil }
        return ("ulc-not-https", "a Universal Link Callback action must be an https universal link, not '\(route.scheme):'")
    }

    func nothingReturned(by action: Action) -> String? { "Nothing: a Universal Link Callback opens `ulc-success` as given." }

    var returnsRefusal: String? { "a Universal Link Callback appends nothing to its callbacks, so it returns nothing" }

    func requiredCallbacksRedundancy(on action: String) -> String? {
        "a Universal Link Callback request always needs both 'ulc-success' and 'ulc-error', so 'required-callbacks' changes nothing on '\(action)'; drop it"
    }

    func takeCallbacks(
        _ take: (String) -> String?,
        of action: Action,
        policy: CallbackPolicy
    ) throws(RoundtripError) -> (callbacks: RequestCallbacks, callerName: String?) {
        guard let success = take(ConventionNames.ulcSuccess) else {
            throw RoundtripError(
                .missingCallback,
                "a Universal Link Callback needs 'ulc-success' (and 'ulc-error')",
                parameter: ConventionNames.ulcSuccess
            )
        }
        let error = take(ConventionNames.ulcError)
        let failure = take(ConventionNames.ulcFailure)
        if error != nil, failure != nil {
            throw RoundtripError(
                .duplicateParameter,
                "the request has both 'ulc-error' and its alias 'ulc-failure'",
                parameter: ConventionNames.ulcFailure
            )
        }
        guard let errorURL = error ?? failure else {
            throw RoundtripError(
                .missingCallback,
                "a Universal Link Callback needs 'ulc-error' (or its alias 'ulc-failure')",
                parameter: ConventionNames.ulcError
            )
        }
        _ = try policy.check(decoded: success, parameter: ConventionNames.ulcSuccess, requireHTTPS: true, refusedSchemes: action.forbidSchemes)
        _ = try policy.check(
            decoded: errorURL,
            parameter: error != nil ? ConventionNames.ulcError : ConventionNames.ulcFailure,
            requireHTTPS: true,
            refusedSchemes: action.forbidSchemes
        )
        return (RequestCallbacks(["success": success, "error": errorURL]), nil)
    }

    func callbackURL(
        answering request: AcceptedRequest,
        action: Action,
        outcome: String,
        parameters: [QueryItem]
    ) throws(RoundtripError) -> String {
        guard outcome == "success" || outcome == "error" else {
            throw RoundtripError(.invalidParameter, "a Universal Link Callback answers only success or error, not '\(outcome)'", parameter: "outcome")
        }
        guard parameters.isEmpty else {
            throw RoundtripError(
                .invalidParameter,
                "a Universal Link Callback carries no response parameters (Imprivata's Universal Link Callback page); open the callback as given",
                parameter: parameters[0].name
            )
        }
        guard let url = request.callbackURLs[outcome] else {
            throw RoundtripError(.missingCallback, "the request has no ulc-\(outcome) URL")
        }
        return url
    }

    func deriveCallbacks(
        from base: URLSplit,
        appending: (String) -> String,
        for action: Action
    ) throws(RoundtripError) -> [(key: String, parameter: String, url: String)] {
        guard base.scheme.lowercased() == "https" else {
            throw RoundtripError(
                .forbiddenCallback,
                "a Universal Link Callback comes back on https universal links, not '\(base.scheme):'",
                parameter: "callback"
            )
        }
        return try deriveModelCallbacks(from: base, appending: appending, for: action)
    }

    func interpret(
        _ answer: [QueryItem],
        request: PendingRequest,
        callbackKey: String
    ) throws(RoundtripError) -> (outcome: String, parameters: [QueryItem]) {
        (callbackKey, answer)
    }
}
