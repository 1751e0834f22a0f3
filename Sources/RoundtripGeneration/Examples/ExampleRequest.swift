import Foundation
import Roundtrip

/// An example request to one action, built with ``RequestBuilder`` from example values: exactly
/// the URL a calling app would send, and the answer it would get back.
///
/// Every parameter carries ``ExampleValue``'s example (with `includingOptional: false`, only the
/// required ones, the route's placeholders and the first member of each `requires-one-of`
/// group). An action that answers gets callbacks derived from a callback base the spec's
/// callback policy allows, each with the example `rt-state`
/// nonce; an x-callback-url request names its caller in `x-source`. A `custom` action's
/// callbacks go where its `callback-parameters` say: a query parameter of the partner's name, a
/// member of a `json` parameter (which the example leaves for the builder to write), or a
/// template: the base with a `{Name}` placeholder for the outcome field and each field of the
/// success answer (see ``template(from:for:)``).
///
/// ```swift
/// let spec = try SpecLoader.load(contentsOf: "Examples/things.yaml").spec
/// let example = try ExampleRequest(for: spec.action(named: "add")!, in: spec)
/// example.url        // things:///add?title=example&…&x-success=example-caller%3A%2F%2Fcallback%2Fsuccess%3Frt-state%3D…
/// try example.answer(in: spec)   // example-caller://callback/success?rt-state=…&x-things-id=example-1%2Cexample-2
/// ```
///
/// A `secret` parameter carries ``ExampleValue/secretPlaceholder(for:)``: the receiving app
/// accepts the example when its key resolver holds ``environment``
/// (`EnvironmentKeyResolver(environment: example.environment)`), and documentation shows
/// ``displayURL``. An action that requires signatures gets the URL before signing unless a
/// signer is given (see ``needsSignature``).
public struct ExampleRequest: Sendable, Hashable {
    /// The `rt-state` nonce example callbacks carry: base64url of `example-rt-state`.
    public static let nonce = "ZXhhbXBsZS1ydC1zdGF0ZQ"
    /// The caller's name an x-callback-url example sends as `x-source`.
    public static let callerName = "Example Caller"
    /// The callback base used when the spec has no `callbacks` allow-list (custom scheme).
    public static let customCallbackBase = "example-caller://callback"
    /// The callback base used for a Universal Link Callback when the spec has no allow-list.
    public static let universalLinkCallbackBase = "https://caller.example.com/callback"

    /// The action's name.
    public let actionName: String
    /// The request URL, exactly as a caller sends it; secrets hold their placeholders.
    public let url: String
    /// The parameters given to ``RequestBuilder``, by name, in the action's order (`x-source`
    /// included).
    public let parameters: [QueryItem]
    /// The callback base the callbacks were derived from; `nil` when the request carries none.
    public let callbackBase: String?
    /// Each `secret` parameter's `secret-env` variable and the placeholder the URL carries for it:
    /// what a key resolver needs to hold for the receiving app to accept the example.
    public let environment: [String: String]
    /// ``url`` as documentation shows it: each secret as `<secret from VAR>`.
    public let displayURL: String
    /// Whether the action requires signed requests and ``url`` is not signed yet.
    public let needsSignature: Bool

