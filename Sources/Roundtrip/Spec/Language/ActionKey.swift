/// The keys of an action. Part of the spec language's description (``SpecLanguage``).
public enum ActionKey: Int, SpecKey {
    case url, convention, returnParameter, responsePrefix, outcomes, unknownParameters, parameters, queryValue, fragment
    case sources, signatures, returns, queryEncoding, description
    case answers, callbackMatch
    case select, requiredCallbacks, requiresOneOf, allowSchemes
    case callbackParameters, answer, errorReturns, stateParameter
    case ignoreParameters, forbidParameters, names, exclusive, forbidSchemes
    case invalidCallback, pathParameters

    static let byName = spellings()

    /// The key as a spec file spells it.
    public var name: String {
        switch self {
        case .url: "url"
        case .convention: "convention"
        case .returnParameter: "return-parameter"
        case .responsePrefix: "response-prefix"
        case .outcomes: "outcomes"
        case .unknownParameters: "unknown-parameters"
        case .parameters: "parameters"
        case .queryValue: "query-value"
        case .fragment: "fragment"
        case .sources: "sources"
        case .signatures: "signatures"
        case .returns: "returns"
        case .queryEncoding: "query-encoding"
        case .description: "description"
        case .answers: "answers"
        case .callbackMatch: "callback-match"
        case .select: "select"
        case .requiredCallbacks: "required-callbacks"
        case .requiresOneOf: "requires-one-of"
        case .allowSchemes: "allow-schemes"
        case .callbackParameters: "callback-parameters"
        case .answer: "answer"
        case .errorReturns: "error-returns"
        case .stateParameter: "state-parameter"
        case .ignoreParameters: "ignore-parameters"
        case .forbidParameters: "forbid-parameters"
        case .names: "names"
        case .exclusive: "exclusive"
        case .forbidSchemes: "forbid-schemes"
        case .invalidCallback: "invalid-callback"
        case .pathParameters: "path-parameters"
        }
    }
}

