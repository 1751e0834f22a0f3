import Foundation

/// Builds the callback URL that answers an accepted request: the "come back" of a round trip.
///
/// The response is appended to the caller's callback URL without touching the caller's own query
/// items (its `rt-state` nonce included):
/// - x-callback-url: the `x-success`/`x-error`/`x-cancel` URL with the response parameters; an
///   error carries `errorCode` and `errorMessage`.
/// - ULC: the `ulc-success` or `ulc-error` URL as given; Imprivata's Universal Link Callback page appends nothing.
/// - return-url: the return URL with `<prefix>responseType=<outcome>` and `<prefix><name>` for each
///   response parameter (as in InnerFence's "2-way app integration on the iPhone": `my-return-url://?record_id=123&ifcc_responseType=declined`).
///
/// When the action's `answers` say so, the answer is signed last: `&rt-kid=K&rt-ts=T&rt-sig=S`
/// over the exact bytes before `&rt-sig=`, the caller's `rt-state` included (see
/// ``AnswerSignature``), so the caller can tell it from an answer forged by an app that hijacked
/// the custom scheme.
public enum ResponseBuilder {
    /// Builds the callback URL for an outcome.
    ///
    /// - Parameters:
    ///   - request: The accepted request being answered.
    ///   - action: Its action (for the return-url prefix and outcomes).
    ///   - outcome: `success`, `error` or `cancel`; for return-url any declared outcome, where
    ///     `success` means the first declared outcome, `cancel` means `cancelled` and `error` means
    ///     `error` when declared.
    ///   - parameters: Response parameters, unprefixed.
    ///   - signer: The key id and key that sign the answer, when the action's `answers` sign it.
    ///   - now: The signing time (`rt-ts`).
    /// - Returns: The URL to open.
    /// - Throws: ``RoundtripError`` `missing-callback` when the request gave no URL for the outcome,
    ///   `invalid-parameter` for an outcome the convention does not have or parameters a ULC cannot
    ///   carry, `reserved-parameter` for `rt-` names or names the callback already carries;
    ///   `missing-signature` when the action requires signed answers and no signer is given;
    ///   `bad-signature` for a signer of another key than the action's `answers.key`, or a signer
    ///   given for an action that does not sign its answers.
    /// - Complexity: O(*n*) in the length of the callback URL, and one signature.
    public static func callbackURL(
        answering request: AcceptedRequest,
        action: Action,
        outcome: String,
        parameters: [QueryItem] = [],
        signer: RequestSigner? = nil,
        now: Date = Date()
    ) throws(RoundtripError) -> String {
        let answers = action.answers
        switch (answers.signatures, signer) {
        case (.off, let signer?):
            throw RoundtripError(
                .badSignature,
                "the action '\(action.name)' does not sign its answers (answers.signatures is off), so the caller would refuse '\(signer.keyID)''s rt-kid, rt-ts and rt-sig",
                parameter: ReservedNames.keyID
            )
        case (.required, nil):
            throw RoundtripError(
                .missingSignature,
                "the action '\(action.name)' signs its answers (answers.signatures: required); give a signer for key '\(answers.keyID ?? "")'"
            )
        case (_, let signer?) where signer.keyID != answers.keyID:
            throw RoundtripError(
                .badSignature,
                "the action '\(action.name)' signs its answers with key '\(answers.keyID ?? "")', not '\(signer.keyID)'",
                parameter: ReservedNames.keyID
            )
        default:
            break
        }
        let url = try unsignedCallbackURL(answering: request, action: action, outcome: outcome, parameters: parameters)
        guard let signer else { return url }
        return try AnswerSignature.sign(url, keyID: signer.keyID, key: signer.key, timestamp: Int64(now.timeIntervalSince1970.rounded(.down)))
    }

