/// A `custom` action's way back: `callback-parameters`, `answer`, `error-returns` and
/// `state-parameter`, in the partner's own names.
extension SpecReader {
    /// A custom action's way back as read.
    struct CustomWayBack {
        var wayBack: WayBack?
        var errorReturns: [ParameterSpec]?
        var stateParameter: String?
    }

    /// The keys of a `{parameter, pointer}` or `{parameter, template: true}` callback location.
    static let callbackLocationKeys = ["parameter", "pointer", "template"]
    /// The keys of an `answer`.
    static let answerKeys = ["prefix", "outcome", "echo", "json", "template"]
    /// The keys of an answer's `outcome`.
    static let outcomeFieldKeys = ["name", "values"]

    /// The keys that describe a custom action's own way back, refused on any other action.
    static let customWayBackKeys: [ActionKey] = [.callbackParameters, .answer, .errorReturns, .stateParameter]

    /// Reads the keys of a custom action's way back, or refuses each on another convention,
    /// whose way back is its preset.
    mutating func readCustomWayBack(
        _ fields: SpecFields<ActionKey>,
        node: DocumentNode,
        convention: Convention,
        parameters: [ParameterSpec],
        outcomes: [String],
        returns: [ParameterSpec]?,
        path: String
    ) -> CustomWayBack {
        guard convention.facts.describesOwnWayBack else {
            for key in Self.customWayBackKeys {
                guard let keyNode = fields[key] else { continue }
                error(
                    "convention-mismatch",
                    Self.join(path, key),
                    keyNode,
                    "'\(key.name)' applies to custom actions only; a \(convention) action's callbacks and answer are the convention's own (convention: custom describes a partner's)"
                )
            }
            return CustomWayBack()
        }
        var result = CustomWayBack()
        guard let callbacksNode = fields[.callbackParameters] else {
            error(
                "missing-key",
                Self.join(path, ActionKey.callbackParameters),
                node,
                "a custom action needs 'callback-parameters': where the request carries each callback (such as success: callbacksuccess)"
            )
            return result
        }
        let callbacks = readCallbackLocations(
            callbacksNode,
            parameters: parameters,
            outcomes: outcomes,
            path: Self.join(path, ActionKey.callbackParameters)
        )
        let answer =
            fields[.answer].map { readAnswerShape($0, parameters: parameters, outcomes: outcomes, path: Self.join(path, ActionKey.answer)) }
            ?? AnswerShape()
        checkAnswerFits(answer, callbacks: callbacks, node: fields[.answer] ?? node, path: Self.join(path, ActionKey.answer))
        if let errorNode = fields[.errorReturns] {
            result.errorReturns = readReturns(
                errorNode,
                path: Self.join(path, ActionKey.errorReturns),
                convention: convention,
                responsePrefix: answer.prefix
            )
        }
        if let stateNode = fields[.stateParameter], let name = nonEmptyString(stateNode, Self.join(path, ActionKey.stateParameter)) {
            if answer.echo.contains(name) {
                result.stateParameter = name
            } else {
                error(
                    "invalid-value",
                    Self.join(path, ActionKey.stateParameter),
                    stateNode,
                    "'\(name)' is not echoed; list it under 'answer.echo', so that the partner sends rt-state back in it"
                )
            }
        }
        if answer.form == .query, answer.prefix.isEmpty, fields[.answer] != nil || returns != nil {
            warning(
                "no-response-prefix",
                Self.join(path, ActionKey.answer),
                fields[.answer] ?? node,
                "without a 'prefix' (such as smp-) answer fields may collide with the caller's own query items"
            )
        }
        result.wayBack = WayBack(callbacks: callbacks, answer: answer)
        return result
    }

    // MARK: - callback-parameters

