import Foundation

/// Convention `custom`: a partner's own shape, as the URL APIs of payment terminals and
/// point-of-sale apps publish theirs. The action's `callback-parameters` say where each callback
/// is (a query parameter of the partner's own name, a member of a `json` parameter named by a
/// JSON Pointer, RFC 6901, or a URL template), and its `answer` how the answer reads. Every
/// callback goes through the whole callback policy, exactly as a convention's does.
///
/// Taking and checking the callbacks reads the model, and so does placing them in a request
/// (``ConventionRules/deriveModelCallbacks(from:appending:for:)``); the answer is written and
/// read in the action's shape by ``CustomAnswer``.
struct CustomRules: ConventionRules {
    var convention: Convention { .custom }

    var facts: ConventionFacts { Self.facts }
    /// Made once. The callbacks are each action's own, so none is listed or reserved here.
    static let facts = ConventionFacts(
        outcomes: ConventionNames.xCallbacks.map(\.outcome),
        callbacks: [],
        reservedParameters: [],
        signsAnswers: true,
        callbacksAreOptional: true,
        callbacksMayBeRequired: true,
        describesOwnWayBack: true,
        actionKeys: [.outcomes]
    )

    /// The action's query callback parameters are its own (``Action/wayBack``); none is fixed.
    func callbackParameters(outcomes: [String], returnParameter: String) -> [(outcome: String, parameter: String)] { [] }

    func explanation(of action: Action) -> String {
        let places = action.wayBack.callbacks.map { location in
            "\(Self.code(location.place.parameter)) (\(location.servesEveryOutcome ? "every outcome" : location.outcome))"
        }
        return "send the URL to come back to in \(places.joined(separator: ", ")), as the action describes; the app opens it when it is done."
    }

    func mismatch(of key: ActionKey) -> String {
        appliesOnly(key) + "; a custom action names its callbacks in 'callback-parameters' and shapes its answer in 'answer'"
    }

    func outcomeProblem(_ outcome: String) -> String? {
        outcome == CallbackLocation.everyOutcome ? "'\(outcome)' stands for every outcome in 'callback-parameters'; it is not an outcome" : nil
    }

    func takeCallbacks(
        _ take: (String) -> String?,
        of action: Action,
        policy: CallbackPolicy
    ) throws(RoundtripError) -> (callbacks: RequestCallbacks, callerName: String?) {
        (try Self.takeCallbacks(take, peek: { _ in nil }, of: action, policy: policy), nil)
    }

