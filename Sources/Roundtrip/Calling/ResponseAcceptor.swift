import Foundation

/// The calling side's decision on an incoming callback: accept only the genuine answer, once.
///
/// The checks run in this order, and nothing is consumed until all of them pass, so a forged or
/// malformed callback never uses up the genuine pending request:
///
/// 1. size limits (`too-large`), before any parsing;
/// 2. URL syntax (`malformed-url`, `invalid-encoding`); callbacks never carry a fragment;
/// 3. query decoding (`invalid-encoding`), a second `rt-state` or any other `rt-` parameter
///    but the answer signature's (`reserved-parameter`), repeated names (`duplicate-parameter`);
/// 4. the ledger: the exact callback base and the nonce (`unsolicited-response`,
///    `nonce-mismatch`, `replayed`, `expired`); without `rt-state`, the nonce a `custom`
///    action's `state-parameter` echoes, for a request sent to that base;
/// 5. the answer signature, when the partner's spec required one as the request was made (see
///    ``PendingRequest/answers``): `missing-signature`, `bad-signature`, `expired` for an `rt-ts`
///    over 300 s from now; signature parameters on an answer that is not signed are
///    `reserved-parameter`;
/// 6. the response's shape: the caller's own callback parameters unchanged
///    (`reserved-parameter`), return-url parameters carry the response prefix
///    (`unknown-parameter`) and a declared `<prefix>responseType` (`missing-parameter`,
///    `invalid-parameter`); a `custom` answer is read in the shape the ledger recorded (query
///    fields, one JSON object, or a filled template), its outcome word mapped back to the
///    outcome (`unknown-outcome` for a word the spec does not list), and checked against
///    `returns` or `error-returns`;
/// 7. consume, exactly once (`replayed` for the loser of a race).
///
/// This mirrors OAuth for native apps: exact redirect matching and a one-time state
/// (RFC 8252 section 8.9–8.10; RFC 9700 section 4.7).
public struct ResponseAcceptor: Sendable {
    /// The ledger of pending requests.
    public let ledger: any LedgerStore
    /// The size limits.
    public let limits: QueryLimits
    /// Resolves a partner's HMAC answer key recorded by reference (a `keychain` account); an
    /// Ed25519 public key is recorded in the ledger itself and needs no resolver.
    public let keys: any KeyResolver

    /// Creates an acceptor over a ledger.
    ///
    /// - Parameters:
    ///   - ledger: The ledger of pending requests.
    ///   - limits: The size limits.
    ///   - keys: Resolves HMAC answer keys recorded by reference; on Apple platforms
    ///     `KeychainKeyResolver` reads `keychain` keys.
    public init(ledger: any LedgerStore, limits: QueryLimits = .default, keys: any KeyResolver = EnvironmentKeyResolver()) {
        self.ledger = ledger
        self.limits = limits
        self.keys = keys
    }

    /// Accepts a callback and consumes its pending request.
    ///
    /// - Parameters:
    ///   - url: The callback URL exactly as received.
    ///   - now: The current time.
    /// - Returns: The outcome, the response parameters and the request with its continuation.
    /// - Throws: ``RoundtripError`` with the code of the first failed check; ``StorageError``
    ///   when the ledger cannot be read or written, or is damaged.
    public func accept(_ url: String, now: Date = Date()) async throws -> AcceptedResponse {
        try limits.check(url)
        let split = try URLSplit(url)
        if split.fragment != nil {
            throw RoundtripError(.malformedURL, "the callback has a fragment ('#…'); Roundtrip's callbacks never carry one")
        }
        // Line breaks and tabs are let through here and refused below unless the partner action
        // returns a `multiline` value under that name.
        var lineBreaks = PercentDecoding.Options.multiline
        lineBreaks.allowsLoneCarriageReturn = true
        var items = try QueryCodec.decode(split.query ?? "", allowDuplicates: true, options: lineBreaks)
        var state: String?
        for item in items {
            if item.name == ReservedNames.state {
                guard state == nil else {
                    throw RoundtripError(
                        .reservedParameter,
                        "the callback carries rt-state twice; a response may not add its own",
                        parameter: ReservedNames.state
                    )
                }
                state = item.value ?? ""
            } else if ReservedNames.isReserved(item.name), !AnswerSignature.parameters.contains(item.name) {
                throw RoundtripError(
                    .reservedParameter,
                    "the callback carries '\(ParameterParsing.abbreviated(item.name))', which is in Roundtrip's reserved 'rt-' namespace",
                    parameter: item.name
                )
            }
        }
        if state == nil { state = try await echoedState(in: items, url: url, split: split, now: now) }
        let match = try await ledger.find(answeredBy: split, state: state, now: now)
        try AnswerSignature.verify(split, items: &items, requirement: match.request.answers, keys: keys, partner: match.request.partner, now: now)
        // Only a returned `repeated` list may repeat its name.
        let rules = match.request.convention.rules
        let repeatable = Set(
            (try match.request.returns() ?? []).filter { $0.list == .repeated }.map { rules.wireName(of: $0.name, request: match.request) }
        )
        if let duplicate = QueryCodec.firstDuplicateName(in: repeatable.isEmpty ? items : items.filter { !repeatable.contains($0.name) }) {
            throw RoundtripError(.duplicateParameter, "the parameter '\(duplicate)' appears more than once", parameter: duplicate)
        }
        // By wire name, each `multiline` value's options (`multiline: any` also takes a lone CR).
        var multiline: [String: PercentDecoding.Options] = [:]
        for value in try match.request.returns() ?? [] where value.isMultiline {
            multiline[rules.wireName(of: value.name, request: match.request)] = PercentDecoding.Options(parameter: value, queryEncoding: .rfc3986)
        }
        for item in items {
            guard let failure = PercentDecoding.forbiddenCharacter(in: item.value ?? "", options: multiline[item.name] ?? .strict) else { continue }
            throw RoundtripError(.invalidEncoding, failure.message(for: "the parameter '\(item.name)'"), parameter: item.name)
        }
        let (outcome, word, parameters) = try interpret(items, url: url, match: match)
        var returns: [String: ParameterValue]?
        let isSuccess = outcome == match.request.convention.successOutcome(among: match.request.outcomes)
        // A custom answer's other outcomes are checked against `error-returns` when declared;
        // echoed request values are the caller's own, never declared.
        if let declared = isSuccess ? try match.request.returns() : try match.request.errorReturns() {
            let echo = match.request.answer?.echo ?? []
            returns = try ReturnedValues.check(
                echo.isEmpty ? parameters : parameters.filter { !echo.contains($0.name) },
                against: declared,
                action: match.request.action
            )
        }
        let consumed = try await ledger.consume(nonce: match.request.nonce, now: now)
        return AcceptedResponse(outcome: outcome, parameters: parameters.dictionary, request: consumed, url: url, returns: returns, word: word)
    }

