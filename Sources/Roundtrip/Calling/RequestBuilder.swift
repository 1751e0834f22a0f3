import Foundation

/// Builds requests to one partner app from its spec: the "go somewhere" of a round trip.
///
/// Building checks the request exactly as the partner will (its routes, parameter types and
/// constraints, callback policy), by running the partner's own ``Endpoint`` decision on the
/// URL before it leaves, so a request that would be refused is never sent. From one callback
/// base it derives one callback URL per outcome and puts the same fresh `rt-state` nonce on each:
///
/// | convention | callbacks derived from `BASE` |
/// | --- | --- |
/// | x-callback-url | `x-success=BASE/success`, `x-error=BASE/error`, `x-cancel=BASE/cancel` |
/// | ULC (https only) | `ulc-success=BASE/success`, `ulc-error=BASE/error` |
/// | return-url | `<return-parameter>=BASE` |
///
/// ```swift
/// let terminal = try RequestBuilder(partner: try SpecLoader.load(contentsOf: "terminal.yaml").spec)
/// let request = try terminal.build("charge", parameters: [QueryItem(name: "amount", value: "12.50")],
///                                  callback: "pos-app://charge-result")
/// try await ledger.record(request.pending!)
/// ```
public struct RequestBuilder: Sendable {
    /// The partner's spec.
    public let partner: Spec
    /// The size limits the partner enforces (checked again after signing).
    public let limits: QueryLimits
    /// The partner's decision, with signatures and source checks left to the partner.
    private let validator: Endpoint

    /// Prepares to build requests to a partner.
    ///
    /// - Parameters:
    ///   - partner: The partner app's spec.
    ///   - limits: The partner's size limits (16 KiB, 256 parameters by default).
    /// - Throws: ``RoundtripError`` `malformed-url` when the spec's routes clash.
    public init(partner: Spec, limits: QueryLimits = .default) throws(RoundtripError) {
        self.partner = partner
        self.limits = limits
        // The partner checks signatures and the source itself; the caller checks everything else.
        var relaxed = partner
        relaxed.keys = []
        relaxed.signatures = .off
        relaxed.sources = SourcePolicy()
        relaxed.actions = partner.actions.map { action in
            var action = action
            action.signatures = .off
            action.sources = SourcePolicy()
            // The caller holds its own token: it is checked for form here, and by the partner.
            func relaxed(_ parameter: ParameterSpec) -> ParameterSpec {
                guard parameter.type == .secret else { return parameter }
                return ParameterSpec(name: parameter.name, type: .string, isRequired: parameter.isRequired)
            }
            action.parameters = action.parameters.map(relaxed)
            action.queryValue = action.queryValue.map(relaxed)
            action.fragment = action.fragment.map(relaxed)
            return action
        }
        validator = try Endpoint(spec: relaxed, limits: limits, keys: EnvironmentKeyResolver(environment: [:]))
    }

