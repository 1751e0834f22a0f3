/// What one convention is, as data: the callbacks a request carries and their parameter names,
/// the names it reserves, and what its answer can and cannot do.
///
/// Each convention's facts are one value (``Convention/facts``), made once in this folder; the
/// spec reader, the linter, the code generators, the documentation and the tester read them
/// instead of naming conventions. The behaviour that goes with them (checking callbacks,
/// answering, accepting an answer) stays with each convention's rules.
///
/// A class of constants, so that reading one fact shares the convention's single copy: the
/// spec reader asks for facts on every action, and copying a value with five lists retained
/// and released each of them (about 5% of reading a 1,000-action spec, measured with perf).
public final class ConventionFacts: Sendable {
    /// The outcomes a response may report when the spec lists none, the success outcome first.
    public let outcomes: [String]

    /// The callback parameters a request carries for ``outcomes``, each with the outcome it
    /// answers, in the order a request lists them (a return-url action's single one, under
    /// ``ConventionNames/returnKey``, with ``ConventionNames/returnParameter``; none for `none`).
    public let callbacks: [(outcome: String, parameter: String)]

    /// The parameter that carries the calling app's display name (x-callback-url's `x-source`),
    /// or `nil` when the convention has none.
    public let callerNameParameter: String?

    /// The query parameters the convention itself owns (callbacks, aliases and source), which
    /// actions may not declare. A return-url action's return parameter is per action and not listed.
    public let reservedParameters: [String]

    /// Whether a request has a way back at all: every convention but `none`, whose requests are
    /// fire-and-forget.
    public let hasWayBack: Bool

    /// Whether the answer is a callback URL the app could sign (the spec's `answers`): not a
    /// Universal Link Callback, which opens its callback exactly as given, nor `none`.
    public let signsAnswers: Bool

    /// Whether an answer carries response parameters (a Universal Link Callback appends nothing).
    public let answersWithParameters: Bool

    /// Whether a request may leave out every callback (x-callback-url's callbacks are optional).
    public let callbacksAreOptional: Bool

    /// Whether a request may leave out some callbacks, so that an action may list those it
    /// cannot answer without (the spec's `required-callbacks`).
    public let callbacksMayBeRequired: Bool

    /// Whether a request must always carry every callback, so that `required-callbacks` changes
    /// nothing (a Universal Link Callback needs both `ulc-success` and `ulc-error`).
    public let requiresEveryCallback: Bool

    /// Whether every callback must be an https universal link (a Universal Link Callback's).
    public let requiresHTTPSCallbacks: Bool

    /// Whether callbacks are checked against the forbidden schemes, so that the spec's
    /// `allow-schemes` applies: a way back on any scheme, not https only.
    public var checksCallbackSchemes: Bool { hasWayBack && !requiresHTTPSCallbacks }

    /// Whether each action says where its callbacks are and how its answer reads (`custom`'s
    /// `callback-parameters` and `answer`), in place of a preset.
    public let describesOwnWayBack: Bool

    /// The convention's answer, as a preset of the answer model: x-callback-url's query fields
    /// on the callback of the outcome, return-url's `<prefix>responseType` naming the outcome
    /// (the prefix is each action's), a Universal Link Callback opened unchanged. A `custom`
    /// action's is its own (``Action/wayBack``).
    public let answer: AnswerShape

    /// The host of the route an action without a `url` gets (x-callback-url's
    /// `<scheme>://x-callback-url/<action>`), or `nil` when the convention derives no route.
    public let routeHost: String?

    /// The convention's own action keys (of `return-parameter`, `response-prefix` and
    /// `outcomes`) that its actions may give.
    let actionKeys: [ActionKey]

    /// The action keys as a spec spells them.
    public var actionKeyNames: [String] { actionKeys.map(\.name) }

    init(
        outcomes: [String],
        callbacks: [(outcome: String, parameter: String)],
        callerNameParameter: String? = nil,
        reservedParameters: [String],
        hasWayBack: Bool = true,
        signsAnswers: Bool,
        answersWithParameters: Bool = true,
        callbacksAreOptional: Bool = false,
        callbacksMayBeRequired: Bool,
        requiresEveryCallback: Bool = false,
        requiresHTTPSCallbacks: Bool = false,
        routeHost: String? = nil,
        describesOwnWayBack: Bool = false,
        answer: AnswerShape = AnswerShape(),
        actionKeys: [ActionKey]
    ) {
        self.describesOwnWayBack = describesOwnWayBack
        self.answer = answer
        self.outcomes = outcomes
        self.callbacks = callbacks
        self.callerNameParameter = callerNameParameter
        self.reservedParameters = reservedParameters
        self.hasWayBack = hasWayBack
        self.signsAnswers = signsAnswers
        self.answersWithParameters = answersWithParameters
        self.callbacksAreOptional = callbacksAreOptional
        self.callbacksMayBeRequired = callbacksMayBeRequired
        self.requiresEveryCallback = requiresEveryCallback
        self.requiresHTTPSCallbacks = requiresHTTPSCallbacks
        self.routeHost = routeHost
        self.actionKeys = actionKeys
    }
}

extension Convention {
    /// The convention's facts (see ``ConventionFacts``): each rules type's single copy, read
    /// without making the rules value (``rules`` is an existential, boxed on every read).
    public var facts: ConventionFacts {
        switch self {
        case .xCallbackURL: XCallbackURLRules.facts
        case .universalLinkCallback: UniversalLinkCallbackRules.facts
        case .returnURL: ReturnURLRules.facts
        case .none: NoCallbackRules.facts
        case .custom: CustomRules.facts
        }
    }

    /// Whether a request has a way back at all (every convention but `none`).
    public var hasWayBack: Bool { facts.hasWayBack }

    /// The conventions whose facts satisfy `condition`, in declaration order, spelled as in a
    /// spec and joined with "and" (`x-callback-url and ulc`), for messages.
    static func names(where condition: (ConventionFacts) -> Bool) -> String {
        allCases.filter { condition($0.facts) }.map(\.rawValue).joined(separator: " and ")
    }

    /// Every action key whose meaning depends on the convention, return-url's (which has them
    /// all) first, made once.
    static let conventionDependentKeys: [ActionKey] = {
        var keys: [ActionKey] = []
        for convention in [Convention.returnURL, .xCallbackURL, .universalLinkCallback, .none] {
            for key in convention.facts.actionKeys where !keys.contains(key) { keys.append(key) }
        }
        return keys
    }()
}
