import Foundation

/// The receiving side: decides, for every incoming URL, whether to accept it and what it means.
///
/// An endpoint is built once from a ``Spec`` (routes compiled and keys resolved then; each
/// action's parameter rules when the first URL reaches it) and then decides each URL in time
/// independent of the number of actions. The checks run in
/// this order, cheapest and most fundamental first, and the first failure is the answer:
///
/// 1. size limits (`too-large`), before any parsing;
/// 2. URL syntax (`malformed-url`, `invalid-encoding`);
/// 3. route (`unknown-route`), and among actions that share it, their `select` pairs
///    (`unknown-route`, `duplicate-parameter`);
/// 4. source application (`untrusted-source`);
/// 5. query decoding (`invalid-encoding`, `duplicate-parameter`);
/// 6. `rt-` parameters and the signature (`reserved-parameter`, `missing-signature`,
///    `bad-signature`, `expired`);
/// 7. the convention's callbacks (`missing-callback`, also for one of `required-callbacks`,
///    `forbidden-callback`, `reserved-parameter`; an optional callback the policy refuses is
///    dropped and reported instead under `invalid-callback: drop`);
/// 8. the action's parameters (`unknown-parameter`, `invalid-parameter`, `missing-parameter`,
///    also for a `requires-one-of` group of which none is present), a segment that holds
///    several placeholders split first (`unknown-route` when it does not split) and the
///    `;name=value` pairs of `path-parameters` read like query parameters.
///
/// ```swift
/// let endpoint = try Endpoint(spec: try SpecLoader.load(contentsOf: path).spec)
/// let request = try endpoint.evaluate(url.absoluteString, source: sourceApplication)
/// ```
public struct Endpoint: Sendable {
    /// The spec the endpoint enforces.
    public var spec: Spec { storage.spec }
    /// The size limits.
    public var limits: QueryLimits { storage.limits }
    /// How far a signature's `rt-ts` may be from now, in seconds (default 300).
    public var signatureWindow: TimeInterval { storage.signatureWindow }

    /// Everything the endpoint compiled, behind one reference, so that an `Endpoint` is cheap to
    /// copy (into the closures of the hot path, for one).
    private let storage: Storage

    /// `@unchecked Sendable`: every field is immutable except the compiled actions, which are
    /// read and written only under `lock`.
    private final class Storage: @unchecked Sendable {
        let spec: Spec
        let limits: QueryLimits
        let signatureWindow: TimeInterval
        let router: Router
        let callbackPolicy: CallbackPolicy
        /// The same allow-list matched whole URLs, for actions under `callback-match: exact`.
        let exactCallbackPolicy: CallbackPolicy
        let signatures: SignatureVerifier
        let keys: any KeyResolver
        /// Each action compiled on its first request, so that an endpoint is ready at launch
        /// without compiling the parameters of actions the app is never asked for.
        private var compiled: [CompiledAction?]
        private let lock = NSLock()

        init(
            spec: Spec,
            limits: QueryLimits,
            signatureWindow: TimeInterval,
            router: Router,
            callbackPolicy: CallbackPolicy,
            signatures: SignatureVerifier,
            keys: any KeyResolver
        ) {
            self.spec = spec
            self.limits = limits
            self.signatureWindow = signatureWindow
            self.router = router
            self.callbackPolicy = callbackPolicy
            exactCallbackPolicy = CallbackPolicy(allowList: callbackPolicy.allowList, ownSchemes: spec.app.schemes, match: .exact)
            self.signatures = signatures
            self.keys = keys
            compiled = Array(repeating: nil, count: spec.actions.count)
        }

        /// The action at `index`, compiled (once).
        func compiledAction(_ index: Int) -> CompiledAction {
            lock.lock()
            defer { lock.unlock() }
            if let action = compiled[index] { return action }
            let action = CompiledAction(action: spec.actions[index], keys: keys)
            compiled[index] = action
            return action
        }
    }

