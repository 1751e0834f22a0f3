import Foundation

/// An incoming request that passed every check: route, encoding, source, signature, parameters
/// and callbacks. Everything in it is safe to act on.
public struct AcceptedRequest: Sendable {
    /// The action's name.
    public let actionName: String
    /// The action's convention.
    public let convention: Convention
    /// Every declared parameter that has a value (given or default), typed; route placeholders,
    /// `query-value` and `fragment` values included under their names.
    public let parameters: [String: ParameterValue]
    /// The callback URLs to open by outcome (`success`, `error`, `cancel`; a return-url action's
    /// single callback under `return`), already checked against the callback policy.
    public let callbacks: [String: String]
    /// x-callback-url's `x-source`: the caller's display name, when given. Not authenticated.
    public let callerName: String?
    /// The verified signature, when the request was signed and signatures are not off.
    public let signature: VerifiedSignature?
    /// The URL as received.
    public let url: String

    /// The parameters in canonical text form, for JSON and for `Codable` decoding.
    public var canonicalParameters: [String: String] {
        parameters.mapValues(\.canonical)
    }

    /// Decodes the parameters into your own type, strictly.
    ///
    /// ```swift
    /// struct Charge: Decodable { var amount: Decimal; var currency: String; var invoiceNumber: String? }
    /// let charge = try request.decode(Charge.self)
    /// ```
    ///
    /// - Throws: ``RoundtripError`` `missing-parameter`, `invalid-parameter`, or `unknown-parameter`
    ///   when the type does not read a parameter the request carries.
    public func decode<Value: Decodable>(_ type: Value.Type) throws(RoundtripError) -> Value {
        try URLQueryDecoder().decode(type, typed: parameters)
    }
}

/// A request signature that verified.
public struct VerifiedSignature: Sendable, Hashable {
    /// The signing key's id (`rt-kid`).
    public let keyID: String
    /// When the caller signed, in Unix seconds (`rt-ts`).
    public let timestamp: Int64
    /// The request's unique id (`rt-id`), which a replay guard admits once.
    public let requestID: String
}
