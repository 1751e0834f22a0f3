import Foundation

/// Checks the signature of a signed request (`rt-kid`, `rt-ts`, `rt-id`, `rt-sig`, last and in
/// that order), one step of the receiving decision.
///
/// The signature covers the exact bytes of the URL before `&rt-sig=`; it must verify with the
/// named key, and `rt-ts` must be within ``window`` seconds of now (checked after the
/// signature, so timing says nothing about a forged one). The one-time use of `rt-id` is the
/// replay guard's, in ``Endpoint/handle(_:source:now:replayGuard:)``.
struct SignatureVerifier: Sendable {
    /// The spec's keys, resolved when the endpoint was built, by key id.
    let keys: [String: VerificationKeyResult]
    /// How far `rt-ts` may be from now, in seconds.
    let window: TimeInterval

    /// Removes and checks the `rt-` parameters of a request: signature parameters are verified
    /// (or ignored when signatures are off); any other `rt-` parameter is rejected.
    func verify(
        split: URLSplit,
        bytes: UnsafeBufferPointer<UInt8>,
        items: inout [IncomingItem],
        requirement: SignatureRequirement,
        actionName: String,
        now: Date?
    ) throws(RoundtripError) -> VerifiedSignature? {
        guard items.contains(where: { ReservedNames.isReserved($0.name) }) else {
            if requirement == .required {
                throw RoundtripError(
                    .missingSignature,
                    "the action '\(actionName)' requires a signed request (rt-kid, rt-ts, rt-id, rt-sig)"
                )
            }
            return nil
        }
        let firstSignatureItem = items.count - ReservedNames.signatureParameters.count
        for (position, item) in items.enumerated() where ReservedNames.isReserved(item.name) {
            guard let expected = ReservedNames.signatureParameters.firstIndex(of: item.name) else {
                throw RoundtripError(
                    .reservedParameter,
                    "'\(item.name)' is in Roundtrip's reserved 'rt-' namespace and may not be sent to an action",
                    parameter: item.name
                )
            }
            if requirement != .off, position != firstSignatureItem + expected {
                throw RoundtripError(
                    .badSignature,
                    "the signature parameters must be the last four, in the order rt-kid, rt-ts, rt-id, rt-sig; '\(item.name)' is out of place",
                    parameter: item.name
                )
            }
        }
        let signatureItems = Array(items.suffix(ReservedNames.signatureParameters.count))
        items.removeAll { ReservedNames.isReserved($0.name) }
        if requirement == .off { return nil }
        guard signatureItems.count == 4,
            signatureItems.map(\.name) == ReservedNames.signatureParameters,
            let keyID = signatureItems[0].valueText(in: bytes), let timestampText = signatureItems[1].valueText(in: bytes),
            let requestID = signatureItems[2].valueText(in: bytes), let signatureText = signatureItems[3].valueText(in: bytes)
        else {
            throw RoundtripError(.badSignature, "a signed request ends with rt-kid, rt-ts, rt-id and rt-sig, each with a value")
        }
        // The signature covers the bytes before `&rt-sig=`; a fragment after it would ride along
        // unsigned (and an action may read its fragment as a parameter), so a signed request has none.
        if split.fragment != nil {
            throw RoundtripError(
                .badSignature,
                "a signed request ends with rt-sig; the fragment ('#…') after it is not covered by the signature",
                parameter: ReservedNames.signature
            )
        }
        guard let key = keys[keyID] else {
            throw RoundtripError(
                .badSignature,
                "the request is signed with the unknown key id '\(ParameterParsing.abbreviated(keyID))'",
                parameter: ReservedNames.keyID
            )
        }
        let timestamp = try SignatureFreshness.timestamp(timestampText)
        guard !requestID.isEmpty, requestID.count <= 128 else {
            throw RoundtripError(.badSignature, "rt-id must be 1 to 128 characters", parameter: ReservedNames.requestID)
        }
        guard let signature = Base64URL.decode(signatureText) else {
            throw RoundtripError(.badSignature, "rt-sig is not base64url without padding", parameter: ReservedNames.signature)
        }
        let marker = "&" + ReservedNames.signature + "="
        guard let query = split.query, let markerRange = split.text.range(of: marker, options: .backwards), markerRange.lowerBound >= query.startIndex
        else {
            throw RoundtripError(.badSignature, "rt-sig must follow '&' as the last parameter", parameter: ReservedNames.signature)
        }
        switch key {
        case .unavailable(let why):
            throw RoundtripError(.badSignature, why, parameter: ReservedNames.keyID)
        case .key(let verificationKey):
            guard RequestSignature.isValid(signature, over: split.text[..<markerRange.lowerBound], key: verificationKey) else {
                throw RoundtripError(
                    .badSignature,
                    "the signature does not verify with key '\(keyID)': the URL was altered or signed with another key",
                    parameter: ReservedNames.signature
                )
            }
        }
        // Freshness is checked after the signature, so an attacker learns nothing from timing.
        try SignatureFreshness.check(timestamp, now: now ?? Date(), window: window, subject: "request", signatures: "signatures")
        return VerifiedSignature(keyID: keyID, timestamp: timestamp, requestID: requestID)
    }
}