    /// Builds an endpoint.
    ///
    /// - Parameters:
    ///   - spec: The spec to enforce.
    ///   - limits: Size limits (16 KiB, 256 parameters by default).
    ///   - keys: Resolves the spec's keys to key material; by default secrets come from the
    ///     environment variables the spec names.
    ///   - signatureWindow: Freshness window for signed requests, in seconds.
    /// - Throws: ``RoundtripError`` `malformed-url` when two actions share a route.
    public init(
        spec: Spec,
        limits: QueryLimits = .default,
        keys: any KeyResolver = EnvironmentKeyResolver(),
        signatureWindow: TimeInterval = 300
    ) throws(RoundtripError) {
        // A loaded spec brings the router its loader compiled to find conflicting routes.
        let router: Router
        if let compiled = spec.routerForActions {
            router = compiled
        } else {
            router = try Router(actions: spec.actions)
        }
        var resolved: [String: VerificationKeyResult] = [:]
        for description in spec.keys {
            do {
                resolved[description.id] = .key(try keys.verificationKey(for: description))
            } catch {
                resolved[description.id] = .unavailable(error.message)
            }
        }
        storage = Storage(
            spec: spec,
            limits: limits,
            signatureWindow: signatureWindow,
            router: router,
            callbackPolicy: CallbackPolicy(allowList: spec.callbacks, ownSchemes: spec.app.schemes, allowedSchemes: spec.allowSchemes),
            signatures: SignatureVerifier(keys: resolved, window: signatureWindow),
            keys: keys
        )
    }

    /// Decides one incoming URL, without the replay check of signed requests' `rt-id`.
    ///
    /// Use ``handle(_:source:now:replayGuard:)`` when signatures are on; it adds the replay check.
    ///
    /// - Parameters:
    ///   - url: The URL exactly as received (`url.absoluteString`).
    ///   - source: The source application's bundle ID as the OS reported it, or `nil`.
    ///   - now: The current time, for signature freshness; `nil` (the default) reads the clock
    ///     when a signature is checked, and only then.
    /// - Returns: The accepted request.
    /// - Throws: ``RoundtripError`` with the code of the first check that failed.
    /// - Complexity: O(*n*) in the URL's length; independent of the number of actions.
    public func evaluate(_ url: String, source: String? = nil, now: Date? = nil) throws(RoundtripError) -> AcceptedRequest {
        let split = try splitWithinLimits(url)
        // Every step reads the URL's bytes in place: query items and route placeholders are byte
        // ranges until a step needs their text.
        return try split.withBytes { bytes, offsets throws(RoundtripError) in
            try decide(url, split: split, bytes: bytes, offsets: offsets, source: source, now: now)
        }
    }

    /// ``evaluate(_:source:now:)`` after the limits and the split, with the URL's bytes: the
    /// decision's steps in the order the type's overview lists them.
    private func decide(
        _ url: String,
        split: URLSplit,
        bytes: UnsafeBufferPointer<UInt8>,
        offsets: URLSplit.Offsets,
        source: String?,
        now: Date?
    ) throws(RoundtripError) -> AcceptedRequest {
        let routed = try route(split, bytes: bytes, offsets: offsets)
        // Read through the reference, field by field, never bound to a local `Action`.
        let compiled = storage.compiledAction(routed.actionIndex)
        try compiled.action.sources.check(source)
        var query = try readQuery(for: compiled, bytes: bytes, offsets: offsets, passingOver: routed.selectItem)
        let signature = try storage.signatures.verify(
            split: split,
            bytes: bytes,
            items: &query.items,
            requirement: compiled.action.signatures,
            actionName: compiled.action.name,
            now: now
        )
        let (callbacks, callerName) = try takeCallbacks(compiled, bytes: bytes, items: &query.items)
        let bound = try bindParameters(compiled, query: query, route: routed.match, bytes: bytes, offsets: offsets)
        return AcceptedRequest(
            actionName: compiled.action.name,
            convention: compiled.action.convention,
            parameters: bound.parameters,
            callbackURLs: callbacks,
            callerName: callerName,
            signature: signature,
            url: url,
            undeclaredParameters: bound.undeclared
        )
    }