    /// Reads `callback-parameters`: an outcome (or `any`) to a query parameter's name, a
    /// `{parameter, pointer}` member of a `json` parameter, or a `{parameter, template: true}`.
    private mutating func readCallbackLocations(
        _ node: DocumentNode,
        parameters: [ParameterSpec],
        outcomes: [String],
        path: String
    ) -> [CallbackLocation] {
        var locations: [CallbackLocation] = []
        let entries = namedEntries(node, path)
        if entries.isEmpty, node.members != nil {
            error("empty-value", path, node, "name at least one callback (such as success: callbacksuccess)")
        }
        for member in entries {
            let (outcome, keyNode, value) = (member.key, Self.keyNode(member), member.value)
            let entryPath = Self.join(path, outcome)
            if outcome == CallbackLocation.everyOutcome {
                if entries.count > 1 {
                    error(
                        "invalid-value",
                        entryPath,
                        keyNode,
                        "'any' is one callback for every outcome; it cannot stand beside callbacks of single outcomes (\(entries.map(\.key).filter { $0 != outcome }.joined(separator: ", ")))"
                    )
                    continue
                }
            } else if !outcomes.contains(outcome) {
                error(
                    "invalid-value",
                    entryPath,
                    keyNode,
                    "'\(outcome)' is not among the action's outcomes (\(outcomes.joined(separator: ", "))); name an outcome, or 'any' for one callback for every outcome"
                )
                continue
            }
            guard let place = readCallbackPlace(value, parameters: parameters, path: entryPath) else { continue }
            if let clash = locations.first(where: { Self.sharesQueryParameter($0.place, place) }) {
                error(
                    "duplicate-value",
                    entryPath,
                    value,
                    "the parameter '\(place.parameter)' already carries the callback of '\(clash.outcome)'; each callback needs a parameter of its own"
                )
                continue
            }
            locations.append(CallbackLocation(outcome: outcome, place: place))
        }
        return locations
    }

    /// Whether two places take the same query parameter (two members of one `json` parameter
    /// do not).
    private static func sharesQueryParameter(_ one: CallbackLocation.Place, _ other: CallbackLocation.Place) -> Bool {
        switch (one, other) {
        case (.jsonMember(let first, let firstPointer), .jsonMember(let second, let secondPointer)):
            first == second && firstPointer == secondPointer
        default: one.parameter == other.parameter
        }
    }

    /// Reads one callback's place.
    private mutating func readCallbackPlace(_ node: DocumentNode, parameters: [ParameterSpec], path: String) -> CallbackLocation.Place? {
        if node.scalarText != nil {
            guard let name = nonEmptyString(node, path), checkCallbackName(name, parameters: parameters, node: node, path: path) else { return nil }
            return .query(name)
        }
        guard
            smallMapping(
                node,
                allowed: Self.callbackLocationKeys,
                path: path,
                expected: "expected a query parameter's name, or a mapping with 'parameter' and 'pointer' or 'template: true'"
            ),
            let (parameterNode, name) = requiredText(
                node,
                "parameter",
                path: path,
                missing: "name the query parameter that carries the callback ('parameter')"
            )
        else { return nil }
        let pointerNode = Self.member(node, "pointer")
        let templateNode = Self.member(node, "template")
        let isTemplate = templateNode.flatMap { bool($0, Self.join(path, "template")) }
        if let templateNode, isTemplate == false {
            error(
                "invalid-value",
                Self.join(path, "template"),
                templateNode,
                "'template: false' says nothing; write the parameter's name alone for a plain callback URL"
            )
            return nil
        }
        switch (pointerNode, isTemplate) {
        case (let pointerNode?, true):
            error(
                "invalid-value",
                Self.join(path, "pointer"),
                pointerNode,
                "a callback is either a member of a json parameter ('pointer') or a URL template ('template: true'), not both"
            )
            return nil
        case (let pointerNode?, _):
            guard let text = string(pointerNode, Self.join(path, "pointer")) else { return nil }
            let pointer: JSONPointer
            do {
                pointer = try JSONPointer(text)
            } catch {
                self.error("invalid-value", Self.join(path, "pointer"), pointerNode, "the JSON Pointer \(error.message)")
                return nil
            }
            if pointer.tokens.isEmpty {
                error(
                    "invalid-value",
                    Self.join(path, "pointer"),
                    pointerNode,
                    "the pointer '' names the whole document; point at the member that holds the callback URL"
                )
                return nil
            }
            guard let declared = parameters.first(where: { $0.name == name }) else {
                error(
                    "invalid-value",
                    Self.join(path, "parameter"),
                    parameterNode,
                    "'\(name)' is not a parameter of the action; declare it with type: json to read a callback inside it"
                )
                return nil
            }
            guard declared.type == .json else {
                error(
                    "type-mismatch",
                    Self.join(path, "parameter"),
                    parameterNode,
                    "'\(name)' is a \(declared.type) parameter; a callback 'pointer' reads a member of a json parameter"
                )
                return nil
            }
            return .jsonMember(parameter: name, pointer: pointer)
        case (nil, true):
            guard checkCallbackName(name, parameters: parameters, node: parameterNode, path: Self.join(path, "parameter")) else { return nil }
            return .template(parameter: name)
        case (nil, _):
            error(
                "missing-key",
                path,
                node,
                "give 'pointer' (a member of the json parameter '\(name)') or 'template: true' (a URL with {Name} placeholders); for a plain URL, write the parameter's name alone"
            )
            return nil
        }
    }

