/// One thing an app lets other apps ask it to do, at one route, under one convention.
///
/// A value type whose fields live in one shared, copy-on-write storage object, as
/// ``ParameterSpec``'s do: an action is copied into the spec, the router and the endpoint, and
/// each copy is then one reference, not some thirty fields.
public struct Action: Sendable {
    private var storage: Storage

    /// The action's name in the spec (`charge`, `logout`).
    public var name: String {
        get { storage.fields.name }
        set { uniqueStorage().fields.name = newValue }
    }
    /// The routes the action answers at. Usually one; an x-callback-url action without an explicit
    /// `url` answers at `<scheme>://x-callback-url/<name>` for each of the app's schemes.
    public var routes: [RoutePattern] {
        get { storage.fields.routes }
        set { uniqueStorage().fields.routes = newValue }
    }
    /// How the caller says where to come back, and how the answer is shaped.
    public var convention: Convention {
        get { storage.fields.convention }
        set { uniqueStorage().fields.convention = newValue }
    }
    /// return-url only: the parameter that carries the return URL (default `returnURL`).
    public var returnParameter: String {
        get { storage.fields.returnParameter }
        set { uniqueStorage().fields.returnParameter = newValue }
    }
    /// return-url only: the prefix of response parameters (for example `ifcc_`).
    public var responsePrefix: String {
        get { storage.fields.responsePrefix }
        set { uniqueStorage().fields.responsePrefix = newValue }
    }
    /// The outcomes a response may report, in order; the first is the success outcome.
    public var outcomes: [String] {
        get { storage.fields.outcomes }
        set { uniqueStorage().fields.outcomes = newValue }
    }
    /// What to do with query parameters the action does not declare.
    public var unknownParameters: UnknownParameterPolicy {
        get { storage.fields.unknownParameters }
        set { uniqueStorage().fields.unknownParameters = newValue }
    }
    /// The declared query parameters, in file order.
    public var parameters: [ParameterSpec] {
        get { storage.fields.parameters }
        set { uniqueStorage().fields.parameters = newValue }
    }
    /// `none` convention: the whole query is one value (`todolist://www.acme.com?Task`, from Apple's custom URL scheme documentation).
    public var queryValue: ParameterSpec? {
        get { storage.fields.queryValue }
        set { uniqueStorage().fields.queryValue = newValue }
    }
    /// The fragment is one value (`#200806231300` in the same example).
    public var fragment: ParameterSpec? {
        get { storage.fields.fragment }
        set { uniqueStorage().fields.fragment = newValue }
    }
    /// Whether a fragment is dropped unread (`fragment: ignore`). Without it, a fragment on an
    /// action that declares none is refused as an unknown parameter whatever `unknown-parameters`
    /// says: a fragment is never sent to a server (RFC 3986 section 3.5), so one a caller put
    /// on an app's URL is meant for the app, and losing it silently would change the request.
    public var ignoresFragment: Bool {
        get { storage.fields.ignoresFragment }
        set { uniqueStorage().fields.ignoresFragment = newValue }
    }
    /// Undeclared query names dropped before the decision (`ignore-parameters`), whatever
    /// `unknown-parameters` says: never reported, never `duplicate-parameter`. Empty for most
    /// actions.
    public var ignoreParameters: ParameterNameList {
        get { storage.fields.ignoreParameters }
        set { uniqueStorage().fields.ignoreParameters = newValue }
    }
    /// Undeclared query names refused as `unknown-parameter` even under `unknown-parameters:
    /// ignore` or `accept` (`forbid-parameters`). Empty for most actions.
    public var forbidParameters: ParameterNameList {
        get { storage.fields.forbidParameters }
        set { uniqueStorage().fields.forbidParameters = newValue }
    }
    /// How an incoming query name finds its declared parameter (`names:`, the action's own or the
    /// top level's): as written (the default), or in any letter case.
    public var names: NameMatching {
        get { storage.fields.names }
        set { uniqueStorage().fields.names = newValue }
    }
    /// The effective source policy (the action's own, or the app's).
    public var sources: SourcePolicy {
        get { storage.fields.sources }
        set { uniqueStorage().fields.sources = newValue }
    }
    /// The effective signature requirement (the action's own, or the app's).
    public var signatures: SignatureRequirement {
        get { storage.fields.signatures }
        set { uniqueStorage().fields.signatures = newValue }
    }
    /// The response parameters of the success outcome (`returns:`), unprefixed, in file order;
    /// `nil` when the spec does not say, in which case any response parameters are allowed.
    public var returns: [ParameterSpec]? {
        get { storage.fields.returns }
        set { uniqueStorage().fields.returns = newValue }
    }
    /// How `+` in the query reads (the action's own `query-encoding`, or the app's).
    public var queryEncoding: QueryEncoding {
        get { storage.fields.queryEncoding }
        set { uniqueStorage().fields.queryEncoding = newValue }
    }
    /// Free text for generated documentation and code; the decision ignores it.
    public var description: String? {
        get { storage.fields.description }
        set { uniqueStorage().fields.description = newValue }
    }
    /// Whether the app signs its answers to this action (the action's own `answers`, or the
    /// app's).
    public var answers: AnswerPolicy {
        get { storage.fields.answers }
        set { uniqueStorage().fields.answers = newValue }
    }
    /// How the spec's `callbacks` list is matched for this action's callbacks (the action's own
    /// `callback-match`, or the app's).
    public var callbackMatch: CallbackMatch {
        get { storage.fields.callbackMatch }
        set { uniqueStorage().fields.callbackMatch = newValue }
    }
    /// The action's own `allow-schemes`, lowercased: forbidden schemes its callbacks may use all
    /// the same, in place of the app's; `nil` (most actions) for the app's.
    public var allowSchemes: [String]? {
        get { storage.fields.allowSchemes }
        set { uniqueStorage().fields.allowSchemes = newValue }
    }
    /// Fixed query pairs that tell this action apart from others at the same route (`select:`),
    /// in file order: the action matches only when the query carries each pair exactly, and the
    /// pairs are consumed (neither declared nor reported). Empty for most actions.
    public var select: [QueryItem] {
        get { storage.fields.select }
        set { uniqueStorage().fields.select = newValue }
    }
    /// x-callback-url and ulc: the outcomes whose callback parameter a request must carry
    /// (`required-callbacks:`), else `missing-callback`. Empty for most actions.
    public var requiredCallbacks: [String] {
        get { storage.fields.requiredCallbacks }
        set { uniqueStorage().fields.requiredCallbacks = newValue }
    }
    /// Groups of optional query parameters of which a request must carry at least one each
    /// (`requires-one-of:`), else `missing-parameter` naming the group. Empty for most actions.
    public var requiresOneOf: [[String]] {
        get { storage.fields.requiresOneOf }
        set { uniqueStorage().fields.requiresOneOf = newValue }
    }
    /// Groups of optional query parameters of which a request may give at most one
    /// (`exclusive`); two of one group are refused as `invalid-parameter` naming both. Empty for
    /// most actions.
    public var exclusive: [[String]] {
        get { storage.fields.exclusive }
        set { uniqueStorage().fields.exclusive = newValue }
    }
    /// Schemes this action refuses for its callbacks (`forbid-schemes`), lowercased, beside
    /// every other rule of the callback policy and whatever a `callbacks` list allows: a
    /// partner whose answer must stay on the device can refuse `https`. Empty for most actions.
    public var forbidSchemes: [String] {
        get { storage.fields.forbidSchemes }
        set { uniqueStorage().fields.forbidSchemes = newValue }
    }
    /// What a callback the policy refuses does to the request (`invalid-callback`): refuses it
    /// (the default), or, under ``InvalidCallbackPolicy/drop``, is dropped and reported when it
    /// is optional. x-callback-url and custom only, whose callbacks are optional.
    public var invalidCallback: InvalidCallbackPolicy {
        get { storage.fields.invalidCallback }
        set { uniqueStorage().fields.invalidCallback = newValue }
    }
    /// The parameters read as `;name=value` pairs after the route's last placeholder
    /// (`path-parameters`, as RFC 3966 `tel:` and RFC 5870 `geo:` URIs carry them), by name;
    /// each is declared in ``parameters`` and never read from the query. Empty for most actions.
    public var pathParameters: [String] {
        get { storage.fields.pathParameters }
        set { uniqueStorage().fields.pathParameters = newValue }
    }
    /// `custom` only: the action's own way back (`callback-parameters` and `answer`), in the
    /// partner's names; `nil` for the other conventions, whose preset ``wayBack`` gives.
    public var customWayBack: WayBack? {
        get { storage.fields.customWayBack }
        set { uniqueStorage().fields.customWayBack = newValue }
    }
    /// `custom` only: the fields the outcomes other than the success outcome carry
    /// (`error-returns:`), unprefixed; `nil` when the spec does not say (they are then read as
    /// text, unchecked).
    public var errorReturns: [ParameterSpec]? {
        get { storage.fields.errorReturns }
        set { uniqueStorage().fields.errorReturns = newValue }
    }
    /// `custom` only: the echoed request parameter (or `json` member) that carries `rt-state`
    /// back, for a partner that keeps no query of the callback (`state-parameter:`); `nil` when
    /// `rt-state` travels in the callback's own query.
    public var stateParameter: String? {
        get { storage.fields.stateParameter }
        set { uniqueStorage().fields.stateParameter = newValue }
    }

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
        storage = Storage(
            Fields(
                name: name,
                routes: routes,
                convention: convention,
                returnParameter: returnParameter,
                responsePrefix: responsePrefix,
                outcomes: outcomes ?? convention.defaultOutcomes,
                unknownParameters: unknownParameters,
                parameters: parameters,
                queryValue: queryValue,
                fragment: fragment,
                ignoresFragment: ignoresFragment,
                ignoreParameters: ignoreParameters,
                forbidParameters: forbidParameters,
                names: names,
                sources: sources,
                signatures: signatures,
                returns: returns,
                queryEncoding: queryEncoding,
                description: description,
                answers: answers,
                callbackMatch: callbackMatch,
                allowSchemes: allowSchemes,
                select: select,
                requiredCallbacks: requiredCallbacks,
                requiresOneOf: requiresOneOf,
                exclusive: exclusive,
                forbidSchemes: forbidSchemes,
                invalidCallback: invalidCallback,
                pathParameters: pathParameters,
                customWayBack: customWayBack,
                errorReturns: errorReturns,
                stateParameter: stateParameter
            )
        )
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

