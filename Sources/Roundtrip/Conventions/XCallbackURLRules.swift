/// x-callback-url 1.0 (the x-callback-url.com specification): the request carries `x-success`,
/// `x-error` and `x-cancel` callback URLs and the caller's display name in `x-source`; the
/// answer opens one of them with the response parameters, and an error carries `errorCode` and
/// `errorMessage`. An action's `outcomes` name the callbacks it answers with; the others are
/// still accepted and checked against the callback policy, never opened.
struct XCallbackURLRules: ConventionRules {
    var convention: Convention { .xCallbackURL }

    var facts: ConventionFacts { Self.facts }
    /// Made once: every action of the convention reads them at launch.
    static let facts = ConventionFacts(
        outcomes: ConventionNames.xCallbacks.map(\.outcome),
        callbacks: ConventionNames.xCallbacks,
        callerNameParameter: ConventionNames.xSource,
        reservedParameters: [ConventionNames.xSource] + ConventionNames.xCallbacks.map(\.parameter),
        signsAnswers: true,
        callbacksAreOptional: true,
        callbacksMayBeRequired: true,
        routeHost: ConventionNames.xCallbackHost,
        actionKeys: [.outcomes]
    )

    func callbackParameters(outcomes: [String], returnParameter: String) -> [(outcome: String, parameter: String)] {
        ConventionNames.xCallbacks.filter { outcomes.contains($0.outcome) }
    }

    func explanation(of action: Action) -> String {
        let callbacks = callbackParameters(outcomes: action.outcomes, returnParameter: action.returnParameter).map { Self.code($0.parameter) }
        let listed =
            callbacks.count > 2
            ? callbacks.dropLast().joined(separator: ", ") + ", and " + callbacks[callbacks.count - 1] : callbacks.joined(separator: " and ")
        let error = action.outcomes.contains("error") ? ", an error with `errorCode` and `errorMessage`" : ""
        return "send \(listed) with the URLs to come back to, and `x-source` with your app's name; the app opens one of them when it is done\(error)."
    }

    func successAnswer(of action: Action) -> String? {
        successOutcome(among: action.outcomes).map { _ in "`x-success`" }
    }

    func nothingReturned(by action: Action) -> String? {
        guard successOutcome(among: action.outcomes) == nil else { return nil }
        let outcomes = action.outcomes.map(Self.code).joined(separator: ", ")
        return "Nothing: the action never answers success (its outcomes are \(outcomes)), so there is no `x-success` callback."
    }

    func mismatch(of key: ActionKey) -> String {
        key == .returnParameter
            ? appliesOnly(key) + "; an x-callback-url request names its callbacks x-success, x-error and x-cancel"
            : appliesOnly(key)
                + "; an x-callback-url answer goes to the caller's own x-success, x-error or x-cancel URL, with its parameters unprefixed"
    }

    func outcomeProblem(_ outcome: String) -> String? {
        defaultOutcomes.contains(outcome) ? nil : "x-callback-url outcomes are \(defaultOutcomes.joined(separator: ", ")), not '\(outcome)'"
    }

    /// Kept in the convention's order, whatever order the file lists them in.
    func ordered(outcomes: [String]) -> [String] { defaultOutcomes.filter(outcomes.contains) }

    func takeCallbacks(
        _ take: (String) -> String?,
        of action: Action,
        policy: CallbackPolicy
    ) throws(RoundtripError) -> (callbacks: RequestCallbacks, callerName: String?) {
        let callerName = take(ConventionNames.xSource)
        var callbacks = RequestCallbacks.none
        var dropped: [DroppedCallback] = []
        for (outcome, parameter) in ConventionNames.xCallbacks {
            guard let url = take(parameter) else { continue }
            let admitted = try CallbackPolicy.admit(outcome, of: action, dropping: &dropped) { () throws(RoundtripError) in
                try policy.check(decoded: url, parameter: parameter, allowedSchemes: action.allowSchemes, refusedSchemes: action.forbidSchemes)
            }
            guard admitted else { continue }
            // Checked, but never opened: an outcome the action does not answer with.
            if action.outcomes.contains(outcome) { callbacks.set(url, for: outcome) }
        }
        // `required-callbacks`: the callbacks the action cannot answer without.
        for outcome in action.requiredCallbacks where callbacks[outcome] == nil {
            let parameter = ConventionNames.xCallbacks.first { $0.outcome == outcome }?.parameter ?? outcome
            throw RoundtripError(
                .missingCallback,
                "the action '\(action.name)' requires the '\(parameter)' callback, on which it answers '\(outcome)'",
                parameter: parameter
            )
        }
        callbacks.dropped = dropped
        return (callbacks, callerName)
    }

    func callbackURL(
        answering request: AcceptedRequest,
        action: Action,
        outcome: String,
        parameters: [QueryItem]
    ) throws(RoundtripError) -> String {
        guard let parameter = ConventionNames.xCallbacks.first(where: { $0.outcome == outcome })?.parameter else {
            throw RoundtripError(.invalidParameter, "x-callback-url answers success, error or cancel, not '\(outcome)'", parameter: "outcome")
        }
        guard action.outcomes.contains(outcome) else {
            throw RoundtripError(
                .invalidParameter,
                "the action '\(action.name)' answers \(action.outcomes.joined(separator: ", ")), not '\(outcome)'",
                parameter: "outcome"
            )
        }
        if let returns = action.returns, outcome == successOutcome(among: action.outcomes) {
            _ = try ReturnedValues.check(parameters, against: returns, action: action.name)
        }
        guard let url = request.callbackURLs[outcome] else {
            throw RoundtripError(.missingCallback, "the request has no \(parameter) URL to answer '\(outcome)' on", parameter: parameter)
        }
        var items = parameters
        if outcome == "error" {
            if !items.contains(where: { $0.name == ConventionNames.errorCode }) {
                items.insert(QueryItem(name: ConventionNames.errorCode, value: "error"), at: 0)
            }
            if !items.contains(where: { $0.name == ConventionNames.errorMessage }) {
                items.insert(QueryItem(name: ConventionNames.errorMessage, value: "The action did not complete."), at: 1)
            }
        }
        return try append(items, to: url)
    }

    func interpret(
        _ answer: [QueryItem],
        request: PendingRequest,
        callbackKey: String
    ) throws(RoundtripError) -> (outcome: String, parameters: [QueryItem]) {
        (callbackKey, answer)
    }
}