    /// Reads the outcome and response parameters, checking the caller's own parameters survived.
    /// The outcome, the partner's word for it (a `custom` answer's outcome field) and the
    /// answer's own parameters (unprefixed), in order.
    private func interpret(
        _ items: [QueryItem],
        url: String,
        match: LedgerMatch
    ) throws(RoundtripError) -> (outcome: String, word: String?, parameters: [QueryItem]) {
        let request = match.request
        if let template = request.callbackTemplate {
            // The answer is the template with its placeholders filled; its literal text is the
            // caller's own and must be unchanged.
            var fields = try URLTemplate.fields(in: url, template: template)
            let templateNames = Set(fields.map(\.name))
            fields += items.filter { $0.name != ReservedNames.state && !templateNames.contains($0.name) && !template.contains($0.name + "=") }
            return try read(fields, request: request, callbackKey: match.callbackKey)
        }
        var own: [QueryItem] = []
        if let sent = request.callbacks[match.callbackKey], let query = try URLSplit(sent).query {
            own = try QueryCodec.decode(query, allowDuplicates: true)
        }
        for item in own where !items.contains(item) {
            throw RoundtripError(
                .reservedParameter,
                "the callback's own parameter '\(item.name)' was changed or removed; a response never overwrites the caller's parameters",
                parameter: item.name
            )
        }
        let answer = items.filter { $0.name != ReservedNames.state && !own.contains($0) }.map { QueryItem(name: $0.name, value: $0.value ?? "") }
        return try read(answer, request: request, callbackKey: match.callbackKey)
    }

    /// The answer read by the convention's rules; a `custom` answer (whose shape the ledger
    /// recorded) keeps the word it said its outcome with, since a partner may have several
    /// words for one outcome (`declined` and `failed` for `error`).
    private func read(
        _ answer: [QueryItem],
        request: PendingRequest,
        callbackKey: String
    ) throws(RoundtripError) -> (outcome: String, word: String?, parameters: [QueryItem]) {
        if let shape = request.answer {
            return try CustomAnswer.interpret(answer, shape: shape, request: request, callbackKey: callbackKey)
        }
        let (outcome, parameters) = try request.convention.rules.interpret(answer, request: request, callbackKey: callbackKey)
        return (outcome, nil, parameters)
    }
}

extension ResponseAcceptor {
    /// The nonce an answer carries in a `custom` action's `state-parameter` (an echoed field), for
    /// a partner that keeps no query of the callback: read in the shape of each request sent to
    /// the callback's base that has one, answered and expired ones included, so that a replay is
    /// `replayed` and a late answer `expired`; `nil` when none reads.
    ///
    /// - Complexity: O(*k*) for the *k* requests sent to that base; run only for an answer without `rt-state`.
    private func echoedState(in items: [QueryItem], url: String, split: URLSplit, now: Date) async throws -> String? {
        for request in try await ledger.requests(answeredAt: split, now: now) {
            guard let name = request.stateParameter, let shape = request.answer else { continue }
            if let state = CustomAnswer.echoedState(name, in: items, url: url, shape: shape, template: request.callbackTemplate) {
                return state
            }
        }
        return nil
    }
}

extension [QueryItem] {
    /// The items by name (the last value of a repeated name).
    fileprivate var dictionary: [String: String] {
        var values: [String: String] = [:]
        for item in self { values[item.name] = item.value ?? "" }
        return values
    }
}
