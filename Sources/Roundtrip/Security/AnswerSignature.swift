import Foundation

/// Answer signatures: a partner's callback ends with `…&rt-kid=K&rt-ts=T&rt-sig=S`, where `S`
/// is base64url (no padding) of HMAC-SHA256 or Ed25519 over the exact bytes of the callback URL
/// before `&rt-sig=`.
///
/// Those bytes include the caller's `rt-state`, so a signature made for one request does not
/// verify on the callback of another. Unlike a request there is no `rt-id`: the caller's ledger
/// already accepts each `rt-state` once. As with ``RequestSignature``, the exact text is signed
/// (no canonical form an attacker could confuse).
public enum AnswerSignature {
    /// How far `rt-ts` may be from the caller's clock, in seconds.
    public static let window: TimeInterval = 300

    /// The signature parameters of an answer, in the order they must appear, last.
    public static let parameters = [ReservedNames.keyID, ReservedNames.timestamp, ReservedNames.signature]

    /// Appends the signature parameters to a callback URL.
    ///
    /// - Parameters:
    ///   - url: The callback URL with the answer's parameters (and the caller's `rt-state`).
    ///   - keyID: The id of the signing key in the partner's spec.
    ///   - key: The signing key.
    ///   - timestamp: Unix seconds.
    /// - Returns: The signed callback URL.
    /// - Throws: ``RoundtripError`` `malformed-url` when the URL has a fragment (the signature
    ///   must be the last thing in it), `reserved-parameter` when it already carries a signature
    ///   parameter.
    /// - Complexity: O(*n*) in the URL's length.
    public static func sign(_ url: String, keyID: String, key: SigningKey, timestamp: Int64) throws(RoundtripError) -> String {
        let split = try URLSplit(url)
        guard split.fragment == nil else {
            throw RoundtripError(.malformedURL, "a signed answer cannot have a fragment: rt-sig must be the last thing in the URL")
        }
        if let query = split.query, let items = try? QueryCodec.decode(query, allowDuplicates: true),
            let reserved = items.first(where: { parameters.contains($0.name) })
        {
            throw RoundtripError(
                .reservedParameter,
                "the callback already carries the signature parameter '\(reserved.name)'",
                parameter: reserved.name
            )
        }
        var signed = url
        signed += split.query == nil ? "?" : (split.query!.isEmpty ? "" : "&")
        signed += QueryCodec.encode([
            QueryItem(name: ReservedNames.keyID, value: keyID), QueryItem(name: ReservedNames.timestamp, value: String(timestamp)),
        ])
        let signature = try key.signature(for: Array(signed.utf8))
        return signed + "&" + ReservedNames.signature + "=" + Base64URL.encode(signature)
    }

    /// Checks an answer's signature parameters and removes them from `items`.
    ///
    /// - Parameters:
    ///   - split: The callback as received (already refused when it has a fragment).
    ///   - items: The callback's decoded query items, in order; the signature items are removed.
    ///   - requirement: What the partner's spec required when the request was made, or `nil`.
    ///   - keys: Resolves a recorded key reference (an HMAC secret) into key material.
    ///   - partner: The partner's name, for messages.
    ///   - now: The current time, for freshness.
    /// - Throws: ``RoundtripError`` `reserved-parameter` for signature parameters on an answer
    ///   whose partner does not sign, `missing-signature` for an unsigned answer that must be
    ///   signed, `bad-signature` for misplaced or malformed parameters, another key or a
    ///   signature that does not verify, `expired` for an `rt-ts` more than ``window`` seconds
    ///   from `now` (checked after the signature).
    /// - Complexity: O(*n*) in the URL's length, and one signature verification.
    static func verify(
        _ split: URLSplit,
        items: inout [QueryItem],
        requirement: AnswerRequirement?,
        keys: any KeyResolver,
        partner: String,
        now: Date
    ) throws(RoundtripError) {
        let positions = items.indices.filter { parameters.contains(items[$0].name) }
        guard let requirement, requirement.signatures != .off else {
            if let first = positions.first {
                let name = items[first].name
                throw RoundtripError(
                    .reservedParameter,
                    "the callback carries '\(name)', which is in Roundtrip's reserved 'rt-' namespace; '\(partner)' does not sign its answers",
                    parameter: name
                )
            }
            return
        }
        guard !positions.isEmpty else {
            if requirement.signatures == .required {
                throw RoundtripError(
                    .missingSignature,
                    "the answer is not signed; '\(partner)' signs its answers with key '\(requirement.key.id)' (rt-kid, rt-ts, rt-sig)"
                )
            }
            return
        }
        let last = items.count - parameters.count
        for (offset, position) in positions.enumerated()
        where positions.count != parameters.count || position != last + offset || items[position].name != parameters[offset] {
            throw RoundtripError(
                .badSignature,
                "the signature parameters must be the last three, once each, in the order rt-kid, rt-ts, rt-sig; '\(items[position].name)' is out of place",
                parameter: items[position].name
            )
        }
        let keyID = items[last].value ?? ""
        let timestampText = items[last + 1].value ?? ""
        let signatureText = items[last + 2].value ?? ""
        items.removeLast(parameters.count)
        guard keyID == requirement.key.id else {
            throw RoundtripError(
                .badSignature,
                "the answer is signed with the key '\(ParameterParsing.abbreviated(keyID))'; '\(partner)' signs its answers with '\(requirement.key.id)'",
                parameter: ReservedNames.keyID
            )
        }
        let timestamp = try SignatureFreshness.timestamp(timestampText)
        let marker = "&" + ReservedNames.signature + "="
        guard let signature = Base64URL.decode(signatureText), let query = split.query,
            let markerRange = split.text.range(of: marker, options: .backwards), markerRange.lowerBound >= query.startIndex,
            split.text[markerRange.upperBound...].elementsEqual(signatureText)
        else {
            throw RoundtripError(
                .badSignature,
                "rt-sig must be the last parameter, after '&', written as base64url without padding",
                parameter: ReservedNames.signature
            )
        }
        let key: VerificationKey
        switch requirement.key.material {
        case .publicKey:
            key = try EnvironmentKeyResolver(environment: [:]).verificationKey(for: requirement.key)
        case .secretEnvironment, .keychain:
            key = try keys.verificationKey(for: requirement.key)
        }
        guard key.algorithm == requirement.key.algorithm,
            key.isValidSignature(signature, for: Array(split.text[..<markerRange.lowerBound].utf8))
        else {
            throw RoundtripError(
                .badSignature,
                "the answer's signature does not verify with key '\(requirement.key.id)': the callback was altered or signed with another key",
                parameter: ReservedNames.signature
            )
        }
        // Freshness after the signature, as for requests: timing says nothing about a forgery.
        try SignatureFreshness.check(timestamp, now: now, window: window, subject: "answer", signatures: "answer signatures")
    }
}
