/// What ``Receiver`` did with an incoming request: the request, the reply and the callback.
public struct HandledRequest: Sendable {
    /// The accepted request.
    public let request: AcceptedRequest
    /// The handler's reply (a failure reply when the handler threw).
    public let reply: Reply
    /// The callback URL opened, or `nil` for a convention without a way back.
    public let callbackURL: String?
    /// Whether the opener opened the callback.
    public let isOpened: Bool
    /// What the handler threw, when it threw.
    public let handlerError: (any Error)?
}
