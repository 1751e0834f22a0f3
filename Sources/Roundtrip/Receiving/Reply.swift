/// What a receiving app's handler answers: an outcome and its response parameters.
public struct Reply: Sendable, Hashable {
    /// `success`, `error` or `cancel`, or a return-url action's declared outcome.
    public var outcome: String
    /// Response parameters, unprefixed (a return-url action's prefix is added for you).
    public var parameters: [QueryItem]

    /// Creates a reply.
    public init(outcome: String, parameters: [QueryItem] = []) {
        self.outcome = outcome
        self.parameters = parameters
    }

    /// Success, with response parameters.
    public static func success(_ parameters: [QueryItem] = []) -> Reply {
        Reply(outcome: "success", parameters: parameters)
    }

    /// Success, with an `Encodable` value's properties as response parameters.
    ///
    /// - Throws: ``RoundtripError`` `invalid-parameter` when the value is not a flat struct.
    public static func success(encoding value: some Encodable) throws(RoundtripError) -> Reply {
        Reply(outcome: "success", parameters: try URLQueryEncoder().encode(value))
    }

    /// The error outcome, with x-callback-url's `errorCode` and `errorMessage`.
    public static func failure(code: String, message: String) -> Reply {
        Reply(
            outcome: "error",
            parameters: [
                QueryItem(name: ConventionNames.errorCode, value: code),
                QueryItem(name: ConventionNames.errorMessage, value: message),
            ]
        )
    }

    /// The user cancelled.
    public static let cancel = Reply(outcome: "cancel")
}