    /// The storage, copied first when another value shares it.
    private mutating func uniqueStorage() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        return storage
    }

    /// The fields, copied only when another value shares them.
    private final class Storage: @unchecked Sendable {
        /// Mutated only through ``Action/uniqueStorage()``, when no other value shares it.
        var fields: Fields

        init(_ fields: Fields) {
            self.fields = fields
        }

        func copy() -> Storage { Storage(fields) }
    }

    /// The stored fields, one for each property above.
    private struct Fields {
        var name: String
        var routes: [RoutePattern]
        var convention: Convention
        var returnParameter: String
        var responsePrefix: String
        var outcomes: [String]
        var unknownParameters: UnknownParameterPolicy
        var parameters: [ParameterSpec]
        var queryValue: ParameterSpec?
        var fragment: ParameterSpec?
        var ignoresFragment: Bool
        var ignoreParameters: ParameterNameList
        var forbidParameters: ParameterNameList
        var names: NameMatching
        var sources: SourcePolicy
        var signatures: SignatureRequirement
        var returns: [ParameterSpec]?
        var queryEncoding: QueryEncoding
        var description: String?
        var answers: AnswerPolicy
        var callbackMatch: CallbackMatch
        var allowSchemes: [String]?
        var select: [QueryItem]
        var requiredCallbacks: [String]
        var requiresOneOf: [[String]]
        var exclusive: [[String]]
        var forbidSchemes: [String]
        var invalidCallback: InvalidCallbackPolicy
        var pathParameters: [String]
        var customWayBack: WayBack?
        var errorReturns: [ParameterSpec]?
        var stateParameter: String?
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