    /// Builds a request.
    ///
    /// - Parameters:
    ///   - actionName: The partner's action.
    ///   - parameters: The action's parameters, route placeholders and `query-value`/`fragment`
    ///     values included, by name.
    ///   - callback: The base to come back to; `nil` when no answer is expected.
    ///   - continuation: Opaque JSON bytes the ledger keeps and gives back with the answer.
    ///   - signer: Signs the request when given.
    ///   - ttl: Seconds the request waits for its answer (default 600).
    ///   - now: The current time (creation time, signature timestamp).
    ///   - nonce: The `rt-state` nonce: base64url of at least 16 bytes; fresh by default.
    /// - Returns: The URL to open and the ledger entry to record.
    /// - Throws: ``RoundtripError``: the partner's own reject (`unknown-parameter`,
    ///   `invalid-parameter`, `missing-parameter`, `forbidden-callback`, …), `unknown-route` for
    ///   an action the partner lacks, `reserved-parameter` for `rt-`, callback or `select` names
    ///   among the parameters, `missing-signature` when the partner requires a signature and no
    ///   signer was given, `missing-callback` when the action requires callbacks
    ///   (`required-callbacks`) and no callback base was given, `too-large`.
    /// - Complexity: O(*n*) in the length of the URL.
    public func build(
        _ actionName: String,
        parameters: [QueryItem] = [],
        callback: String? = nil,
        continuation: Data? = nil,
        signer: RequestSigner? = nil,
        ttl: TimeInterval = 600,
        now: Date = Date(),
        nonce: String = Nonce.make()
    ) throws(RoundtripError) -> OutgoingRequest {
        guard let action = partner.action(named: actionName) else {
            throw RoundtripError(
                .unknownRoute,
                "the partner '\(partner.app.name)' has no action '\(actionName)' (it has: \(partner.actions.map(\.name).joined(separator: ", ")))"
            )
        }
        guard let route = action.routes.first else {
            throw RoundtripError(.unknownRoute, "the partner's action '\(actionName)' has no route")
        }
        if action.signatures == .required, signer == nil {
            throw RoundtripError(.missingSignature, "the partner's action '\(actionName)' requires signed requests; pass a signer")
        }
        try RequestBuilder.checkNames(of: parameters, for: action)
        if callback == nil, let outcome = action.requiredCallbacks.first {
            let parameter = action.wayBack.callback(for: outcome)?.place.parameter ?? outcome
            throw RoundtripError(
                .missingCallback,
                "the partner's action '\(actionName)' requires the '\(parameter)' callback (required-callbacks); pass a callback base",
                parameter: parameter
            )
        }
        guard ttl > 0 else {
            throw RoundtripError(.invalidParameter, "the time to live must be positive, not \(ttl) s", parameter: "ttl")
        }

        var items = RequestBuilder.writingSwitches(RequestBuilder.joiningListItems(parameters, for: action), for: action)
        var url = try RequestBuilder.fill(route, of: action, from: &items)
        // The fixed pairs that select the action among those sharing its route, first, as the
        // partner's documented URLs write them (`rides://?action=setPickup&…`).
        items.insert(contentsOf: action.select, at: 0)
        let wholeQuery = action.queryValue.flatMap { RequestBuilder.take($0.name, from: &items) }.map(QueryCodec.encodeComponent)
        let fragment = action.fragment.flatMap { RequestBuilder.take($0.name, from: &items) }.map(QueryCodec.encodeComponent)
        if action.queryValue != nil, let extra = items.first {
            throw RoundtripError(
                .unknownParameter,
                "the action '\(actionName)' takes its value as the whole query, not a parameter '\(extra.name)'",
                parameter: extra.name
            )
        }

        var pending: PendingRequest?
        if let callback {
            let derived = try deriveCallbacks(from: callback, for: action)
            var nonceText = nonce
            guard nonceText.withUTF8(Nonce.isWellFormed) else {
                throw RoundtripError(
                    .invalidParameter,
                    "the rt-state nonce must be base64url of at least 16 random bytes",
                    parameter: ReservedNames.state
                )
            }
            var sent: [String: String] = [:]
            var template: String?
            for (key, parameter, base) in derived {
                let place = action.wayBack.callback(for: key)?.place
                var url = base
                if action.stateParameter == nil {
                    url = try RequestBuilder.appendingState(nonce, to: base, isTemplate: place == .template(parameter: parameter))
                }
                if case .jsonMember(let parameter, let pointer) = place {
                    try RequestBuilder.setMember(pointer, of: parameter, to: url, in: &items)
                } else {
                    items.append(QueryItem(name: parameter, value: url))
                }
                if place == .template(parameter: parameter) {
                    template = base
                    sent[key] = URLTemplate.literalBase(of: base)
                } else {
                    sent[key] = base
                }
            }
            if let stateParameter = action.stateParameter {
                try RequestBuilder.placeState(nonce, in: stateParameter, of: action, items: &items)
            }
            let isCustom = action.customWayBack != nil
            pending = PendingRequest(
                nonce: nonce,
                partner: partner.app.name,
                action: action.name,
                convention: action.convention,
                callbacks: sent,
                responsePrefix: action.responsePrefix,
                outcomes: action.outcomes,
                createdAt: now,
                expiresAt: now.addingTimeInterval(ttl),
                continuation: continuation,
                returns: action.returns,
                answers: try answerRequirement(of: action),
                answer: isCustom ? action.wayBack.answer : nil,
                errorReturns: isCustom ? action.errorReturns : nil,
                stateParameter: action.stateParameter,
                callbackTemplate: template
            )
        }
        let query = wholeQuery ?? QueryCodec.encode(items)
        if !query.isEmpty { url += "?" + query }
        if let fragment { url += "#" + fragment }

        _ = try validator.evaluate(url, now: now)
        if let signer {
            url = try RequestSignature.sign(url, keyID: signer.keyID, key: signer.key, timestamp: Int64(now.timeIntervalSince1970.rounded(.down)))
            try limits.check(url)
        }
        return OutgoingRequest(url: url, pending: pending, isUniversalLink: route.isUniversalLink)
    }