    /// Whether `node` is a mapping (else `wrong-type`, saying what was `expected`), reporting its
    /// repeated keys and those not among `allowed` (`unknown-key`).
    private mutating func smallMapping(_ node: DocumentNode, allowed: [String], path: String, expected: String) -> Bool {
        guard let members = node.members else {
            error("wrong-type", path, node, expected)
            return false
        }
        for member in distinctMembers(members, path) where !allowed.contains(member.key) {
            error(
                "unknown-key",
                Self.join(path, member.key),
                Self.keyNode(member),
                "unknown key '\(member.key)'; allowed here: \(allowed.joined(separator: ", "))"
            )
        }
        return true
    }

    /// The non-empty text of the member `key` of a mapping, with its node; `missing-key` with
    /// the message `missing` when there is none.
    private mutating func requiredText(_ node: DocumentNode, _ key: String, path: String, missing: String) -> (node: DocumentNode, text: String)? {
        guard let member = Self.member(node, key) else {
            error("missing-key", Self.join(path, key), node, missing)
            return nil
        }
        guard let text = nonEmptyString(member, Self.join(path, key)) else { return nil }
        return (member, text)
    }

    /// Refuses a callback parameter's name that the action also declares or Roundtrip reserves.
    private mutating func checkCallbackName(_ name: String, parameters: [ParameterSpec], node: DocumentNode, path: String) -> Bool {
        checkNameCharacters(name, path, node, what: "the callback parameter's name")
        if ReservedNames.isReserved(name) {
            error("reserved-parameter", path, node, "names starting with 'rt-' belong to Roundtrip")
            return false
        }
        if parameters.contains(where: { $0.name == name || $0.matchesPrefix(name) }) {
            error(
                "reserved-parameter",
                path,
                node,
                "'\(name)' carries a callback, which is checked by the callback policy and reported under callbacks; do not also declare it under 'parameters'"
            )
            return false
        }
        return true
    }

    // MARK: - answer

    /// Reads `answer`: `prefix`, `outcome`, `echo`, and one form (`json: NAME` or `template: true`).
    private mutating func readAnswerShape(_ node: DocumentNode, parameters: [ParameterSpec], outcomes: [String], path: String) -> AnswerShape {
        var shape = AnswerShape()
        guard smallMapping(node, allowed: Self.answerKeys, path: path, expected: "expected a mapping with prefix, outcome, echo, json or template")
        else { return shape }
        shape.prefix = string(Self.member(node, "prefix"), Self.join(path, "prefix")) ?? ""
        if shape.prefix.hasPrefix(ReservedNames.prefix) {
            error("reserved-parameter", Self.join(path, "prefix"), Self.member(node, "prefix"), "names starting with 'rt-' belong to Roundtrip")
        }
        if let outcomeNode = Self.member(node, "outcome") {
            shape.outcome = readOutcomeField(outcomeNode, outcomes: outcomes, path: Self.join(path, "outcome"))
        }
        if let echoNode = Self.member(node, "echo"), let names = stringList(echoNode, Self.join(path, "echo")) {
            let hasJSON = parameters.contains { $0.type == .json }
            for name in names {
                if shape.echo.contains(name) {
                    error("duplicate-value", Self.join(path, "echo"), echoNode, "'\(name)' is listed twice")
                } else if parameters.contains(where: { $0.name == name }) || hasJSON {
                    shape.echo.append(name)
                } else {
                    error(
                        "invalid-value",
                        Self.join(path, "echo"),
                        echoNode,
                        "'\(name)' is not a parameter of the action; list the request parameters the partner sends back as given"
                    )
                }
            }
        }
        let jsonNode = Self.member(node, "json")
        let templateNode = Self.member(node, "template")
        let isTemplate = templateNode.flatMap { bool($0, Self.join(path, "template")) } ?? false
        if let jsonNode, let name = nonEmptyString(jsonNode, Self.join(path, "json")) {
            if isTemplate {
                error(
                    "invalid-value",
                    Self.join(path, "json"),
                    jsonNode,
                    "an answer has one form: query fields, 'json: NAME' or 'template: true', not both"
                )
            } else if ReservedNames.isReserved(name) {
                error("reserved-parameter", Self.join(path, "json"), jsonNode, "names starting with 'rt-' belong to Roundtrip")
            } else {
                shape.form = .json(parameter: name)
            }
        } else if isTemplate {
            shape.form = .template
        }
        return shape
    }

