import Foundation

/// The receiving side of round trips: handlers per action, typed parameters in, a reply out, and
/// the way back opened for you.
///
/// ```swift
/// var receiver = Receiver(endpoint: try Endpoint(spec: terminalSpec), opener: ApplicationURLOpener())
/// receiver.on("charge", as: Charge.self) { charge, request in
///     let approved = try await payments.charge(charge.amount)
///     return Reply(outcome: approved ? "approved" : "declined")
/// }
/// // in onOpenURL:
/// try await receiver.handle(url.absoluteString, source: sourceApplication)
/// ```
///
/// Every URL is decided by the ``Endpoint`` first (with the replay check of signed requests);
/// a rejected request is never answered, because its callback cannot be trusted. A handler that
/// throws is answered with the error outcome (x-callback-url `errorCode`/`errorMessage`, a
/// return-url action's `error` outcome when declared, ULC's error callback).
public struct Receiver: Sendable {
    /// A handler: the accepted request in, a reply out.
    public typealias Handler = @Sendable (AcceptedRequest) async throws -> Reply

    /// The endpoint that decides incoming URLs.
    public let endpoint: Endpoint
    private let opener: any URLOpener
    private let replayGuard: (any ReplayGuard)?
    private let clock: @Sendable () -> Date
    private let answerSigner: RequestSigner?
    private var handlers: [String: Handler] = [:]

    /// Creates a receiver.
    ///
    /// - Parameters:
    ///   - endpoint: Decides incoming URLs.
    ///   - opener: Opens callbacks (`UIApplication.open` in an app).
    ///   - replayGuard: Keeps seen `rt-id`s of signed requests; in memory by default.
    ///   - clock: The current time; `Date()` by default.
    ///   - answerSigner: The key (the spec's `answers.key`) that signs the answers of actions
    ///     whose `answers` say so; answers of other actions are left unsigned.
    public init(
        endpoint: Endpoint,
        opener: any URLOpener,
        replayGuard: (any ReplayGuard)? = InMemoryReplayGuard(),
        clock: @escaping @Sendable () -> Date = { Date() },
        answerSigner: RequestSigner? = nil
    ) {
        self.endpoint = endpoint
        self.answerSigner = answerSigner
        self.opener = opener
        self.replayGuard = replayGuard
        self.clock = clock
    }

    /// Registers the handler of an action, receiving its parameters decoded into your type.
    ///
    /// Decoding is strict (see ``AcceptedRequest/decode(_:)``): the type must read every
    /// parameter the request carries after defaults, so declare optional properties for the
    /// action's optional and defaulted parameters. A request the type cannot read is answered
    /// with the error outcome.
    ///
    /// - Parameters:
    ///   - action: The action's name in the spec.
    ///   - type: The `Decodable` type of the parameters (decoded with ``AcceptedRequest/decode(_:)``).
    ///   - handler: Does the work and returns the reply.
    public mutating func on<Parameters: Decodable & Sendable>(
        _ action: String,
        as type: Parameters.Type = Parameters.self,
        perform handler: @escaping @Sendable (Parameters, AcceptedRequest) async throws -> Reply
    ) {
        handlers[action] = { request in try await handler(try request.decode(Parameters.self), request) }
    }

    /// Decides an incoming URL, runs its handler and opens the callback with the reply.
    ///
    /// - Parameters:
    ///   - url: The URL exactly as received.
    ///   - source: The source application's bundle ID, or `nil`.
    /// - Returns: What was done.
    /// - Throws: ``RoundtripError`` when the request is rejected (nothing is opened),
    ///   `unknown-route` when no handler is registered for its action, or when the reply cannot
    ///   be built into a callback (for example an outcome the convention lacks); the replay
    ///   guard's own error (a ``FileReplayGuard``'s ``StorageError``) when it cannot decide.
    public func handle(_ url: String, source: String? = nil) async throws -> HandledRequest {
        let request = try await endpoint.handle(url, source: source, now: clock(), replayGuard: replayGuard)
        guard let handler = handlers[request.actionName], let action = endpoint.spec.action(named: request.actionName) else {
            throw RoundtripError(.unknownRoute, "no handler is registered for the action '\(request.actionName)'")
        }
        var reply: Reply
        var handlerError: (any Error)?
        do {
            reply = try await handler(request)
        } catch {
            handlerError = error
            reply = .failure(code: "error", message: "The action did not complete.")
        }
        guard action.convention.hasWayBack else {
            return HandledRequest(request: request, reply: reply, callbackURL: nil, isOpened: false, handlerError: handlerError)
        }
        // A Universal Link Callback appends nothing (Imprivata's Universal Link Callback page).
        if !action.convention.facts.answersWithParameters { reply.parameters = [] }
        let callback = try ResponseBuilder.callbackURL(
            answering: request,
            action: action,
            outcome: reply.outcome,
            parameters: reply.parameters,
            signer: action.answers.signatures == .off ? nil : answerSigner,
            now: clock()
        )
        let opened: Bool
        if let callbackURL = URL(string: callback) {
            opened = await opener.open(callbackURL, universalLinksOnly: false)
        } else {
            opened = false
        }
        return HandledRequest(request: request, reply: reply, callbackURL: callback, isOpened: opened, handlerError: handlerError)
    }
}