    /// Receiving: takes each callback of the action's ``Action/wayBack`` from where it is, in the
    /// order the spec lists them, and checks it against `policy`; then `required-callbacks`.
    ///
    /// - Parameters:
    ///   - take: Removes a query parameter from the request and gives its decoded value (a
    ///     callback parameter is reported under `callbacks`, never as a parameter).
    ///   - peek: Gives a declared parameter's decoded value and leaves it (a `json` parameter
    ///     stays a parameter; its member is the callback).
    /// - Returns: The callbacks by outcome, or under `any`.
    /// - Throws: `forbidden-callback` or `reserved-parameter` from the policy (for an optional
    ///   callback under `invalid-callback: drop`, dropped and reported instead), `invalid-parameter`
    ///   for a `json` parameter that is not JSON or whose member is no string, or a template
    ///   placeholder the answer never fills, `missing-callback` for a required one.
    static func takeCallbacks(
        _ take: (String) -> String?,
        peek: (String) -> String?,
        of action: Action,
        policy: CallbackPolicy
    ) throws(RoundtripError) -> RequestCallbacks {
        let wayBack = action.wayBack
        var callbacks = RequestCallbacks.none
        var documents: [String: DocumentNode] = [:]
        var dropped: [DroppedCallback] = []
        for location in wayBack.callbacks {
            switch location.place {
            case .query(let name):
                guard let url = take(name) else { continue }
                let prefix = wayBack.answer.form == .query ? wayBack.answer.prefix : ""
                let admitted = try CallbackPolicy.admit(location.outcome, of: action, dropping: &dropped) { () throws(RoundtripError) in
                    try policy.check(
                        decoded: url,
                        parameter: name,
                        responsePrefix: prefix,
                        allowedSchemes: action.allowSchemes,
                        refusedSchemes: action.forbidSchemes
                    )
                }
                if admitted { callbacks.set(url, for: location.outcome) }
            case .jsonMember(let parameter, let pointer):
                let document: DocumentNode
                if let parsed = documents[parameter] {
                    document = parsed
                } else {
                    guard let text = peek(parameter) else { continue }
                    do {
                        document = try JSONParser.parse(Array(text.utf8), maximumDepth: ParameterParsing.maximumJSONDepth)
                    } catch {
                        throw RoundtripError(.invalidParameter, "the parameter '\(parameter)' is not JSON: \(error.message)", parameter: parameter)
                    }
                    documents[parameter] = document
                }
                guard let member = pointer.value(in: document) else { continue }
                guard let url = member.string else {
                    throw RoundtripError(
                        .invalidParameter,
                        "the callback \(location.place.described) is \(member.typeName), not a URL string",
                        parameter: parameter
                    )
                }
                let admitted = try CallbackPolicy.admit(location.outcome, of: action, dropping: &dropped) { () throws(RoundtripError) in
                    try policy.check(
                        decoded: url,
                        parameter: parameter,
                        allowedSchemes: action.allowSchemes,
                        refusedSchemes: action.forbidSchemes,
                        place: location.place.described,
                        scanningCharacters: true
                    )
                }
                if admitted { callbacks.set(url, for: location.outcome) }
            case .template(let name):
                guard let template = take(name) else { continue }
                let url = try URLTemplate.checked(template, parameter: name, fields: answerFields(of: action))
                let admitted = try CallbackPolicy.admit(location.outcome, of: action, dropping: &dropped) { () throws(RoundtripError) in
                    try policy.check(decoded: url, parameter: name, allowedSchemes: action.allowSchemes, refusedSchemes: action.forbidSchemes)
                }
                if admitted { callbacks.set(template, for: location.outcome) }
            }
        }
        // `required-callbacks`: the callbacks the action cannot answer without.
        for outcome in action.requiredCallbacks where callbacks[outcome] == nil {
            let place = wayBack.callback(for: outcome)?.place
            let answered = outcome == CallbackLocation.everyOutcome ? "every outcome" : "'\(outcome)'"
            throw RoundtripError(
                .missingCallback,
                "the action '\(action.name)' requires the callback \(place?.described ?? "'\(outcome)'"), on which it answers \(answered)",
                parameter: place?.parameter ?? outcome
            )
        }
        callbacks.dropped = dropped
        return callbacks
    }

    /// The names a template callback may hold as placeholders: the outcome field and every
    /// declared answer field (`returns`, `error-returns`, `echo`); `nil` when the action declares
    /// neither `returns` nor `error-returns`, so that any field may come back.
    static func answerFields(of action: Action) -> Set<String>? {
        guard action.returns != nil || action.errorReturns != nil else { return nil }
        let answer = action.wayBack.answer
        var names = Set((action.returns ?? []).map(\.name) + (action.errorReturns ?? []).map(\.name) + answer.echo)
        if let outcome = answer.outcome { names.insert(outcome.name) }
        return names
    }

    func callbackURL(
        answering request: AcceptedRequest,
        action: Action,
        outcome: String,
        parameters: [QueryItem]
    ) throws(RoundtripError) -> String {
        try CustomAnswer.callbackURL(answering: request, action: action, outcome: outcome, parameters: parameters)
    }

    func interpret(
        _ answer: [QueryItem],
        request: PendingRequest,
        callbackKey: String
    ) throws(RoundtripError) -> (outcome: String, parameters: [QueryItem]) {
        guard let shape = request.answer else {
            throw RoundtripError(.unsolicitedResponse, "the pending request to '\(request.action)' recorded no answer shape to read its answer with")
        }
        let read = try CustomAnswer.interpret(answer, shape: shape, request: request, callbackKey: callbackKey)
        return (read.outcome, read.parameters)
    }

