/// One thing an app lets other apps ask it to do, at one route, under one convention.
public struct Action: Sendable {
    /// The action's name in the spec (`charge`, `logout`).
    public var name: String
    /// The routes the action answers at. Usually one; an x-callback-url action without an explicit
    /// `url` answers at `<scheme>://x-callback-url/<name>` for each of the app's schemes.
    public var routes: [RoutePattern]
    /// How the caller says where to come back, and how the answer is shaped.
    public var convention: Convention
    /// return-url only: the parameter that carries the return URL (default `returnURL`).
    public var returnParameter: String
    /// return-url only: the prefix of response parameters (for example `ifcc_`).
    public var responsePrefix: String
    /// The outcomes a response may report, in order; the first is the success outcome.
    public var outcomes: [String]
    /// What to do with query parameters the action does not declare.
    public var unknownParameters: UnknownParameterPolicy
    /// The declared query parameters, in file order.
    public var parameters: [ParameterSpec]
    /// `none` convention: the whole query is one value (`todolist://www.acme.com?Task`, from Apple's custom URL scheme documentation).
    public var queryValue: ParameterSpec?
    /// The fragment is one value (`#200806231300` in the same example).
    public var fragment: ParameterSpec?
    /// Whether a fragment is dropped unread (`fragment: ignore`). Without it, a fragment on an
    /// action that declares none is refused as an unknown parameter whatever `unknown-parameters`
    /// says: a fragment is never sent to a server (RFC 3986 section 3.5), so one a caller put
    /// on an app's URL is meant for the app, and losing it silently would change the request.
    public var ignoresFragment: Bool
    /// Undeclared query names dropped before the decision (`ignore-parameters`), whatever
    /// `unknown-parameters` says: never reported, never `duplicate-parameter`. Empty for most
    /// actions.
    public var ignoreParameters: ParameterNameList
    /// Undeclared query names refused as `unknown-parameter` even under `unknown-parameters:
    /// ignore` or `accept` (`forbid-parameters`). Empty for most actions.
    public var forbidParameters: ParameterNameList
    /// How an incoming query name finds its declared parameter (`names:`, the action's own or the
    /// top level's): as written (the default), or in any letter case.
    public var names: NameMatching
    /// The effective source policy (the action's own, or the app's).
    public var sources: SourcePolicy
    /// The effective signature requirement (the action's own, or the app's).
    public var signatures: SignatureRequirement
    /// The response parameters of the success outcome (`returns:`), unprefixed, in file order;
    /// `nil` when the spec does not say, in which case any response parameters are allowed.
    public var returns: [ParameterSpec]?
    /// How `+` in the query reads (the action's own `query-encoding`, or the app's).
    public var queryEncoding: QueryEncoding
    /// Free text for generated documentation and code; the decision ignores it.
    public var description: String?
    /// Whether the app signs its answers to this action (the action's own `answers`, or the
    /// app's).
    public var answers: AnswerPolicy
    /// How the spec's `callbacks` list is matched for this action's callbacks (the action's own
    /// `callback-match`, or the app's).
    public var callbackMatch: CallbackMatch
    /// The action's own `allow-schemes`, lowercased: forbidden schemes its callbacks may use all
    /// the same, in place of the app's; `nil` (most actions) for the app's.
    public var allowSchemes: [String]?
    /// Fixed query pairs that tell this action apart from others at the same route (`select:`),
    /// in file order: the action matches only when the query carries each pair exactly, and the
    /// pairs are consumed (neither declared nor reported). Empty for most actions.
    public var select: [QueryItem]
    /// x-callback-url and ulc: the outcomes whose callback parameter a request must carry
    /// (`required-callbacks:`), else `missing-callback`. Empty for most actions.
    public var requiredCallbacks: [String]
    /// Groups of optional query parameters of which a request must carry at least one each
    /// (`requires-one-of:`), else `missing-parameter` naming the group. Empty for most actions.
    public var requiresOneOf: [[String]]
    /// Groups of optional query parameters of which a request may give at most one
    /// (`exclusive`); two of one group are refused as `invalid-parameter` naming both. Empty for
    /// most actions.
    public var exclusive: [[String]]
    /// Schemes this action refuses for its callbacks (`forbid-schemes`), lowercased, beside
    /// every other rule of the callback policy and whatever a `callbacks` list allows: a
    /// partner whose answer must stay on the device can refuse `https`. Empty for most actions.
    public var forbidSchemes: [String]
    /// What a callback the policy refuses does to the request (`invalid-callback`): refuses it
    /// (the default), or, under ``InvalidCallbackPolicy/drop``, is dropped and reported when it
    /// is optional. x-callback-url and custom only, whose callbacks are optional.
    public var invalidCallback: InvalidCallbackPolicy
    /// The parameters read as `;name=value` pairs after the route's last placeholder
    /// (`path-parameters`, as RFC 3966 `tel:` and RFC 5870 `geo:` URIs carry them), by name;
    /// each is declared in ``parameters`` and never read from the query. Empty for most actions.
    public var pathParameters: [String]
    /// `custom` only: the action's own way back (`callback-parameters` and `answer`), in the
    /// partner's names; `nil` for the other conventions, whose preset ``wayBack`` gives.
    public var customWayBack: WayBack?
    /// `custom` only: the fields the outcomes other than the success outcome carry
    /// (`error-returns:`), unprefixed; `nil` when the spec does not say (they are then read as
    /// text, unchecked).
    public var errorReturns: [ParameterSpec]?
    /// `custom` only: the echoed request parameter (or `json` member) that carries `rt-state`
    /// back, for a partner that keeps no query of the callback (`state-parameter:`); `nil` when
    /// `rt-state` travels in the callback's own query.
    public var stateParameter: String?