    /// Builds the example request to `action`.
    ///
    /// - Parameters:
    ///   - action: One of `spec`'s actions.
    ///   - spec: The receiving app's spec.
    ///   - callbackBase: The base to derive callbacks from; `nil` picks one the spec's callback
    ///     policy allows (an allow-list entry, or ``customCallbackBase`` /
    ///     ``universalLinkCallbackBase`` without a list). Ignored for convention `none`.
    ///   - includingOptional: `false` for only the required parameters.
    ///   - signer: Signs the request; without one, an action that requires signatures gets its
    ///     URL before signing.
    ///   - now: The signature's time.
    ///   - nonce: The callbacks' `rt-state`.
    /// - Throws: ``RoundtripError``: `invalid-parameter` when a parameter has no example value,
    ///   or the builder's reject (`forbidden-callback` when no base the policy allows can be
    ///   found for a convention that needs callbacks).
    public init(
        for action: Action,
        in spec: Spec,
        callbackBase: String? = nil,
        includingOptional: Bool = true,
        signer: RequestSigner? = nil,
        now: Date = Date(),
        nonce: String = ExampleRequest.nonce
    ) throws(RoundtripError) {
        var items: [QueryItem] = []
        var environment: [String: String] = [:]
        var displays: [(String, String)] = []
        let placeholders = Set(action.routes.flatMap(\.placeholderNames))
        let values = action.parameters + [action.queryValue, action.fragment].compactMap { $0 }
        // Without the optional parameters, each `requires-one-of` group still needs one: its first.
        let groupFirsts = Set(action.requiresOneOf.compactMap(\.first))
        // An `exclusive` group takes at most one member: its first.
        let exclusiveOthers = Set(action.exclusive.flatMap { $0.dropFirst() })
        for parameter in values
        where (includingOptional && !exclusiveOthers.contains(parameter.name)) || parameter.isRequired || placeholders.contains(parameter.name)
            || groupFirsts.contains(parameter.name)
        {
            // A presence switch shows its bare name, as its callers write it when it is on.
            if parameter.isPresenceSwitch {
                items.append(QueryItem(name: parameter.name, value: nil))
                continue
            }
            var texts: [String]
            if let pointer = Self.callbackMember(in: parameter, of: action), let schema = parameter.schema {
                // The builder writes the callback into this member; a schema's example would
                // already hold one, which the builder refuses to overwrite.
                texts = [JSONSchemaExample.text(for: schema, omitting: pointer.tokens[...])]
            } else {
                texts = try ExampleValue.texts(for: parameter)
            }
            if parameter.type == .secret {
                let placeholder = ExampleValue.secretPlaceholder(for: parameter)
                if let variable = parameter.secretEnvironment { environment[variable] = placeholder }
                displays.append((QueryCodec.encodeComponent(placeholder), ExampleValue.secretDisplay(for: parameter)))
            }
            // A prefix (`fld*`) is shown with one name it stands for, as a caller writes it.
            let name = parameter.isPrefix ? parameter.namePrefix + "Example" : parameter.name
            items += texts.map { QueryItem(name: name, value: $0) }
        }
        if let parameter = action.convention.callerNameParameter { items.append(QueryItem(name: parameter, value: Self.callerName)) }

        var partner = spec
        if signer == nil {
            partner.actions = spec.actions.map { action in
                var action = action
                if action.signatures == .required { action.signatures = .off }
                return action
            }
        }
        let builder = try RequestBuilder(partner: partner)
        // A template callback is the caller's own text with placeholders: one is made from each
        // base the policy allows, unless the caller gave its template.
        let isTemplate = action.wayBack.callbacks.contains { if case .template = $0.place { true } else { false } }
        let bases: [String?] =
            !action.convention.hasWayBack
            ? [nil]
            : callbackBase.map { [$0] } ?? Self.callbackBases(for: action, in: spec).map { isTemplate ? Self.template(from: $0, for: action) : $0 }
        var built: (request: OutgoingRequest, base: String?)?
        var firstError: RoundtripError?
        for base in bases {
            do {
                built = (try builder.build(action.name, parameters: items, callback: base, signer: signer, now: now, nonce: nonce), base)
                break
            } catch  where error.code == .forbiddenCallback || (error.code == .reservedParameter && error.parameter == "callback") {
                firstError = firstError ?? error
            }
        }
        if built == nil, action.convention.callbacksAreOptional, callbackBase == nil {
            // x-callback-url callbacks are optional: without one the policy allows, send none.
            built = (try builder.build(action.name, parameters: items, signer: signer, now: now, nonce: nonce), nil)
        }
        guard let built else {
            throw firstError ?? RoundtripError(.forbiddenCallback, "no callback base for the action '\(action.name)'", parameter: "callback")
        }
        actionName = action.name
        url = built.request.url
        parameters = items
        self.callbackBase = built.base
        self.environment = environment
        displayURL = displays.reduce(built.request.url) { url, display in url.replacingOccurrences(of: display.0, with: display.1) }
        needsSignature = action.signatures == .required && signer == nil
    }

    /// The URL of the example request to `action` (see ``init(for:in:callbackBase:includingOptional:signer:now:nonce:)``).
    ///
    /// - Throws: ``RoundtripError`` when no example can be built.
    public static func url(for action: Action, in spec: Spec, callbackBase: String? = nil) throws(RoundtripError) -> String {
        try ExampleRequest(for: action, in: spec, callbackBase: callbackBase).url
    }