    /// What the partner requires of its answers to `action`, for the ledger: `nil` when it does
    /// not sign them.
    ///
    /// - Throws: ``RoundtripError`` `bad-signature` when the policy names no key of the spec (a
    ///   spec made in code; a loaded one is checked when it loads).
    func answerRequirement(of action: Action) throws(RoundtripError) -> AnswerRequirement? {
        guard action.answers.signatures != .off else { return nil }
        guard let keyID = action.answers.keyID, let key = partner.key(id: keyID) else {
            throw RoundtripError(
                .badSignature,
                "the partner's action '\(action.name)' signs its answers with '\(action.answers.keyID ?? "")', which is not a key of its spec"
            )
        }
        return AnswerRequirement(signatures: action.answers.signatures, key: key)
    }

    /// The convention's callback parameters come from `callback`, never from the caller's
    /// parameters (they would carry no nonce); x-callback-url's `x-source` is the caller's to set.
    private static func checkNames(of parameters: [QueryItem], for action: Action) throws(RoundtripError) {
        var owned = Set(action.convention.reservedParameters)
        if let callerName = action.convention.callerNameParameter { owned.remove(callerName) }
        owned.formUnion(action.callbackParameters.map { $0.parameter })
        for location in action.wayBack.callbacks {
            if case .jsonMember = location.place { continue }  // the caller's own JSON; the member is placed
            owned.insert(location.place.parameter)
        }
        if let state = action.stateParameter { owned.insert(state) }
        for item in parameters where ReservedNames.isReserved(item.name) || owned.contains(item.name) {
            let why =
                ReservedNames.isReserved(item.name)
                ? "is in Roundtrip's reserved 'rt-' namespace" : "is a callback parameter; pass the callback base instead"
            throw RoundtripError(.reservedParameter, "the parameter '\(item.name)' \(why)", parameter: item.name)
        }
        for item in parameters {
            guard let pair = action.select.first(where: { $0.name == item.name }) else { continue }
            throw RoundtripError(
                .reservedParameter,
                "the parameter '\(item.name)' is a select pair of the action '\(action.name)' (\(pair)), which the builder writes itself; leave it out",
                parameter: item.name
            )
        }
    }

    /// The parameters with the values given for a `comma` or `newline` list joined into one
    /// (`--param tags=home --param tags=work` is `tags=home,work`); a `repeated` list keeps one
    /// item per value.
    static func joiningListItems(_ parameters: [QueryItem], for action: Action) -> [QueryItem] {
        var joined: [QueryItem] = []
        for item in parameters {
            guard let form = action.parameter(taking: item.name)?.list, form != .repeated,
                let index = joined.firstIndex(where: { $0.name == item.name })
            else {
                joined.append(item)
                continue
            }
            joined[index].value = (joined[index].value ?? "") + (form.separator ?? ",") + (item.value ?? "")
        }
        return joined
    }

    /// The parameters with each `format: presence` switch written as a browser's `new-tab` is:
    /// the bare name (`&new-tab`) when its value is true (`true`, `1`, or none), left out when
    /// false (`false`, `0`). Any other value is kept, for the partner's decision to refuse.
    static func writingSwitches(_ parameters: [QueryItem], for action: Action) -> [QueryItem] {
        guard action.parameters.contains(where: \.isPresenceSwitch) else { return parameters }
        var written: [QueryItem] = []
        written.reserveCapacity(parameters.count)
        for item in parameters {
            guard action.parameter(taking: item.name)?.isPresenceSwitch == true else {
                written.append(item)
                continue
            }
            switch item.value ?? "" {
            case "", "true", "1": written.append(QueryItem(name: item.name, value: nil))
            case "false", "0": continue
            default: written.append(item)
            }
        }
        return written
    }

