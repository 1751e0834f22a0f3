import Foundation

/// A callback that passed every check and consumed its pending request: the "come back".
public struct AcceptedResponse: Sendable, Hashable {
    /// The outcome: `success`, `error` or `cancel` (x-callback-url, ULC: from the callback it came
    /// back on), or a return-url action's declared outcome (from `<prefix>responseType`).
    public let outcome: String
    /// The response parameters, decoded; return-url parameters without their prefix. The
    /// caller's own callback parameters and `rt-state` are not included.
    public let parameters: [String: String]
    /// The request this answers, as recorded (now consumed).
    public let request: PendingRequest
    /// The callback URL as received.
    public let url: String
    /// The parameters typed by the partner action's `returns` for its success outcome, or by a
    /// `custom` action's `error-returns` for its other outcomes, checked; `nil` when the action
    /// declares none for this outcome.
    public let returns: [String: ParameterValue]?
    /// The word a `custom` answer's outcome field said (`declined`, where the partner's spec
    /// lists `declined` and `failed` for `error`); `nil` when the answer has no outcome field.
    public let word: String?

    /// Creates an accepted response (the ``ResponseAcceptor`` makes them).
    public init(
        outcome: String,
        parameters: [String: String],
        request: PendingRequest,
        url: String,
        returns: [String: ParameterValue]? = nil,
        word: String? = nil
    ) {
        self.outcome = outcome
        self.parameters = parameters
        self.request = request
        self.url = url
        self.returns = returns
        self.word = word
    }

    /// The continuation bytes the app stored with the request.
    public var continuation: Data? { request.continuation }

    /// Decodes the continuation the app stored with the request.
    ///
    /// - Throws: `DecodingError`, or ``RoundtripError`` `missing-parameter` without one.
    public func continuation<Value: Decodable>(as type: Value.Type) throws -> Value {
        try request.continuation(as: type)
    }

    /// Decodes the response parameters into your own type; parameters the type does not read
    /// are ignored (a partner may answer with more than you use). When the partner action
    /// declares `returns`, the typed values are decoded: a list into `[T]`, a `yes-no` boolean
    /// into `Bool`, `base64` into `Data`, `json` into any `Decodable`.
    ///
    /// ```swift
    /// struct ChargeResult: Decodable { var transactionId: String? }
    /// let result = try response.decode(ChargeResult.self)
    /// ```
    ///
    /// - Throws: ``RoundtripError`` `missing-parameter` or `invalid-parameter`.
    public func decode<Value: Decodable>(_ type: Value.Type) throws(RoundtripError) -> Value {
        if let returns { return try URLQueryDecoder(rejectsUnknownParameters: false).decode(type, typed: returns) }
        return try URLQueryDecoder(rejectsUnknownParameters: false).decode(type, from: parameters)
    }
}