    /// The callback URL for an outcome, before any answer signature.
    private static func unsignedCallbackURL(
        answering request: AcceptedRequest,
        action: Action,
        outcome: String,
        parameters: [QueryItem]
    ) throws(RoundtripError) -> String {
        for item in parameters where ReservedNames.isReserved(item.name) {
            throw RoundtripError(
                .reservedParameter,
                "response parameters may not use Roundtrip's 'rt-' namespace ('\(item.name)')",
                parameter: item.name
            )
        }
        // Only a returned `repeated` list may give its name more than once.
        let repeatable = Set((action.returns ?? []).filter { $0.list == .repeated }.map(\.name))
        if let duplicate = QueryCodec.firstDuplicateName(in: repeatable.isEmpty ? parameters : parameters.filter { !repeatable.contains($0.name) }) {
            throw RoundtripError(.duplicateParameter, "the response parameter '\(duplicate)' is given twice", parameter: duplicate)
        }
        // A returned `multiline` value may hold line breaks and tabs; nothing else may.
        // By name, each `multiline` value's options (`multiline: any` also takes a lone CR).
        var multiline: [String: PercentDecoding.Options] = [:]
        for value in action.returns ?? [] where value.isMultiline {
            multiline[value.name] = PercentDecoding.Options(parameter: value, queryEncoding: .rfc3986)
        }
        for item in parameters {
            if let failure = PercentDecoding.forbiddenCharacter(in: item.name) {
                // The name is not echoed: it holds the character.
                throw RoundtripError(.invalidEncoding, failure.message(for: "the name of a response parameter"), parameter: item.name)
            }
            let options = multiline[item.name]
            let isMultiline = options != nil
            if let failure = PercentDecoding.forbiddenCharacter(in: item.value ?? "", options: options ?? .strict) {
                var message = failure.message(for: "the response parameter '\(item.name)'")
                if !isMultiline,
                    [.controlCharacter(scalar: 0x0A), .controlCharacter(scalar: 0x0D), .controlCharacter(scalar: 0x09)].contains(failure)
                {
                    message += "; only a value the action returns as 'multiline' may hold line breaks and tabs"
                }
                throw RoundtripError(.invalidEncoding, message, parameter: item.name)
            }
        }
        return try action.convention.rules.callbackURL(answering: request, action: action, outcome: outcome, parameters: parameters)
    }

    /// Maps `success`/`error`/`cancel` and declared names onto a return-url action's outcomes.
    public static func resolveOutcome(_ outcome: String, of action: Action) throws(RoundtripError) -> String {
        if action.outcomes.contains(outcome) { return outcome }
        let alias: String? =
            switch outcome {
            case "success": action.outcomes.first
            case "cancel": action.outcomes.contains("cancelled") ? "cancelled" : nil
            case "error": action.outcomes.contains("error") ? "error" : nil
            default: nil
            }
        guard let alias else {
            throw RoundtripError(
                .invalidParameter,
                "the action '\(action.name)' has the outcomes \(action.outcomes.joined(separator: ", ")), not '\(outcome)'",
                parameter: "outcome"
            )
        }
        return alias
    }

    /// Appends items to a URL's query, refusing names the URL already carries.
    static func append(_ items: [QueryItem], to url: String) throws(RoundtripError) -> String {
        let split = try URLSplit(url)
        if let query = split.query, !items.isEmpty {
            let existing = (try? QueryCodec.decode(query, allowDuplicates: true)) ?? []
            if let clash = items.first(where: { item in existing.contains { $0.name == item.name } }) {
                throw RoundtripError(
                    .reservedParameter,
                    "the callback URL already carries '\(clash.name)'; a response never overwrites the caller's own parameters",
                    parameter: clash.name
                )
            }
        }
        guard !items.isEmpty else { return url }
        let encoded = QueryCodec.encode(items)
        var base = String(split.text[..<(split.fragment.map { split.text.index(before: $0.startIndex) } ?? split.text.endIndex)])
        if let query = split.query {
            base += query.isEmpty ? encoded : "&" + encoded
        } else {
            base += "?" + encoded
        }
        if let fragment = split.fragment { base += "#" + fragment }
        return base
    }
}