    /// The route with its placeholders filled (percent-encoded) from, and removed from, `items`:
    /// a rest placeholder's value split at `/`, its dot segments removed (``RestPath``), each
    /// segment encoded and the `/`s kept; a host placeholder's value written as a host
    /// (``HostValue``), refused when it is no host.
    /// A segment that holds several placeholders (``SplitSegment``), each value encoded and
    /// followed by its literal text; refused when the receiving side would split it otherwise:
    /// an empty value, or one that still holds the literal text that ends it once encoded.
    private static func fill(
        _ split: SplitSegment,
        of route: RoutePattern,
        value: (String) throws(RoundtripError) -> String
    ) throws(RoundtripError) -> String {
        var segment = ""
        for (index, (name, literal)) in zip(split.names, split.literals).enumerated() {
            var encoded = QueryCodec.encodeComponent(try value(name))
            // An unreserved character that starts the literal text is written encoded in the
            // value before it (RFC 3986 section 2.3: the same data either way), so the literal's
            // first occurrence is where the value ends.
            if index < split.names.count - 1, let first = literal.first, first != "%", encoded.contains(first) {
                let escape = first.utf8.map { "%" + String($0, radix: 16, uppercase: true) }.joined()
                encoded = encoded.replacingOccurrences(of: String(first), with: escape)
            }
            if encoded.isEmpty {
                throw RoundtripError(
                    .invalidParameter,
                    "'\(name)' is part of a route segment of \(route.text), so it cannot be empty",
                    parameter: name
                )
            }
            if index < split.names.count - 1, encoded.contains(literal) {
                throw RoundtripError(
                    .invalidParameter,
                    "'\(name)' holds '\(literal)', which ends its value in the route \(route.text), so the receiving app would split it elsewhere",
                    parameter: name
                )
            }
            segment += encoded + literal
        }
        return segment
    }

    private static func fill(_ route: RoutePattern, of action: Action, from items: inout [QueryItem]) throws(RoundtripError) -> String {
        func value(_ name: String) throws(RoundtripError) -> String {
            guard let value = take(name, from: &items) else {
                throw RoundtripError(.missingParameter, "the action '\(action.name)' needs '\(name)' for its route \(route.text)", parameter: name)
            }
            return value
        }
        var segments: [String] = []
        for segment in route.segments {
            switch segment {
            case .literal(let text):
                segments.append(text)
            case .placeholder(let name):
                if let split = try? SplitSegment(name, route: route.text) {
                    segments.append(try fill(split, of: route, value: value))
                } else {
                    segments.append(QueryCodec.encodeComponent(try value(name)))
                }
            case .rest(let name):
                // The decision's rule (RestPath): no empty segment, dot segments removed, none
                // that leaves the route; what is left is written, each segment encoded.
                var parts = try value(name).split(separator: "/", omittingEmptySubsequences: false).map(String.init)
                if let problem = RestPath.removeDotSegments(&parts) {
                    throw RoundtripError(.invalidParameter, problem.message(name, route: route.text), parameter: name)
                }
                segments += parts.map { QueryCodec.encodeComponent($0) }
            }
        }
        // `path-parameters`: `;name=value` after the last placeholder, in the order the spec lists them.
        if !action.pathParameters.isEmpty, !segments.isEmpty {
            for name in action.pathParameters {
                guard let value = take(name, from: &items) else { continue }
                segments[segments.count - 1] += ";" + QueryCodec.encodeComponent(name) + "=" + QueryCodec.encodeComponent(value)
            }
        }
        var host = route.host
        if let name = route.hostPlaceholder {
            switch HostValue.written(try value(name)) {
            case .success(let written):
                host = written
            case .failure(let problem):
                throw RoundtripError(
                    .invalidParameter,
                    "'\(name)' is the host of the route \(route.text): \(problem.message(for: "it"))",
                    parameter: name
                )
            }
        }
        return route.scheme + ":" + (route.hasAuthority ? "//" + host : "") + segments.joined(separator: "/")
    }

