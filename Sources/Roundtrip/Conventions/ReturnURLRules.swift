/// InnerFence's return-URL pattern ("2-way app integration on the iPhone"): the request carries
/// one return URL (`returnURL` by default); the answer opens it with
/// `<prefix>responseType=<outcome>` and each response parameter as `<prefix><name>`, as in
/// `my-return-url://?record_id=123&ifcc_responseType=declined`.
struct ReturnURLRules: ConventionRules {
    var convention: Convention { .returnURL }

    var facts: ConventionFacts { Self.facts }
    /// Made once: every action of the convention reads them at launch. The return parameter is
    /// per action (``Action/returnParameter``), so none is reserved here.
    static let facts = ConventionFacts(
        outcomes: ["approved", "declined", "cancelled", "error"],
        callbacks: [(ConventionNames.returnKey, ConventionNames.returnParameter)],
        reservedParameters: [],
        signsAnswers: true,
        callbacksMayBeRequired: false,
        answer: AnswerShape(outcome: AnswerShape.OutcomeField(name: ConventionNames.responseType)),
        actionKeys: [.returnParameter, .responsePrefix, .outcomes]
    )

    /// The first outcome: the spec lists the success outcome first.
    func successOutcome(among outcomes: [String]) -> String? { outcomes.first }

    func callbackParameters(outcomes: [String], returnParameter: String) -> [(outcome: String, parameter: String)] {
        [(ConventionNames.returnKey, returnParameter)]
    }

    func explanation(of action: Action) -> String {
        let prefix = action.responsePrefix
        return "send \(Self.code(action.returnParameter)) with the URL to come back to; the app opens it with "
            + "\(Self.code(prefix + ConventionNames.responseType + "=<outcome>")) and each returned value as \(Self.code(prefix + "<name>")), "
            + "after your own query items, which it never overwrites."
    }

    func successAnswer(of action: Action) -> String? {
        successOutcome(among: action.outcomes).map { "the \(Self.code($0)) answer" }
    }

    func mismatch(of key: ActionKey) -> String { appliesOnly(key) }

    func parameterNameProblem(_ name: String, returnParameter: String, responsePrefix: String) -> String? {
        if !name.beginsWithOtherASCIIByte(than: returnParameter), name == returnParameter {
            return "'\(name)' is this action's return parameter; the convention handles it"
        }
        if !responsePrefix.isEmpty, !name.beginsWithOtherASCIIByte(than: responsePrefix), name.hasPrefix(responsePrefix) {
            return "'\(name)' starts with the response prefix '\(responsePrefix)'"
        }
        return nil
    }

    func returnedNameProblem(_ name: String, responsePrefix: String) -> (rule: String, message: String)? {
        if name == ConventionNames.responseType { return ("reserved-parameter", "'\(name)' carries the outcome; the convention sets it") }
        if !responsePrefix.isEmpty, name.hasPrefix(responsePrefix) {
            return ("invalid-name", "write returned names without the response prefix '\(responsePrefix)'; it is added for you")
        }
        return nil
    }

    var requiredCallbacksRefusal: String {
        "a return-url request always carries its one return URL ('\(ConventionNames.returnParameter)' or the action's 'return-parameter')"
    }

    func takeCallbacks(
        _ take: (String) -> String?,
        of action: Action,
        policy: CallbackPolicy
    ) throws(RoundtripError) -> (callbacks: RequestCallbacks, callerName: String?) {
        guard let url = take(action.returnParameter) else {
            throw RoundtripError(
                .missingCallback,
                "the action '\(action.name)' needs '\(action.returnParameter)', the URL to return to",
                parameter: action.returnParameter
            )
        }
        _ = try policy.check(
            decoded: url,
            parameter: action.returnParameter,
            responsePrefix: action.responsePrefix,
            allowedSchemes: action.allowSchemes,
            refusedSchemes: action.forbidSchemes
        )
        return (RequestCallbacks(key: ConventionNames.returnKey, url: url), nil)
    }

    func callbackURL(
        answering request: AcceptedRequest,
        action: Action,
        outcome: String,
        parameters: [QueryItem]
    ) throws(RoundtripError) -> String {
        let resolved = try ResponseBuilder.resolveOutcome(outcome, of: action)
        if let returns = action.returns, resolved == successOutcome(among: action.outcomes) {
            _ = try ReturnedValues.check(parameters, against: returns, action: action.name)
        }
        guard let url = request.callbackURLs[ConventionNames.returnKey] else {
            throw RoundtripError(.missingCallback, "the request has no \(action.returnParameter) to return to", parameter: action.returnParameter)
        }
        // The answer's shape is the convention's preset (``Action/wayBack``): the outcome field
        // `responseType`, after the action's prefix.
        let answer = action.wayBack.answer
        let prefix = answer.prefix
        var items = [QueryItem(name: prefix + (answer.outcome?.name ?? ConventionNames.responseType), value: resolved)]
        for item in parameters {
            if item.name == ConventionNames.responseType {
                throw RoundtripError(.reservedParameter, "'\(ConventionNames.responseType)' is set from the outcome", parameter: item.name)
            }
            items.append(QueryItem(name: prefix + item.name, value: item.value))
        }
        return try append(items, to: url)
    }

    func interpret(
        _ answer: [QueryItem],
        request: PendingRequest,
        callbackKey: String
    ) throws(RoundtripError) -> (outcome: String, parameters: [QueryItem]) {
        let prefix = request.responsePrefix
        let typeName = prefix + ConventionNames.responseType
        guard let outcome = answer.first(where: { $0.name == typeName })?.value else {
            throw RoundtripError(.missingParameter, "the response has no '\(typeName)' saying how the request ended", parameter: typeName)
        }
        guard request.outcomes.contains(outcome) else {
            throw RoundtripError(
                .invalidParameter,
                "the response's '\(typeName)' is '\(ParameterParsing.abbreviated(outcome))', not one of \(request.outcomes.joined(separator: ", "))",
                parameter: typeName
            )
        }
        var parameters: [QueryItem] = []
        for item in answer where item.name != typeName {
            guard item.name.hasPrefix(prefix), item.name.count > prefix.count else {
                throw RoundtripError(
                    .unknownParameter,
                    "the response parameter '\(ParameterParsing.abbreviated(item.name))' lacks the response prefix '\(prefix)'",
                    parameter: item.name
                )
            }
            parameters.append(QueryItem(name: String(item.name.dropFirst(prefix.count)), value: item.value ?? ""))
        }
        return (outcome, parameters)
    }

    func wireName(of name: String, request: PendingRequest) -> String { request.responsePrefix + name }
}