/// What the spec language says of each key of an action, written once. Which conventions a key
/// applies to is the conventions' own rule (``Convention/actionKeys``).
extension ActionKey {
    /// The registry's entry for the key.
    public var entry: SpecKeyEntry {
        switch self {
        case .url:
            describe(
                .action,
                .structure,
                """
                The route, or a list of routes that all lead to the action. Required, except for x-callback-url actions, \
                whose route defaults to <scheme>://x-callback-url/<action> for each of the app's schemes.
                """
            )
        case .convention:
            describe(
                .action,
                .choice(Convention.allCases.map(\.rawValue), defaultChoice: nil),
                """
                How the answer travels back: x-callback-url (x-success, x-error, x-cancel), ulc (Universal Link Callback: \
                ulc-success, ulc-error), return-url (one return URL with prefixed response parameters), none (no answer) \
                or custom (the action's own callback-parameters and answer).
                """
            )
        case .returnParameter: describe(.action, .nonEmptyText, "return-url only: the parameter that carries the return URL.")
        case .responsePrefix:
            describe(
                .action,
                .text,
                "return-url only: the prefix of every response parameter; without one, response parameters may collide with the caller's own.",
                examples: ["ifcc_"]
            )
        case .outcomes:
            describe(
                .action,
                .structure,
                """
                return-url: the outcomes the action answers with (approved, declined, cancelled, error by default). \
                x-callback-url: a subset of success, error, cancel.
                """
            )
        case .unknownParameters:
            describe(
                .action,
                .choice(UnknownParameterPolicy.allCases.map(\.rawValue), defaultChoice: UnknownParameterPolicy.reject.rawValue),
                "What happens to a query parameter the action does not declare: reject (the default), ignore (drop it) or accept (pass it to the handler as text)."
            )
        case .parameters:
            describe(
                .action,
                .structure,
                "The query parameters, by name, matched as written (brackets included: pickup[latitude]). A name ending in '*' (fld*) is a prefix: it matches every other name that starts with the text before it and is longer, each reported under its own name; a name declared on its own wins over a prefix."
            )
        case .queryValue: describe(.action, .structure, "convention none only: the whole query is one value, described like a parameter with a name.")
        case .fragment:
            describe(
                .action,
                .structure,
                """
                The fragment is one value, described like a parameter with a name; or ignore, to drop a fragment unread. \
                Without it a fragment is unknown-parameter, whatever unknown-parameters says.
                """
            )
        case .sources: describe(.action, .structure, "Replaces the app's sources for this action.")
        case .signatures:
            describe(
                .action,
                .choice(SignatureRequirement.allCases.map(\.rawValue), defaultChoice: nil),
                "Replaces the top level's signatures for this action: off, optional or required."
            )
        case .returns:
            describe(
                .action,
                .structure,
                """
                What the success answer carries, by name (without the response prefix), each described like a parameter. \
                returns: {} means nothing; without returns, anything.
                """
            )
        case .queryEncoding:
            describe(
                .action,
                .choice(QueryEncoding.allCases.map(\.rawValue), defaultChoice: nil),
                "Replaces the top level's query-encoding for this action: rfc3986 (a + is a plus) or form (a + is a space)."
            )
        case .description: describe(.action, .text, "Free text for generated documentation and code; the decision ignores it.")
        case .answers:
            describe(
                .action,
                .structure,
                "Replaces the top level's answers for this action (x-callback-url and return-url only: answers-without-callback)."
            )
        case .callbackMatch:
            describe(
                .action,
                .choice(CallbackMatch.allCases.map(\.rawValue), defaultChoice: CallbackMatch.base.rawValue),
                "Replaces the top level's callback-match for this action."
            )
        case .select:
            describe(
                .action,
                .structure,
                """
                Fixed query pairs that tell this action apart from others at the same route (rides://?action=setPickup): \
                the action matches only when the query carries every pair exactly, after decoding, and the pairs are consumed. \
                Actions of one route are tried most pairs first; the one without select is the fallback.
                """
            )
        case .requiredCallbacks:
            describe(
                .action,
                .structure,
                """
                x-callback-url and ulc only: the outcomes (success, error, cancel) whose callback parameter a request must carry, \
                else missing-callback naming it (x-success). Each must be among the action's outcomes.
                """
            )
        case .requiresOneOf:
            describe(
                .action,
                .structure,
                """
                At least one of these optional query parameters must be present, else missing-parameter naming the group; \
                or a list of such groups. Members are declared parameters, neither required nor with a default.
                """
            )
        case .allowSchemes: describe(.action, .structure, "Replaces the top level's allow-schemes for this action's callbacks.")
        case .forbidSchemes:
            describe(
                .action,
                .structure,
                "Schemes this action refuses for its callbacks (forbidden-callback), beside the callback policy and whatever the callbacks list allows.",
                examples: ["https", "mailto"]
            )
        case .invalidCallback:
            describe(
                .action,
                .choice(InvalidCallbackPolicy.allCases.map(\.rawValue), defaultChoice: InvalidCallbackPolicy.refuse.rawValue),
                """
                x-callback-url and custom only: what a callback the callback policy refuses does: refuse the request (the default), \
                or drop it, when it is optional, and accept the request without it (reported under callbacks); a required one is still refused.
                """
            )
        case .pathParameters:
            describe(
                .action,
                .structure,
                """
                Parameters read as ;name=value pairs after the route's last placeholder (tel:7042;phone-context=example.com, \
                geo:48.2,16.4;u=40), by name, each described like a parameter: typed, checked for repeats (duplicate-parameter) \
                and unknown names (unknown-parameters), never read from the query.
                """,
                examples: ["ext", "phone-context"]
            )
        case .exclusive:
            describe(
                .action,
                .structure,
                """
                At most one of these optional query parameters may be given, else invalid-parameter naming both; \
                or a list of such groups. Members are declared parameters that are not required.
                """
            )
        case .ignoreParameters:
            describe(
                .action,
                .structure,
                "Undeclared query names, or prefixes ending in '*' (Resent-*), dropped before the decision whatever unknown-parameters says: never reported, never duplicate-parameter."
            )
        case .forbidParameters:
            describe(
                .action,
                .structure,
                "Undeclared query names, or prefixes ending in '*' (req-*), refused as unknown-parameter even under unknown-parameters: ignore or accept."
            )
        case .names:
            describe(
                .action,
                .choice(NameMatching.allCases.map(\.rawValue), defaultChoice: nil),
                "Replaces the top level's names for this action: exact (a query name matches as written) or case-insensitive (in any letter case)."
            )
        case .callbackParameters:
            describe(
                .action,
                .structure,
                """
                custom only (and required there): where the request carries each callback, by outcome or 'any' (one for every outcome): \
                a query parameter's name, {parameter, pointer} for a member of a json parameter (RFC 6901 JSON Pointer), or \
                {parameter, template: true} for a URL with {Name} placeholders in its path and query. Every callback goes through \
                the callback policy.
                """
            )
        case .answer:
            describe(
                .action,
                .structure,
                """
                custom only: how the answer reads: prefix (before every field's name), outcome ({name, values}: the field that \
                names the outcome and the partner's word or words for each), echo (request parameters sent back as given), and one \
                form: query fields (the default), json: NAME (one parameter holding a JSON object) or template: true.
                """
            )
        case .errorReturns:
            describe(
                .action,
                .structure,
                "custom only: what the answers of the other outcomes than success carry, by name, each described like a parameter; without it, read as text, unchecked."
            )
        case .stateParameter:
            describe(
                .action,
                .nonEmptyText,
                "custom only: the echoed request parameter or json member that carries rt-state back, for a partner that keeps no query of the callback."
            )
        }
    }
}