    /// Decides one incoming URL, including the one-time check of a signed request's `rt-id`.
    ///
    /// - Parameters:
    ///   - url: The URL exactly as received.
    ///   - source: The source application's bundle ID, or `nil`.
    ///   - now: The current time.
    ///   - replayGuard: Where seen `rt-id`s are kept; `nil` skips the replay check.
    /// - Throws: ``RoundtripError``; `replayed` when the `rt-id` was seen before. The replay
    ///   guard's own error when it cannot decide, unchanged: a ``FileReplayGuard``'s
    ///   ``StorageError`` (`unsafe-folder`, `lock-timeout`, `protected-data-unavailable`…), so a
    ///   storage problem is never mistaken for a replay.
    public func handle(
        _ url: String,
        source: String? = nil,
        now: Date = Date(),
        replayGuard: (any ReplayGuard)?
    ) async throws -> AcceptedRequest {
        let request = try evaluate(url, source: source, now: now)
        if let signature = request.signature, let replayGuard {
            let expiry = Date(timeIntervalSince1970: TimeInterval(signature.timestamp) + signatureWindow)
            try await replayGuard.admit(requestID: "\(signature.keyID)/\(signature.requestID)", until: expiry, now: now)
        }
        return request
    }

    // MARK: - Steps

    /// Checks the size limits and splits the URL. The length is checked first; the parameter
    /// count comes from the `&`s the split counts in its one pass over the bytes, and is checked
    /// before the split's own verdict, so a URL with too many parameters is `too-large` whatever
    /// else is wrong with it, as if the limits had been checked in a pass of their own.
    private func splitWithinLimits(_ url: String) throws(RoundtripError) -> URLSplit {
        let limits = storage.limits
        try limits.checkLength(url.utf8.count)
        var text = Substring(url)
        let offsets = text.withUTF8 { bytes -> Result<URLSplit.Offsets, RoundtripError> in
            let parsed = URLSplit.parse(bytes)
            let ampersands: Int
            switch parsed {
            case .success(let offsets): ampersands = offsets.ampersands
            case .failure: ampersands = QueryLimits.ampersands(in: bytes)
            }
            do throws(RoundtripError) {
                try limits.checkParameterCount(ampersands: ampersands)
            } catch {
                return .failure(error)
            }
            return parsed
        }
        return URLSplit(text: text, offsets: try offsets.get())
    }

    /// Where the route step led. A struct, not a tuple: the compiler destroys a tuple this
    /// large through its type metadata, a measurable part of a decision.
    private struct Routed {
        /// The route's match: its placeholders' values.
        let match: Router.ByteMatch
        /// The action decided on.
        let actionIndex: Int
        /// Where in the URL the item that selected the action starts, when one did: decoding the
        /// query passes over it.
        let selectItem: Int?
    }

    /// The route step: the action at the URL's scheme, host and path, and, among actions that
    /// share the route, the one whose `select` pairs the query carries (only routes with such
    /// actions read the query here).
    private func route(
        _ split: URLSplit,
        bytes: UnsafeBufferPointer<UInt8>,
        offsets: URLSplit.Offsets
    ) throws(RoundtripError) -> Routed {
        guard let match = storage.router.route(bytes, offsets) else { throw unknownRoute(split) }
        guard let selection = match.selection else {
            guard let only = match.actionIndex else { throw unknownRoute(split) }
            return Routed(match: match, actionIndex: only, selectItem: nil)
        }
        let query = offsets.query.map { UnsafeBufferPointer(rebasing: bytes[$0]) }
        guard let selected = try storage.router.select(selection, fallback: match.actionIndex, query: query) else {
            throw unselected(split, selection: selection)
        }
        let selectItem = selected.selectItem.flatMap { item in offsets.query.map { $0.lowerBound + item } }
        return Routed(match: match, actionIndex: selected.actionIndex, selectItem: selectItem)
    }

