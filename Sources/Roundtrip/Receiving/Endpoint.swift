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
///    `forbidden-callback`, `reserved-parameter`);
/// 8. the action's parameters (`unknown-parameter`, `invalid-parameter`, `missing-parameter`,
///    also for a `requires-one-of` group of which none is present).
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

    /// Everything the endpoint compiled, behind one reference: an `Endpoint` is copied into the
    /// closures of the hot path, and a copy of a struct with these fields inline cost a retain
    /// and a release per field on every URL.
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

    /// An action with its parameter lookup table; a class, so that looking it up on the hot path
    /// costs one retain instead of copying every field of the ``Action``.
    final class CompiledAction: Sendable {
        let action: Action
        let parameterIndex: [String: Int]
        /// Parameter names in declaration order, for a linear scan when there are few.
        let parameterNames: [String]
        /// Each parameter with its numeric bounds precomputed, held by reference so the hot path
        /// never copies a `ParameterSpec`.
        let rules: [ParameterRule]
        /// Parameters that are route placeholders (and so may not also be in the query).
        let placeholderNames: Set<String>
        /// The UTF-8 bytes of the declared names, back to back, and each name's range in them:
        /// incoming names are matched on their raw bytes before any `String` is made. Empty (so
        /// every name takes the `String` path) when there are more than 16 names or one is not ASCII.
        let nameBytes: [UInt8]
        let nameRanges: [Range<Int>]
        /// The rules of the `query-value` and `fragment` parameters, made once like ``rules``.
        let queryValueRule: ParameterRule?
        let fragmentRule: ParameterRule?
        /// The names of the value slots a decision fills: the parameters by position, then the
        /// `query-value` and the `fragment` value when the action has them.
        let slotNames: [String]
        /// The slots of the `query-value` and `fragment` values.
        let queryValueSlot: Int?
        let fragmentSlot: Int?
        /// By position: the `query-value` or `fragment` slot under the same name, if any (a
        /// loaded spec refuses that; an action built in code may have it, and then that value
        /// stands in for the parameter's default).
        let sameNameSlot: [Int?]
        /// How `+` in this action's query reads.
        let queryEncoding: QueryEncoding
        /// By position: whether the parameter is a `repeated` list, whose name may appear more than once.
        let repeatable: [Bool]
        /// Whether any parameter is a `repeated` list.
        let hasRepeatable: Bool
        /// Whether a declared parameter has the name of one of the convention's callback
        /// parameters (only an action built in code can: the loader refuses it).
        let declaresCallbackName: Bool
        /// By position: whether the parameter is a prefix (`fld*`), whose values each keep the
        /// name they came under.
        let isPrefix: [Bool]
        /// The positions of the prefix parameters, in declaration order; empty for most actions,
        /// whose decisions then never look at a prefix.
        let prefixPositions: [Int]
        /// Whether any parameter is a prefix.
        let hasPrefixes: Bool
        /// The `requires-one-of` groups, by the positions of their parameters.
        let requiredGroups: [[Int]]
        /// The names of the action's `select` pairs. The route's selection read them to choose
        /// this action, so decoding the query passes over them: they are neither declared nor
        /// reported.
        let selectNames: [String]
        /// ``selectNames`` for a query item's raw name.
        let selectRawNames: RawNames
        /// ``Action/selectShadowsParameter``.
        let selectShadowsParameter: Bool

        init(action: Action, keys: any KeyResolver) {
            self.action = action
            var index: [String: Int] = [:]
            for (position, parameter) in action.parameters.enumerated() { index[parameter.name] = position }
            parameterIndex = index
            parameterNames = action.parameters.map(\.name)
            queryEncoding = action.queryEncoding
            func rule(_ parameter: ParameterSpec, queryEncoding: QueryEncoding) -> ParameterRule {
                ParameterRule(
                    parameter,
                    secret: parameter.type == .secret ? ParameterSecret(for: parameter, keys: keys) : nil,
                    queryEncoding: queryEncoding
                )
            }
            rules = action.parameters.map { rule($0, queryEncoding: action.queryEncoding) }
            repeatable = action.parameters.map { $0.list == .repeated }
            hasRepeatable = repeatable.contains(true)
            let callbackNames = Set(action.convention.reservedParameters + [action.returnParameter])
            declaresCallbackName = action.parameters.contains { parameter in
                callbackNames.contains(parameter.name) || callbackNames.contains { parameter.matchesPrefix($0) }
            }
            let prefixes = action.parameters.map(\.isPrefix)
            isPrefix = prefixes
            prefixPositions = prefixes.indices.filter { prefixes[$0] }
            hasPrefixes = !prefixPositions.isEmpty
            requiredGroups = action.requiresOneOf.map { group in group.compactMap { name in index[name] } }.filter { !$0.isEmpty }
            placeholderNames = Set(action.routes.flatMap(\.placeholderNames))
            selectNames = action.select.map(\.name)
            selectRawNames = RawNames(selectNames)
            selectShadowsParameter = action.selectShadowsParameter
            var bytes: [UInt8] = []
            var ranges: [Range<Int>] = []
            if parameterNames.count <= 16, parameterNames.allSatisfy({ $0.utf8.allSatisfy { $0 < 0x80 } }) {
                for name in parameterNames {
                    ranges.append(bytes.count..<(bytes.count + name.utf8.count))
                    bytes.append(contentsOf: name.utf8)
                }
            }
            nameBytes = bytes
            nameRanges = ranges
            queryValueRule = action.queryValue.map { rule($0, queryEncoding: action.queryEncoding) }
            // A fragment is not part of the query: its `+` is a plus whatever the query encoding.
            fragmentRule = action.fragment.map { rule($0, queryEncoding: .rfc3986) }
            var names = action.parameters.map(\.name)
            let wholeValueSlots = [action.queryValue, action.fragment].map { value in
                value.map {
                    names.append($0.name)
                    return names.count - 1
                }
            }
            queryValueSlot = wholeValueSlots[0]
            fragmentSlot = wholeValueSlots[1]
            slotNames = names
            sameNameSlot = action.parameters.map { parameter in
                wholeValueSlots.compactMap { $0 }.first { names[$0] == parameter.name }
            }
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

    /// ``evaluate(_:source:now:)`` after the limits and the split, with the URL's bytes.
    private func decide(
        _ url: String,
        split: URLSplit,
        bytes: UnsafeBufferPointer<UInt8>,
        offsets: URLSplit.Offsets,
        source: String?,
        now: Date?
    ) throws(RoundtripError) -> AcceptedRequest {
        guard let match = storage.router.route(bytes, offsets) else { throw unknownRoute(split) }
        let actionIndex: Int
        // Where in the URL the item that selected the action starts, when one did.
        var selectItem: Int?
        if let selection = match.selection {
            // Actions told apart by `select` pairs: only routes that have them read the query here.
            let query = offsets.query.map { UnsafeBufferPointer(rebasing: bytes[$0]) }
            guard let selected = try storage.router.select(selection, fallback: match.actionIndex, query: query) else {
                throw unselected(split, selection: selection)
            }
            actionIndex = selected.actionIndex
            selectItem = selected.selectItem.flatMap { item in offsets.query.map { $0.lowerBound + item } }
        } else if let only = match.actionIndex {
            actionIndex = only
        } else {
            throw unknownRoute(split)
        }
        // Held by reference and read field by field: binding `compiled.action` to a local
        // copied the whole `Action` (a retain per field) on every URL.
        let compiled = storage.compiledAction(actionIndex)
        try compiled.action.sources.check(source)

        var items: [IncomingItem] = []
        var queryValueText: String?
        if let query = offsets.query {
            if let rule = compiled.queryValueRule {
                queryValueText = try Self.decodeWhole(UnsafeBufferPointer(rebasing: bytes[query]), rule: rule)
            } else {
                items = try compiled.decodeQuery(bytes, query, passingOver: selectItem)
            }
        }
        // The select pairs chose the action: they are consumed, neither declared nor reported.
        // Decoding the query passed over them, unless one has a parameter's name.
        if compiled.selectShadowsParameter {
            let names = compiled.selectNames
            items.removeAll { item in names.contains(item.name) }
        }
        let signature = try storage.signatures.verify(
            split: split,
            bytes: bytes,
            items: &items,
            requirement: compiled.action.signatures,
            actionName: compiled.action.name,
            now: now
        )

        let (callbacks, callerName) = try takeCallbacks(compiled, bytes: bytes, items: &items)

        var binding = ParameterBinding(compiled, bytes: bytes)
        try binding.bind(items)
        try binding.bindRoute(match, host: offsets.host)
        try binding.bindQueryValue(queryValueText)
        try binding.bindFragment(offsets.fragment.map { UnsafeBufferPointer(rebasing: bytes[$0]) })
        if !compiled.requiredGroups.isEmpty { try binding.checkRequiredGroups() }
        try binding.applyDefaults()
        return AcceptedRequest(
            actionName: compiled.action.name,
            convention: compiled.action.convention,
            parameters: RequestParameters(names: compiled.slotNames, values: binding.values, prefixed: binding.prefixed),
            callbackURLs: callbacks,
            callerName: callerName,
            signature: signature,
            url: url,
            undeclaredParameters: binding.undeclared
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
                compiled.declaresCallbackName
                ? items.firstIndex(where: { $0.name == name }) : items.firstIndex(where: { $0.position == nil && $0.name == name })
            guard let position = found else { return nil }
            return items.remove(at: position).text(in: bytes)
        }
        let policy = compiled.action.callbackMatch == .exact ? storage.exactCallbackPolicy : storage.callbackPolicy
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

extension Endpoint.CompiledAction {
    /// The index of a declared parameter: a linear scan of short names beats hashing for the
    /// handful of parameters most actions have.
    func position(of name: String) -> Int? {
        if parameterNames.count <= 16 { return parameterNames.firstIndex(of: name) }
        return parameterIndex[name]
    }

    /// The prefix parameter (`fld*`) that stands for an undeclared name (`fldFront`), if any. A
    /// loaded spec has no two prefixes of which one starts the other, so at most one matches.
    ///
    /// - Complexity: O(*p*) byte comparisons for prefixes of *p* bytes in all; nothing for an
    ///   action without prefixes.
    func prefixPosition(of name: String) -> Int? {
        guard hasPrefixes else { return nil }
        for position in prefixPositions where rules[position].spec.matchesPrefix(name) { return position }
        return nil
    }
}
