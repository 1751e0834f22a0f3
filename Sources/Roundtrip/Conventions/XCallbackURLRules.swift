/// x-callback-url 1.0 (the x-callback-url.com specification): the request carries `x-success`,
/// `x-error` and `x-cancel` callback URLs and the caller's display name in `x-source`; the
/// answer opens one of them with the response parameters, and an error carries `errorCode` and
/// `errorMessage`. An action's `outcomes` name the callbacks it answers with; the others are
/// still accepted and checked against the callback policy, never opened.
struct XCallbackURLRules: ConventionRules {
    var defaultOutcomes: [String] { ConventionNames.xCallbacks.map(\.outcome) }

    var reservedParameters: [String] { [ConventionNames.xSource] + ConventionNames.xCallbacks.map(\.parameter) }

    func takeCallbacks(
        _ take: (String) -> String?,
        of action: Action,
        policy: CallbackPolicy
    ) throws(RoundtripError) -> (callbacks: RequestCallbacks, callerName: String?) {
        let callerName = take(ConventionNames.xSource)
        var callbacks: [String: String] = [:]
        for (outcome, parameter) in ConventionNames.xCallbacks {
            guard let url = take(parameter) else { continue }
            _ = try policy.check(decoded: url, parameter: parameter)
            // Checked, but never opened: an outcome the action does not answer with.
            if action.outcomes.contains(outcome) { callbacks[outcome] = url }
        }
        return (RequestCallbacks(callbacks), callerName)
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
        if let returns = action.returns, outcome == "success" {
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

    func deriveCallbacks(
        from base: URLSplit,
        appending: (String) -> String,
        for action: Action
    ) throws(RoundtripError) -> [(key: String, parameter: String, url: String)] {
        ConventionNames.xCallbacks.filter { action.outcomes.contains($0.outcome) }.map { ($0.outcome, $0.parameter, appending($0.outcome)) }
    }

    func interpret(
        _ answer: [QueryItem],
        request: PendingRequest,
        callbackKey: String
    ) throws(RoundtripError) -> (outcome: String, parameters: [QueryItem]) {
        (callbackKey, answer)
    }
}
