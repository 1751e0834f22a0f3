/// What one convention means on each side of a round trip, in one place: which callback
/// parameters a request carries and how the receiving app checks them, how its answer is
/// shaped, how the calling app derives the callbacks it sends, and how it reads the answer.
///
/// Each convention has one conforming type in this folder; ``Convention/rules`` picks it. The
/// ``Endpoint``, ``ResponseBuilder``, ``RequestBuilder`` and ``ResponseAcceptor`` ask it instead
/// of switching on the convention themselves.
protocol ConventionRules: Sendable {
    /// The convention these rules are of, for messages.
    var convention: Convention { get }

    /// What the convention is, as data: its callbacks, names and what its answer can do.
    var facts: ConventionFacts { get }

    /// The outcome whose answer carries an action's `returns`, among the action's `outcomes`, or
    /// `nil` when the action never answers success.
    func successOutcome(among outcomes: [String]) -> String?

    /// The callback parameters a request carries, by the outcome they answer (a return-url
    /// action's one under ``ConventionNames/returnKey``), in the order a request lists them.
    func callbackParameters(outcomes: [String], returnParameter: String) -> [(outcome: String, parameter: String)]

    /// What the convention means for a caller of `action`, in one sentence whose code spans
    /// (names and URLs) are in backticks, as a spec's own descriptions write them.
    func explanation(of action: Action) -> String

    /// What the success answer is called in prose: `` `x-success` `` or `` the `approved` answer ``;
    /// `nil` when the convention carries nothing back.
    func successAnswer(of action: Action) -> String?

    /// Why `action` carries nothing back, in one sentence for documentation (code spans in
    /// backticks), or `nil` when its success answer carries what it `returns`.
    func nothingReturned(by action: Action) -> String?

    // MARK: Spec

    /// Why `key`, a convention key that does not apply here, does not.
    func mismatch(of key: ActionKey) -> String

    /// Why an outcome listed in an action's `outcomes` is not one the convention answers, or `nil`.
    func outcomeProblem(_ outcome: String) -> String?

    /// An action's listed outcomes as the action keeps them.
    func ordered(outcomes: [String]) -> [String]

    /// The route of an action named `action` that has no `url`, for an app scheme, or `nil`
    /// when the convention derives none.
    func derivedRoute(scheme: String, action: String) -> String?

    /// Why an action's route cannot be used with this convention, with the finding's rule, or `nil`.
    func routeProblem(_ route: RoutePattern) -> (rule: String, message: String)?

    /// Why an action of this convention cannot declare `returns`, or `nil` when it can.
    var returnsRefusal: String? { get }

    /// Why a request of this convention has no callbacks to require (the spec's
    /// `required-callbacks`), for a convention whose ``ConventionFacts/callbacksMayBeRequired`` is false.
    var requiredCallbacksRefusal: String { get }

    /// Why `required-callbacks` changes nothing on `action`, for a convention whose
    /// ``ConventionFacts/requiresEveryCallback`` is true; `nil` otherwise.
    func requiredCallbacksRedundancy(on action: String) -> String?

    /// Why a declared query parameter may not be called `name` (the convention handles it), or `nil`.
    func parameterNameProblem(_ name: String, returnParameter: String, responsePrefix: String) -> String?

    /// Why a `returns` entry may not be called `name`, with the finding's rule, or `nil`.
    func returnedNameProblem(_ name: String, responsePrefix: String) -> (rule: String, message: String)?

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
    /// `(key, query parameter, URL)`; `appending` makes `BASE/<outcome>`. By default read from
    /// the action's way back (``deriveModelCallbacks(from:appending:for:)``).
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
    /// The outcomes a response may report when the spec lists none (the facts' ``ConventionFacts/outcomes``).
    var defaultOutcomes: [String] { facts.outcomes }

    /// The parameter that carries the calling app's display name (x-callback-url's `x-source`).
    var callerNameParameter: String? { facts.callerNameParameter }

    /// The query parameters the convention itself owns, which actions may not declare.
    var reservedParameters: [String] { facts.reservedParameters }

    /// The convention's own action keys that apply to its actions.
    var conventionKeys: [ActionKey] { facts.actionKeys }

    var requiredCallbacksRefusal: String { "" }

    func requiredCallbacksRedundancy(on action: String) -> String? { nil }

    func successOutcome(among outcomes: [String]) -> String? { outcomes.contains("success") ? "success" : nil }

    func successAnswer(of action: Action) -> String? { nil }

    func nothingReturned(by action: Action) -> String? { nil }

    /// `text` as a CommonMark code span ("Code spans", CommonMark 0.31): fenced by one backtick
    /// more than its longest run of them, and padded with a space when it starts or ends with one,
    /// so that a name holding a backtick still reads as one span.
    static func code(_ text: String) -> String {
        var longest = 0
        var run = 0
        for character in text {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: longest + 1)
        let padding = text.first == "`" || text.last == "`" ? " " : ""
        return fence + padding + text + padding + fence
    }

    func outcomeProblem(_ outcome: String) -> String? { nil }

    func ordered(outcomes: [String]) -> [String] { outcomes }

    /// `<scheme>://<routeHost>/<action>` for a convention with a ``ConventionFacts/routeHost``.
    func derivedRoute(scheme: String, action: String) -> String? { facts.routeHost.map { "\(scheme)://\($0)/\(action)" } }

    func routeProblem(_ route: RoutePattern) -> (rule: String, message: String)? { nil }

    var returnsRefusal: String? { nil }

    func parameterNameProblem(_ name: String, returnParameter: String, responsePrefix: String) -> String? {
        reservedParameters.contains(name) ? "'\(name)' is a \(convention) callback parameter; the convention handles it" : nil
    }

    func returnedNameProblem(_ name: String, responsePrefix: String) -> (rule: String, message: String)? { nil }

    /// The start of every ``mismatch(of:)``: which actions `key` applies to, from the
    /// conventions whose ``conventionKeys`` list it (return-url's, which list all three, first).
    func appliesOnly(_ key: ActionKey) -> String {
        let owners = [Convention.returnURL, .xCallbackURL, .universalLinkCallback, .none].filter { $0.rules.conventionKeys.contains(key) }
        return "'\(key.name)' applies to \(owners.map(\.rawValue).joined(separator: " and ")) actions only"
    }

    func wireName(of name: String, request: PendingRequest) -> String { name }

    func deriveCallbacks(
        from base: URLSplit,
        appending: (String) -> String,
        for action: Action
    ) throws(RoundtripError) -> [(key: String, parameter: String, url: String)] {
        try deriveModelCallbacks(from: base, appending: appending, for: action)
    }

    /// The callbacks to send, read from the action's way back (``Action/wayBack``): each
    /// outcome's own callback is `BASE/<outcome>` (`appending`), one that serves every outcome is
    /// `BASE` itself. The parameter is where it goes: a query parameter, the `json` parameter
    /// whose member holds it, or the parameter that holds a template.
    func deriveModelCallbacks(
        from base: URLSplit,
        appending: (String) -> String,
        for action: Action
    ) throws(RoundtripError) -> [(key: String, parameter: String, url: String)] {
        action.wayBack.callbacks.map { location in
            (location.outcome, location.place.parameter, location.servesEveryOutcome ? String(base.text) : appending(location.outcome))
        }
    }

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
        case .custom: CustomRules()
        }
    }
}