    /// Creates an action.
    public init(
        name: String,
        routes: [RoutePattern],
        convention: Convention,
        returnParameter: String = ConventionNames.returnParameter,
        responsePrefix: String = "",
        outcomes: [String]? = nil,
        unknownParameters: UnknownParameterPolicy = .reject,
        parameters: [ParameterSpec] = [],
        queryValue: ParameterSpec? = nil,
        fragment: ParameterSpec? = nil,
        sources: SourcePolicy = SourcePolicy(),
        signatures: SignatureRequirement = .off,
        returns: [ParameterSpec]? = nil,
        queryEncoding: QueryEncoding = .rfc3986,
        description: String? = nil,
        answers: AnswerPolicy = .off,
        callbackMatch: CallbackMatch = .base,
        select: [QueryItem] = [],
        requiredCallbacks: [String] = [],
        requiresOneOf: [[String]] = [],
        allowSchemes: [String]? = nil,
        customWayBack: WayBack? = nil,
        errorReturns: [ParameterSpec]? = nil,
        stateParameter: String? = nil,
        ignoresFragment: Bool = false,
        ignoreParameters: ParameterNameList = ParameterNameList(),
        forbidParameters: ParameterNameList = ParameterNameList(),
        names: NameMatching = .exact,
        exclusive: [[String]] = [],
        forbidSchemes: [String] = [],
        invalidCallback: InvalidCallbackPolicy = .refuse,
        pathParameters: [String] = []
    ) {
        self.pathParameters = pathParameters
        self.invalidCallback = invalidCallback
        self.names = names
        self.exclusive = exclusive
        self.forbidSchemes = forbidSchemes
        self.ignoresFragment = ignoresFragment
        self.ignoreParameters = ignoreParameters
        self.forbidParameters = forbidParameters
        self.allowSchemes = allowSchemes
        self.customWayBack = customWayBack
        self.errorReturns = errorReturns
        self.stateParameter = stateParameter
        self.select = select
        self.requiredCallbacks = requiredCallbacks
        self.requiresOneOf = requiresOneOf
        self.answers = answers
        self.callbackMatch = callbackMatch
        self.name = name
        self.routes = routes
        self.convention = convention
        self.returnParameter = returnParameter
        self.responsePrefix = responsePrefix
        self.outcomes = outcomes ?? convention.defaultOutcomes
        self.unknownParameters = unknownParameters
        self.parameters = parameters
        self.queryValue = queryValue
        self.fragment = fragment
        self.sources = sources
        self.signatures = signatures
        self.returns = returns
        self.queryEncoding = queryEncoding
        self.description = description
    }

    /// The declared parameter with this name, including route placeholders.
    public func parameter(named name: String) -> ParameterSpec? {
        parameters.first { $0.name == name }
    }

    /// The parameter that takes a query name: the one declared under it, or else the prefix
    /// parameter (`fld*`) that stands for it (`fldFront`).
    public func parameter(taking name: String) -> ParameterSpec? {
        parameter(named: name) ?? parameters.first { $0.matchesPrefix(name) }
    }

    /// Whether a select name is also a parameter's, or one a prefix stands for (only an action
    /// built in code can have that: the loader refuses it). Its select pairs are then decoded
    /// like any query item, and removed by name afterwards.
    var selectShadowsParameter: Bool {
        select.contains { pair in parameter(taking: pair.name) != nil }
    }
}

/// What a refused callback does to a request (`invalid-callback:`).
///
/// x-callback-url makes every callback optional ("x-callback-url 1.0 DRAFT": x-success,
/// x-error and x-cancel are each optional), and some partners' APIs say a callback they cannot
/// use is ignored rather than failing the call; `drop` follows them for the optional callbacks
/// only, so an answer never goes to a URL the policy refused.
public enum InvalidCallbackPolicy: String, Sendable, Hashable, CaseIterable {
    /// The request is refused with the policy's error (the default).
    case refuse
    /// The request is accepted without the refused callback, which is reported in
    /// ``AcceptedRequest/droppedCallbacks``; a required callback (`required-callbacks`) is
    /// still refused.
    case drop
}

/// What to do with an undeclared query parameter.
public enum UnknownParameterPolicy: String, Sendable, Hashable, CaseIterable {
    /// Reject the request with `unknown-parameter` (the default).
    case reject
    /// Drop the parameter silently.
    case ignore
    /// Pass it on to the handler as a string (still decoded strictly: encoding, duplicates and
    /// control characters are checked).
    case accept
}

/// How an incoming query name finds its declared parameter (`names:`).
///
/// RFC 3986 section 6.2.2.1 leaves the query's case to the scheme, and URL APIs published for
/// people to type or for web pages to build (some payment and point-of-sale apps) match their
/// names in any case. Only ASCII letters fold, so the match is the same on every platform and in
/// every locale.
public enum NameMatching: String, Sendable, Hashable, CaseIterable {
    /// A name matches as written, byte for byte (the default).
    case exact
    /// `BC=` names the parameter `bc`; the same name twice in two cases is `duplicate-parameter`.
    case caseInsensitive = "case-insensitive"
}

/// How a query's `+` reads (`query-encoding:`).
public enum QueryEncoding: String, Sendable, Hashable, CaseIterable {
    /// RFC 3986: `+` is a literal plus, as Foundation's `URLComponents` reads it (the default).
    case rfc3986
    /// HTML form encoding (`application/x-www-form-urlencoded`): `+` in names and values is a
    /// space, as web pages and many web-made links write it; `%2B` stays a plus.
    case form
}