    /// An incoming query as the action reads it: its items, each with the declared parameter it
    /// names, or for a `query-value` action the whole query decoded as one value.
    private struct ReadQuery {
        var items: [IncomingItem] = []
        var wholeValue: String?
    }

    /// The query decoding step.
    private func readQuery(
        for compiled: CompiledAction,
        bytes: UnsafeBufferPointer<UInt8>,
        offsets: URLSplit.Offsets,
        passingOver selectItem: Int?
    ) throws(RoundtripError) -> ReadQuery {
        var query = ReadQuery()
        if let range = offsets.query {
            if let rule = compiled.slots.queryValueRule {
                query.wholeValue = try Self.decodeWhole(UnsafeBufferPointer(rebasing: bytes[range]), rule: rule)
            } else {
                query.items = try compiled.decodeQuery(bytes, range, passingOver: selectItem)
            }
        }
        // The select pairs chose the action: they are consumed, neither declared nor reported.
        // Decoding the query passed over them, unless one has a parameter's name.
        if compiled.select.shadowsParameter {
            let names = compiled.select.names
            query.items.removeAll { item in names.contains(item.name) }
        }
        return query
    }

    /// The parameters step: the query items left after the signature and callbacks, the route's
    /// placeholders, the whole-query value and the fragment each bound to its parameter and
    /// parsed; then the `requires-one-of` and `exclusive` groups checked and the defaults filled
    /// in.
    private func bindParameters(
        _ compiled: CompiledAction,
        query: ReadQuery,
        route match: Router.ByteMatch,
        bytes: UnsafeBufferPointer<UInt8>,
        offsets: URLSplit.Offsets
    ) throws(RoundtripError) -> (parameters: RequestParameters, undeclared: [QueryItem]) {
        var binding = ParameterBinding(compiled, bytes: bytes)
        try binding.bind(query.items)
        try binding.bindRoute(match, host: offsets.host)
        try binding.bindQueryValue(query.wholeValue)
        try binding.bindFragment(offsets.fragment.map { UnsafeBufferPointer(rebasing: bytes[$0]) })
        if !compiled.parameters.requiredGroups.isEmpty { try binding.checkRequiredGroups() }
        if !compiled.parameters.exclusiveGroups.isEmpty { try binding.checkExclusiveGroups() }
        try binding.applyDefaults()
        return binding.finish()
    }

    /// Decodes a whole query or fragment that is one value, with its rule's options: line
    /// breaks and tabs for a `multiline` value, `+` as a space for a `query-value` under
    /// `query-encoding: form`.
    static func decodeWhole(_ text: UnsafeBufferPointer<UInt8>, rule: ParameterRule) throws(RoundtripError) -> String {
        do {
            return try PercentDecoding.decode(text, options: rule.decoding)
        } catch {
            throw RoundtripError(.invalidEncoding, error.message(for: "the value '\(rule.spec.name)'"), parameter: rule.spec.name)
        }
    }

    /// Removes the convention's callback parameters from `items` and checks each callback.
    private func takeCallbacks(
        _ compiled: CompiledAction,
        bytes: UnsafeBufferPointer<UInt8>,
        items: inout [IncomingItem]
    ) throws(RoundtripError) -> (callbacks: RequestCallbacks, callerName: String?) {
        func take(_ name: String) -> String? {
            // A loaded spec never declares a callback parameter, so items bound to a declared
            // parameter are skipped without comparing names; an action built in code that does
            // declare one still has it taken, as before.
            let found =
                compiled.callbacks.declaresCallbackName
                ? items.firstIndex(where: { $0.name == name }) : items.firstIndex(where: { $0.position == nil && $0.name == name })
            guard let position = found else { return nil }
            return items.remove(at: position).text(in: bytes)
        }
        let policy = compiled.callbacks.matchesExactly ? storage.exactCallbackPolicy : storage.callbackPolicy
        if compiled.callbacks.isCustom {
            // A `json` parameter stays a parameter: its member is the callback.
            func peek(_ name: String) -> String? { items.first { $0.name == name }?.text(in: bytes) }
            return (try CustomRules.takeCallbacks(take, peek: peek, of: compiled.action, policy: policy), nil)
        }
        return try compiled.action.convention.rules.takeCallbacks(take, of: compiled.action, policy: policy)
    }

