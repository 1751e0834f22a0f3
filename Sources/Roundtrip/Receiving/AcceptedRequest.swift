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
    ///
    /// - Complexity: O(*k*) for *k* values: the dictionary is made when it is read (the
    ///   decision binds values by position), so read it once, or use ``value(of:)``.
    public var parameters: [String: ParameterValue] { boundParameters.dictionary }
    /// The values as the decision bound them (see ``RequestParameters``).
    let boundParameters: RequestParameters
    /// The callback URLs to open by outcome (`success`, `error`, `cancel`; a return-url action's
    /// single callback under `return`), already checked against the callback policy.
    public var callbacks: [String: String] { callbackURLs.dictionary }
    /// The callbacks the policy refused and the action dropped (`invalid-callback: drop`), in
    /// the order the request carried them: the request was accepted without them, so no answer
    /// goes to them. Empty unless the action drops refused callbacks.
    public var droppedCallbacks: [DroppedCallback] { callbackURLs.dropped }
    /// The callbacks as the decision found them (see ``RequestCallbacks``).
    let callbackURLs: RequestCallbacks
    /// x-callback-url's `x-source`: the caller's display name, when given. Not authenticated.
    public let callerName: String?
    /// The verified signature, when the request was signed and signatures are not off.
    public let signature: VerifiedSignature?
    /// The URL as received.
    public let url: String
    /// The parameters the action does not declare, in order, when it takes them as strings
    /// (`unknown-parameters: accept`); empty otherwise.
    public let undeclaredParameters: [QueryItem]

    /// Creates an accepted request; ``Endpoint`` makes them, and tests may too.
    public init(
        actionName: String,
        convention: Convention,
        parameters: [String: ParameterValue],
        callbacks: [String: String],
        callerName: String? = nil,
        signature: VerifiedSignature? = nil,
        url: String,
        undeclaredParameters: [QueryItem] = []
    ) {
        self.init(
            actionName: actionName,
            convention: convention,
            parameters: RequestParameters(parameters),
            callbackURLs: RequestCallbacks(callbacks),
            callerName: callerName,
            signature: signature,
            url: url,
            undeclaredParameters: undeclaredParameters
        )
    }

    /// Creates an accepted request with its values and callbacks as the decision found them.
    init(
        actionName: String,
        convention: Convention,
        parameters: RequestParameters,
        callbackURLs: RequestCallbacks,
        callerName: String?,
        signature: VerifiedSignature?,
        url: String,
        undeclaredParameters: [QueryItem]
    ) {
        self.actionName = actionName
        self.convention = convention
        self.boundParameters = parameters
        self.callbackURLs = callbackURLs
        self.callerName = callerName
        self.signature = signature
        self.url = url
        self.undeclaredParameters = undeclaredParameters
    }

    /// The value of one parameter, typed, or `nil` when the request has none.
    ///
    /// - Parameter name: The parameter's name as the spec declares it.
    /// - Complexity: O(*k*) name comparisons for *k* declared values; no dictionary is made.
    public func value(of name: String) -> ParameterValue? {
        boundParameters[name]
    }

    /// The parameters in canonical text form, for JSON and for `Codable` decoding (a list's items
    /// joined with `,`; see ``canonicalValues`` to keep them apart). A `decimal` the request
    /// carried is reported as written (`10.00` stays `10.00`): a payment amount keeps its scale.
    public var canonicalParameters: [String: String] {
        var values = parameters.mapValues(\.canonical)
        for (name, text) in boundParameters.writtenDecimals(in: url) { values[name] = text }
        return values
    }

    /// Every parameter in canonical form, a list as its items, with the undeclared parameters an
    /// action accepts as plain text: what `request handle --json` prints under `parameters`. A
    /// `decimal` the request carried is reported as written, as in ``canonicalParameters``.
    public var canonicalValues: [String: CanonicalValue] {
        var values = parameters.mapValues { value in value.canonicalItems.map(CanonicalValue.list) ?? .text(value.canonical) }
        for (name, text) in boundParameters.writtenDecimals(in: url) { values[name] = .text(text) }
        for item in undeclaredParameters where values[item.name] == nil { values[item.name] = .text(item.value ?? "") }
        return values
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

/// A parameter's canonical form: one text, or a list's items.
public enum CanonicalValue: Sendable, Hashable, Encodable {
    /// A single value's canonical text.
    case text(String)
    /// A list parameter's items, each in canonical form.
    case list([String])

    /// Encodes a text as a JSON string and a list as an array of strings.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .text(let text): try container.encode(text)
        case .list(let items): try container.encode(items)
        }
    }
}