    /// The callback bases worth trying for `action`, best first: each allow-list entry and its
    /// parent (`https://a.example/success` gives `https://a.example`, from which `…/success`
    /// and `…/error` are derived), https ones only for a Universal Link Callback; without an
    /// allow-list, ``customCallbackBase`` or ``universalLinkCallbackBase``.
    public static func callbackBases(for action: Action, in spec: Spec) -> [String] {
        let https = action.convention.requiresHTTPSCallbacks
        guard let allowList = spec.callbacks else {
            return [https ? universalLinkCallbackBase : customCallbackBase]
        }
        var bases: [String] = []
        for entry in allowList where !https || entry.scheme == "https" {
            bases.append(entry.description)
            if let slash = entry.path.lastIndex(of: "/"), entry.path[slash...].count > 1 {
                bases.append("\(entry.scheme)://\(entry.host)\(entry.path[..<slash])")
            }
        }
        var seen = Set<String>()
        return bases.filter { seen.insert($0).inserted }
    }

    /// The template callback an example derives from `base`: the outcome field (when the answer
    /// has one) and each field of the success answer (`returns`), each as a query parameter
    /// holding its `{Name}` placeholder, named as the answer writes it (with the answer's prefix).
    ///
    /// ```swift
    /// ExampleRequest.template(from: "example-caller://callback", for: takePayment)
    /// // example-caller://callback?Type={Type}&TransactionId={TransactionId}
    /// ```
    public static func template(from base: String, for action: Action) -> String {
        let answer = action.wayBack.answer
        let names = ([answer.outcome?.name].compactMap { $0 } + (action.returns ?? []).map(\.name)).map { answer.prefix + $0 }
        guard !names.isEmpty else { return base }
        return base + (base.contains("?") ? "&" : "?") + names.map { "\($0)={\($0)}" }.joined(separator: "&")
    }

    /// The pointer of the callback a `custom` action carries inside `parameter`, a `json` one.
    private static func callbackMember(in parameter: ParameterSpec, of action: Action) -> JSONPointer? {
        for location in action.wayBack.callbacks {
            if case .jsonMember(parameter.name, let pointer) = location.place { return pointer }
        }
        return nil
    }

    /// The success answer to this request: the success callback URL (x-callback-url's
    /// `x-success`, a return-url action's first outcome, ULC's `ulc-success`) with an example of
    /// every value the action `returns`, as ``ResponseBuilder`` writes it.
    ///
    /// When the action signs its answers (`answers:`) and no signer is given, the URL is the
    /// answer before signing, as for a signed request: the signature depends on the partner's
    /// private key, which an example never holds. A template callback's answer fills every
    /// placeholder, so it carries every returned value whatever `includingOptional` says.
    ///
    /// - Parameters:
    ///   - spec: The spec the request was built from.
    ///   - includingOptional: `false` for only the required returned values.
    ///   - signer: The partner's answer key, to sign the example answer.
    ///   - now: The signing time.
    /// - Returns: The URL, or `nil` when the action never answers success: convention `none`,
    ///   an x-callback-url action whose `outcomes` lack `success`, or a request without callbacks.
    /// - Throws: ``RoundtripError`` when a returned value has no example, or from signing.
    public func answer(
        in spec: Spec,
        includingOptional: Bool = true,
        signer: RequestSigner? = nil,
        now: Date = Date()
    ) throws(RoundtripError) -> String? {
        guard let action = spec.action(named: actionName), callbackBase != nil else { return nil }
        guard let outcome = action.successOutcome else { return nil }
        // The request was checked by the builder; here it is only read back, so signatures and
        // sources (the partner's own checks) stay out of the way.
        var relaxed = spec
        relaxed.signatures = .off
        relaxed.sources = SourcePolicy()
        relaxed.keys = []
        relaxed.actions = spec.actions.map { action in
            var action = action
            action.signatures = .off
            action.sources = SourcePolicy()
            return action
        }
        let request = try Endpoint(spec: relaxed, keys: EnvironmentKeyResolver(environment: environment)).evaluate(url)
        var items: [QueryItem] = []
        // A template callback has a placeholder for every returned value, and each is filled.
        let isTemplate = action.wayBack.answer.form == .template
        if action.convention.answersWithParameters {
            for parameter in action.returns ?? [] where includingOptional || parameter.isRequired || isTemplate {
                items += try ExampleValue.texts(for: parameter).map { QueryItem(name: parameter.name, value: $0) }
            }
        }
        var answering = action
        if signer == nil { answering.answers = .off }
        return try ResponseBuilder.callbackURL(answering: request, action: answering, outcome: outcome, parameters: items, signer: signer, now: now)
    }
}