    /// A query answer's fields carry the prefix; a JSON or template answer's are not query names.
    func wireName(of name: String, request: PendingRequest) -> String {
        request.answer.map { $0.form == .query ? $0.prefix + name : name } ?? name
    }
}

/// A callback URL with `{Name}` placeholders that the answering app fills (a partner's
/// `{parameter, template: true}` callback). The placeholders may stand only in the path and the
/// query: the scheme and the host stay literal, so the callback policy checks the real ones.
enum URLTemplate {
    /// The placeholders of `template`, in order.
    ///
    /// - Throws: A message when a brace is unmatched, a placeholder is empty or holds a brace.
    /// - Complexity: O(*n*) in the template's length.
    static func placeholders(in template: String) throws(URLTemplateError) -> [(name: String, range: Range<String.Index>)] {
        var found: [(name: String, range: Range<String.Index>)] = []
        var index = template.startIndex
        while index < template.endIndex {
            let character = template[index]
            if character == "}" { throw URLTemplateError("has a '}' that closes no '{'") }
            guard character == "{" else {
                index = template.index(after: index)
                continue
            }
            let nameStart = template.index(after: index)
            guard let close = template[nameStart...].firstIndex(where: { $0 == "}" || $0 == "{" }), template[close] == "}" else {
                throw URLTemplateError("has a '{' that no '}' closes")
            }
            let name = String(template[nameStart..<close])
            if name.isEmpty { throw URLTemplateError("has an empty placeholder '{}'") }
            let end = template.index(after: close)
            found.append((name, index..<end))
            index = end
        }
        return found
    }

    /// Checks a template callback and gives the URL the callback policy checks: each
    /// placeholder replaced by a neutral letter, which can neither start a reserved name nor
    /// change the URL's structure.
    ///
    /// - Parameter fields: The placeholders the answer fills; `nil` for any.
    /// - Throws: `forbidden-callback` for a malformed template or a placeholder in the scheme or
    ///   host; `invalid-parameter` for a placeholder the answer never fills.
    static func checked(_ template: String, parameter: String, fields: Set<String>?) throws(RoundtripError) -> String {
        let placeholders: [(name: String, range: Range<String.Index>)]
        do {
            placeholders = try Self.placeholders(in: template)
        } catch {
            throw RoundtripError(.forbiddenCallback, "the callback '\(parameter)' \(error.message)", parameter: parameter)
        }
        guard let first = placeholders.first else { return template }
        // Scheme and authority end at the first '/', '?' or '#' after "scheme:" and "//".
        let literalEnd = literalPartEnd(of: template)
        if first.range.lowerBound < literalEnd {
            throw RoundtripError(
                .forbiddenCallback,
                "the callback '\(parameter)' has the placeholder '{\(first.name)}' in its scheme or host; they must be literal, so that they can be checked",
                parameter: parameter
            )
        }
        if let fields, let unknown = placeholders.first(where: { !fields.contains($0.name) }) {
            throw RoundtripError(
                .invalidParameter,
                "the callback '\(parameter)' has the placeholder '{\(ParameterParsing.abbreviated(unknown.name))}', which is neither the outcome nor a field the answer carries (\(fields.sorted().joined(separator: ", ")))",
                parameter: parameter
            )
        }
        var filled = ""
        var last = template.startIndex
        for placeholder in placeholders {
            filled += template[last..<placeholder.range.lowerBound]
            filled += "x"
            last = placeholder.range.upperBound
        }
        filled += template[last...]
        return filled
    }

    /// Where the template's literal part (scheme, and authority when there is one) ends.
    private static func literalPartEnd(of template: String) -> String.Index {
        guard let colon = template.firstIndex(of: ":") else { return template.endIndex }
        let afterScheme = template.index(after: colon)
        guard template[afterScheme...].hasPrefix("//") else { return afterScheme }
        let authorityStart = template.index(afterScheme, offsetBy: 2)
        return template[authorityStart...].firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? template.endIndex
    }
}

/// Why a URL template is malformed.
struct URLTemplateError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
