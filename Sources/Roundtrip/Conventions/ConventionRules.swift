/// What one convention means on each side of a round trip, in one place: which callback
/// parameters a request carries and how the receiving app checks them, how its answer is
/// shaped, how the calling app derives the callbacks it sends, and how it reads the answer.
///
/// Each convention has one conforming type in this folder; ``Convention/rules`` picks it. The
/// ``Endpoint``, ``ResponseBuilder``, ``RequestBuilder`` and ``ResponseAcceptor`` ask it instead
/// of switching on the convention themselves.
protocol ConventionRules: Sendable {
    /// The outcomes a response may report when the spec lists none, the success outcome first.
    var defaultOutcomes: [String] { get }

    /// The query parameters the convention itself owns, which actions may not declare.
    var reservedParameters: [String] { get }

    /// Whether an answer carries response parameters (a Universal Link Callback carries none).
    var answersWithParameters: Bool { get }

    /// Receiving: removes the convention's callback parameters with `take` and checks each
    /// callback against `policy`.
    ///
    /// - Parameter take: Removes a parameter from the request and gives its decoded value.
    /// - Returns: The callbacks by outcome (a return-url action's under `return`) and
    ///   x-callback-url's `x-source`.
    func takeCallbacks(
        _ take: (String) -> String?,
        of action: Action,
        policy: CallbackPolicy
    ) throws(RoundtripError) -> (callbacks: RequestCallbacks, callerName: String?)

    /// Answering: the callback URL to open for `outcome`, with the response parameters (already
    /// checked for reserved names, duplicates and control characters).
    func callbackURL(
        answering request: AcceptedRequest,
        action: Action,
        outcome: String,
        parameters: [QueryItem]
    ) throws(RoundtripError) -> String

    /// Calling: the callbacks to send, derived from the caller's base, as
    /// `(key, query parameter, URL)`; `appending` makes `BASE/<outcome>`.
    func deriveCallbacks(
        from base: URLSplit,
        appending: (String) -> String,
        for action: Action
    ) throws(RoundtripError) -> [(key: String, parameter: String, url: String)]

    /// Accepting: the outcome and the answer's own parameters (unprefixed), given the answer's
    /// parameters (the caller's own and `rt-state` removed) and the callback it came back on.
    func interpret(
        _ answer: [QueryItem],
        request: PendingRequest,
        callbackKey: String
    ) throws(RoundtripError) -> (outcome: String, parameters: [QueryItem])

    /// The name under which a response parameter called `name` travels (a return-url action
    /// prefixes it).
    func wireName(of name: String, request: PendingRequest) -> String
}

extension ConventionRules {
    var answersWithParameters: Bool { true }

    func wireName(of name: String, request: PendingRequest) -> String { name }

    /// Appends response parameters to a caller's callback URL (see ``ResponseBuilder/append(_:to:)``).
    func append(_ items: [QueryItem], to url: String) throws(RoundtripError) -> String {
        try ResponseBuilder.append(items, to: url)
    }
}

extension Convention {
    /// The rules of this convention.
    var rules: any ConventionRules {
        switch self {
        case .xCallbackURL: XCallbackURLRules()
        case .universalLinkCallback: UniversalLinkCallbackRules()
        case .returnURL: ReturnURLRules()
        case .none: NoCallbackRules()
        }
    }
}
