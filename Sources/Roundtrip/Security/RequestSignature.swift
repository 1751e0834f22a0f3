import Crypto
import Foundation

/// Request signatures: `…&rt-kid=K&rt-ts=T&rt-id=I&rt-sig=S`, where `S` is base64url (no padding)
/// of HMAC-SHA256 or Ed25519 over the exact bytes of the URL before `&rt-sig=`.
///
/// Signing the exact text (not a re-encoded canonical form) means the receiver verifies the bytes
/// it received, with no canonicalisation step for an attacker to confuse.
public enum RequestSignature {
    /// Appends the signature parameters to a request URL.
    ///
    /// - Parameters:
    ///   - url: The request URL, with a query or without.
    ///   - keyID: The key id the receiver knows the key by.
    ///   - key: The signing key.
    ///   - timestamp: Unix seconds.
    ///   - requestID: A unique id; by default 128 random bits.
    /// - Returns: The signed URL.
    /// - Throws: ``RoundtripError`` `malformed-url` when the URL has a fragment (the signature must
    ///   be the last thing in the URL) or already has `rt-` signature parameters.
    public static func sign(
        _ url: String,
        keyID: String,
        key: SigningKey,
        timestamp: Int64,
        requestID: String = Nonce.make()
    ) throws(RoundtripError) -> String {
        let split = try URLSplit(url)
        guard split.fragment == nil else {
            throw RoundtripError(.malformedURL, "a signed request cannot have a fragment: rt-sig must be the last thing in the URL")
        }
        if let query = split.query, let items = try? QueryCodec.decode(query, allowDuplicates: true),
            let reserved = items.first(where: { ReservedNames.isReserved($0.name) })
        {
            throw RoundtripError(.reservedParameter, "the URL already has the reserved parameter '\(reserved.name)'", parameter: reserved.name)
        }
        var signed = url
        signed += split.query == nil ? "?" : (split.query!.isEmpty ? "" : "&")
        signed += QueryCodec.encode([
            QueryItem(name: ReservedNames.keyID, value: keyID),
            QueryItem(name: ReservedNames.timestamp, value: String(timestamp)),
            QueryItem(name: ReservedNames.requestID, value: requestID),
        ])
        let signature = try key.signature(for: Array(signed.utf8))
        return signed + "&" + ReservedNames.signature + "=" + Base64URL.encode(signature)
    }

    /// Checks a signature over `message` (constant time for HMAC).
    static func isValid(_ signature: [UInt8], over message: Substring, key: VerificationKey) -> Bool {
        key.isValidSignature(signature, for: Array(message.utf8))
    }
}

extension Endpoint {
    /// Removes and checks the `rt-` parameters of a request: signature parameters are verified
    /// (or ignored when signatures are off); any other `rt-` parameter is rejected.
    func verifySignature(
        split: URLSplit,
        bytes: UnsafeBufferPointer<UInt8>,
        items: inout [IncomingItem],
        compiled: CompiledAction,
        now: Date?
    ) throws(RoundtripError) -> VerifiedSignature? {
        guard items.contains(where: { ReservedNames.isReserved($0.name) }) else {
            if compiled.action.signatures == .required {
                throw RoundtripError(
                    .missingSignature,
                    "the action '\(compiled.action.name)' requires a signed request (rt-kid, rt-ts, rt-id, rt-sig)"
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
            if compiled.action.signatures != .off, position != firstSignatureItem + expected {
                throw RoundtripError(
                    .badSignature,
                    "the signature parameters must be the last four, in the order rt-kid, rt-ts, rt-id, rt-sig; '\(item.name)' is out of place",
                    parameter: item.name
                )
            }
        }
        let signatureItems = Array(items.suffix(ReservedNames.signatureParameters.count))
        items.removeAll { ReservedNames.isReserved($0.name) }
        if compiled.action.signatures == .off { return nil }
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
        guard let key = verificationKeys[keyID] else {
            throw RoundtripError(
                .badSignature,
                "the request is signed with the unknown key id '\(ParameterParsing.abbreviated(keyID))'",
                parameter: ReservedNames.keyID
            )
        }
        guard let timestamp = ParameterParsing.integer(timestampText) else {
            throw RoundtripError(
                .badSignature,
                "rt-ts must be Unix seconds, not '\(ParameterParsing.abbreviated(timestampText))'",
                parameter: ReservedNames.timestamp
            )
        }
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
        let age = (now ?? Date()).timeIntervalSince1970 - TimeInterval(timestamp)
        if age > signatureWindow {
            throw RoundtripError(
                .expired,
                "the request was signed \(Int(age)) s ago; signatures are fresh for \(Int(signatureWindow)) s",
                parameter: ReservedNames.timestamp
            )
        }
        if age < -signatureWindow {
            throw RoundtripError(
                .expired,
                "the request is signed \(Int(-age)) s in the future; clocks may differ by at most \(Int(signatureWindow)) s",
                parameter: ReservedNames.timestamp
            )
        }
        return VerifiedSignature(keyID: keyID, timestamp: timestamp, requestID: requestID)
    }
}