    /// Reads an answer's `outcome`: `name`, and `values` mapping each outcome to a word or a list.
    private mutating func readOutcomeField(_ node: DocumentNode, outcomes: [String], path: String) -> AnswerShape.OutcomeField? {
        guard
            smallMapping(
                node,
                allowed: Self.outcomeFieldKeys,
                path: path,
                expected: "expected a mapping with 'name' (the field that names the outcome) and optional 'values'"
            ),
            let (_, name) = requiredText(node, "name", path: path, missing: "name the answer field that says the outcome ('name', such as status)")
        else { return nil }
        var field = AnswerShape.OutcomeField(name: name)
        guard let valuesNode = Self.member(node, "values") else { return field }
        var taken: [String: String] = [:]
        for member in namedEntries(valuesNode, Self.join(path, "values")) {
            let entryPath = Self.join(Self.join(path, "values"), member.key)
            guard outcomes.contains(member.key) else {
                error(
                    "invalid-value",
                    entryPath,
                    Self.keyNode(member),
                    "'\(member.key)' is not among the action's outcomes (\(outcomes.joined(separator: ", ")))"
                )
                continue
            }
            guard let words = stringList(member.value, entryPath) else { continue }
            if words.isEmpty || words.contains(where: \.isEmpty) {
                error("empty-value", entryPath, member.value, "give the partner's word for '\(member.key)' (or a list of them, the first written)")
                continue
            }
            for word in words {
                if let earlier = taken[word] {
                    error(
                        "duplicate-value",
                        entryPath,
                        member.value,
                        "the word '\(word)' already says '\(earlier)'; each word must name one outcome"
                    )
                }
                taken[word] = member.key
            }
            field.values.append(AnswerShape.OutcomeWords(outcome: member.key, words: words))
        }
        return field
    }

    /// Refuses an answer that cannot come back on its callbacks: one callback for every outcome
    /// needs a field naming the outcome, and a template answer needs template callbacks (and
    /// template callbacks a template answer).
    private mutating func checkAnswerFits(_ answer: AnswerShape, callbacks: [CallbackLocation], node: DocumentNode, path: String) {
        if answer.outcome == nil, callbacks.contains(where: \.servesEveryOutcome) {
            error(
                "missing-key",
                Self.join(path, "outcome"),
                node,
                "one callback serves every outcome ('any'), so the answer needs an 'outcome' field that says which (such as outcome: {name: status})"
            )
        }
        let templates = callbacks.filter { if case .template = $0.place { true } else { false } }
        if answer.form == .template, templates.count != callbacks.count {
            error(
                "invalid-value",
                Self.join(path, "template"),
                node,
                "a template answer fills the callback's placeholders, so every callback must be 'template: true'"
            )
        } else if answer.form != .template, let template = templates.first {
            error(
                "invalid-value",
                path,
                node,
                "the callback '\(template.place.parameter)' is a template, so the answer must be 'template: true' (the partner fills its placeholders)"
            )
        }
    }

    /// Reads a custom action's `required-callbacks`: keys of its `callback-parameters` (outcomes,
    /// or `any`).
    mutating func readCustomRequiredCallbacks(_ node: DocumentNode?, wayBack: WayBack?, path actionPath: String) -> [String] {
        guard let node else { return [] }
        let path = Self.join(actionPath, ActionKey.requiredCallbacks.name)
        guard let names = stringList(node, path) else { return [] }
        let keys = wayBack?.callbacks.map(\.outcome) ?? []
        var required: [String] = []
        for name in names {
            if required.contains(name) {
                error("duplicate-value", path, node, "the outcome '\(name)' is listed twice")
            } else if !keys.contains(name) {
                error(
                    "invalid-value",
                    path,
                    node,
                    "'\(name)' has no callback in 'callback-parameters' (\(keys.joined(separator: ", "))); list the outcomes (or 'any') whose callback a request must carry"
                )
            } else {
                required.append(name)
            }
        }
        return required
    }
}