    /// `url` with `rt-state` appended to its query; a template's text is appended to as written,
    /// its placeholders kept.
    private static func appendingState(_ nonce: String, to url: String, isTemplate: Bool) throws(RoundtripError) -> String {
        let state = [QueryItem(name: ReservedNames.state, value: nonce)]
        guard isTemplate else { return try ResponseBuilder.append(state, to: url) }
        let separator = url.contains("?") ? (url.hasSuffix("?") || url.hasSuffix("&") ? "" : "&") : "?"
        return url + separator + QueryCodec.encode(state)
    }

    /// Sets the callback at `pointer` in the `json` parameter `parameter` among `items` (created
    /// as an object when the caller gave none), so the partner finds it where its spec says.
    private static func setMember(_ pointer: JSONPointer, of parameter: String, to url: String, in items: inout [QueryItem]) throws(RoundtripError) {
        let position = items.firstIndex { $0.name == parameter }
        let text = try JSONText.setting(pointer, to: url, in: position.map { items[$0].value ?? "" }, parameter: parameter)
        if let position { items[position].value = text } else { items.append(QueryItem(name: parameter, value: text)) }
    }

    /// Places the nonce in the action's `state-parameter`: a declared query parameter, or a
    /// member of the `json` parameter that holds the callback.
    private static func placeState(_ nonce: String, in name: String, of action: Action, items: inout [QueryItem]) throws(RoundtripError) {
        if action.parameter(taking: name) != nil {
            items.append(QueryItem(name: name, value: nonce))
            return
        }
        for location in action.wayBack.callbacks {
            guard case .jsonMember(let parameter, _) = location.place else { continue }
            let pointer: JSONPointer
            do {
                pointer = try JSONPointer("/" + name.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1"))
            } catch {
                throw RoundtripError(.invalidParameter, error.message, parameter: name)
            }
            try setMember(pointer, of: parameter, to: nonce, in: &items)
            return
        }
        throw RoundtripError(
            .invalidParameter,
            "the action '\(action.name)' carries rt-state in '\(name)', which is neither a parameter nor a member of its json callback parameter",
            parameter: name
        )
    }

    /// Removes the item named `name` and returns its value.
    private static func take(_ name: String, from items: inout [QueryItem]) -> String? {
        guard let position = items.firstIndex(where: { $0.name == name }) else { return nil }
        return items.remove(at: position).value ?? ""
    }

    /// The callback URLs for a base: (outcome key, request parameter, URL without `rt-state`).
    private func deriveCallbacks(from base: String, for action: Action) throws(RoundtripError) -> [(String, String, String)] {
        // A template callback is passed as written, its placeholders kept for the partner; the
        // URL checked here has each placeholder replaced by a neutral letter.
        let templates = action.wayBack.callbacks.filter { if case .template = $0.place { true } else { false } }
        var checked = base
        if !templates.isEmpty {
            checked = try URLTemplate.checked(base, parameter: "callback", fields: CustomRules.answerFields(of: action))
        }
        let split: URLSplit
        do {
            split = try URLSplit(checked)
        } catch {
            throw RoundtripError(.forbiddenCallback, "the callback base is not a valid absolute URL: \(error.message)", parameter: "callback")
        }
        guard split.fragment == nil else {
            throw RoundtripError(.forbiddenCallback, "the callback base may not have a fragment ('#')", parameter: "callback")
        }
        if let query = split.query,
            let reserved = try QueryCodec.decode(query, allowDuplicates: true).first(where: { ReservedNames.isReserved($0.name) })
        {
            throw RoundtripError(
                .reservedParameter,
                "the callback base already carries '\(reserved.name)'; Roundtrip adds rt-state itself",
                parameter: reserved.name
            )
        }
        /// `BASE/outcome`, keeping BASE's own query after the path.
        func appending(_ outcome: String) -> String {
            let path = split.base.hasSuffix("/") ? split.base + outcome : split.base + "/" + outcome
            return split.query.map { path + "?" + $0 } ?? String(path)
        }
        if !templates.isEmpty { return templates.map { ($0.outcome, $0.place.parameter, base) } }
        return try action.convention.rules.deriveCallbacks(from: split, appending: appending, for: action).map { ($0.key, $0.parameter, $0.url) }
    }
}