    /// Why a route whose actions all have `select` took none: the query carries no action's pairs.
    private func unselected(_ split: URLSplit, selection: Int) -> RoundtripError {
        let base = ParameterParsing.abbreviated(String(split.base))
        return RoundtripError(
            .unknownRoute,
            "no action at '\(base)' is selected by the query: \(storage.router.expectedPairs(selection)); every action there has 'select' pairs, and there is no action without them"
        )
    }

    private func unknownRoute(_ split: URLSplit) -> RoundtripError {
        if split.offsets.userInfo != nil || split.offsets.port != nil {
            return RoundtripError(.unknownRoute, Self.authorityExtras(split))
        }
        let base = split.base
        var message = "no action is routed at '\(ParameterParsing.abbreviated(String(base)))'"
        if storage.router.knowsHost(of: split) {
            let toggled = split.path.hasSuffix("/") ? String(base.dropLast()) : base + "/"
            if let near = try? URLSplit(toggled), let match = storage.router.route(near) {
                message += "; did you mean '\(toggled)' (action '\(spec.actions[match.actionIndex].name)')? Paths match exactly"
            } else {
                message += "; the app has actions at this scheme and host but not at the path '\(ParameterParsing.abbreviated(String(split.path)))'"
            }
        }
        return RoundtripError(.unknownRoute, message)
    }

    /// Why a URL with user-info or a port matches no route. The user-info is never echoed (it
    /// may hold a password); the URL is shown without it.
    static func authorityExtras(_ split: URLSplit) -> String {
        var shown = "\(split.scheme)://\(split.host)"
        if let port = split.port { shown += ":\(port)" }
        shown += split.path
        let userInfo = "user-info (text before '@' in its authority)"
        let port = split.port.map { $0.isEmpty ? "an empty port (a ':' after its host)" : "a port (\($0))" }
        let reason =
            switch (split.userInfo != nil, port) {
            case (true, let port?): "the URL has \(userInfo) and \(port); no route has either"
            case (true, nil): "the URL has \(userInfo); no route has user-info"
            case (false, let port): "the URL has \(port ?? "a port"); no route has a port"
            }
        return "no action is routed at '\(ParameterParsing.abbreviated(shown))': \(reason)"
    }

}

/// A declared parameter with what is precomputed for it: numeric bounds, the decoding options
/// of its values, and, on the receiving side, its secret.
final class ParameterRule: Sendable {
    let spec: ParameterSpec
    let bounds: NumericBounds?
    /// A `secret` parameter's expected value; `nil` where values are built rather than checked.
    let secret: ParameterSecret?
    /// Which control characters its decoded values may hold (line breaks and tabs for
    /// `multiline`, line breaks for a `newline` list).
    let decoding: PercentDecoding.Options

    init(_ spec: ParameterSpec, secret: ParameterSecret? = nil, queryEncoding: QueryEncoding = .rfc3986) {
        self.spec = spec
        self.secret = secret
        bounds = NumericBounds(spec)
        decoding = PercentDecoding.Options(parameter: spec, queryEncoding: queryEncoding)
    }
}

/// The positions of the declared parameters that received a value: a bit set for the first 64,
/// so the defaults pass of ``Endpoint/evaluate(_:source:now:)`` skips them without hashing names.
/// Positions past 64 are never recorded, and the caller then looks the name up as before.
struct GivenParameters {
    private var bits: UInt64 = 0

    mutating func insert(_ position: Int) {
        if position < 64 { bits |= 1 << UInt64(position) }
    }

    func contains(_ position: Int) -> Bool {
        position < 64 && bits & (1 << UInt64(position)) != 0
    }
}
