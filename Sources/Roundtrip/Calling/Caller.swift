import Foundation

/// The calling side of round trips, async end to end: send a request, then `await` its answer.
///
/// ```swift
/// let caller = Caller(ledger: FileLedgerStore(directory: dir, keyData: keyData), opener: ApplicationURLOpener())
/// let terminal = try RequestBuilder(partner: terminalSpec)
/// let response = try await caller.call("charge", to: terminal, with: Charge(amount: 12.50),
///                                      callback: "pos-app://charge-result", continuation: Screen.invoice(123))
/// if response.outcome == "approved" { … }
/// ```
///
/// Forward every incoming URL to ``handleCallback(_:)-(String)``: it accepts the genuine answer
/// (see ``ResponseAcceptor``; a partner whose spec signs its answers must have signed it) and resumes the `call` that waits for it. When the app was killed
/// in between, no `call` waits any more; `handleCallback` then returns the answer with the
/// continuation from the ledger, and the app carries on from there.
///
/// No singletons: the ledger, the opener, the clock and the nonce source are injected.
public actor Caller {
    /// The ledger of pending requests.
    public let ledger: any LedgerStore
    /// The decision on incoming callbacks.
    public nonisolated let acceptor: ResponseAcceptor
    private let opener: any URLOpener
    private let clock: @Sendable () -> Date
    private let makeNonce: @Sendable () -> String
    private var waiters: [String: CheckedContinuation<AcceptedResponse, any Error>] = [:]
    private var deadlines: [String: Date] = [:]
    private var sending: Set<String> = []
    private var early: [String: AcceptedResponse] = [:]

    /// Creates a caller.
    ///
    /// - Parameters:
    ///   - ledger: Where pending requests are kept; a ``FileLedgerStore`` survives relaunches.
    ///   - opener: Opens request URLs (`UIApplication.open` in an app).
    ///   - limits: Size limits for incoming callbacks.
    ///   - clock: The current time; `Date()` by default.
    ///   - nonce: The source of `rt-state` nonces; ``Nonce/make(byteCount:)`` by default.
    ///   - keys: Resolves partners' HMAC answer keys kept by reference (`keychain`); signed
    ///     answers under an Ed25519 key need none (the ledger holds the public key).
    public init(
        ledger: any LedgerStore,
        opener: any URLOpener,
        limits: QueryLimits = .default,
        clock: @escaping @Sendable () -> Date = { Date() },
        nonce: @escaping @Sendable () -> String = { Nonce.make() },
        keys: any KeyResolver = EnvironmentKeyResolver()
    ) {
        self.ledger = ledger
        acceptor = ResponseAcceptor(ledger: ledger, limits: limits, keys: keys)
        self.opener = opener
        self.clock = clock
        makeNonce = nonce
    }

    /// Builds, records and opens a request without waiting for the answer.
    ///
    /// - Parameters:
    ///   - action: The partner's action.
    ///   - partner: The partner's request builder.
    ///   - parameters: The action's parameters.
    ///   - callback: The base to come back to, or `nil` when no answer is expected.
    ///   - continuation: JSON bytes the ledger gives back with the answer.
    ///   - signer: Signs the request when given.
    ///   - ttl: Seconds the request waits for its answer.
    /// - Returns: The request as sent.
    /// - Throws: ``RoundtripError`` from building, ``StorageError`` from the ledger, ``OpenFailure``
    ///   when no app opened the URL (the pending request is then removed).
    @discardableResult
    public func send(
        _ action: String,
        to partner: RequestBuilder,
        parameters: [QueryItem] = [],
        callback: String?,
        continuation: Data? = nil,
        signer: RequestSigner? = nil,
        ttl: TimeInterval = 600
    ) async throws -> OutgoingRequest {
        let request = try build(action, partner, parameters, callback, continuation, signer, ttl)
        try await dispatch(request)
        return request
    }

    /// Sends a request and waits for its answer.
    ///
    /// The wait ends with the accepted answer, with ``RoundtripError`` `expired` when
    /// ``expireOverdue()`` finds the request overdue, or with `CancellationError` when the task is
    /// cancelled (the pending request is then removed, so a late answer is refused).
    ///
    /// - Parameters: As for ``send(_:to:parameters:callback:continuation:signer:ttl:)``; `callback`
    ///   is required.
    /// - Returns: The accepted answer.
    /// - Throws: Everything `send` throws, and the ends of the wait above.
    public func call(
        _ action: String,
        to partner: RequestBuilder,
        parameters: [QueryItem] = [],
        callback: String,
        continuation: Data? = nil,
        signer: RequestSigner? = nil,
        ttl: TimeInterval = 600
    ) async throws -> AcceptedResponse {
        let request = try build(action, partner, parameters, callback, continuation, signer, ttl)
        guard let pending = request.pending else {
            throw RoundtripError(.missingCallback, "the action '\(action)' has no way back to wait on")
        }
        let nonce = pending.nonce
        sending.insert(nonce)
        defer { sending.remove(nonce) }
        try await dispatch(request)
        if let response = early.removeValue(forKey: nonce) { return response }
        deadlines[nonce] = pending.expiresAt
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (waiter: CheckedContinuation<AcceptedResponse, any Error>) in
                if let response = early.removeValue(forKey: nonce) {
                    waiter.resume(returning: response)
                } else if Task.isCancelled {
                    waiter.resume(throwing: CancellationError())
                } else {
                    waiters[nonce] = waiter
                }
            }
        } onCancel: {
            Task { await self.abandon(nonce) }
        }
    }

    /// Sends a request with `Encodable` parameters and continuation, and waits for its answer.
    ///
    /// ```swift
    /// let response = try await caller.call("charge", to: terminal, with: Charge(amount: 12.5),
    ///                                      callback: "pos-app://charge-result")
    /// let result = try response.decode(ChargeResult.self)
    /// ```
    ///
    /// - Throws: As ``call(_:to:parameters:callback:continuation:signer:ttl:)``; ``RoundtripError``
    ///   `invalid-parameter` when the parameters cannot be encoded as a flat query.
    public func call(
        _ action: String,
        to partner: RequestBuilder,
        with parameters: some Encodable,
        callback: String,
        continuation: (any Encodable & Sendable)? = nil,
        signer: RequestSigner? = nil,
        ttl: TimeInterval = 600
    ) async throws -> AcceptedResponse {
        // Written in the partner's declared forms: lists, yes-no booleans, dates, JSON.
        let declared = partner.partner.action(named: action)?.parameters ?? []
        let items = try URLQueryEncoder(parameters: declared).encode(parameters)
        let bytes = try continuation.map { try JSONEncoder().encode($0) }
        return try await call(action, to: partner, parameters: items, callback: callback, continuation: bytes, signer: signer, ttl: ttl)
    }

    /// Accepts an incoming callback and resumes the `call` waiting for it, if any.
    ///
    /// - Parameter url: The URL exactly as received.
    /// - Returns: The accepted answer, with the continuation stored when the request was sent.
    /// - Throws: ``RoundtripError`` when the callback is refused (nothing is resumed or consumed);
    ///   ``StorageError`` when the ledger is unusable.
    @discardableResult
    public func handleCallback(_ url: String) async throws -> AcceptedResponse {
        let response = try await acceptor.accept(url, now: clock())
        let nonce = response.request.nonce
        deadlines[nonce] = nil
        if let waiter = waiters.removeValue(forKey: nonce) {
            waiter.resume(returning: response)
        } else if sending.contains(nonce) {
            early[nonce] = response  // The answer beat `open`'s return; `call` picks it up.
        }
        return response
    }

    /// Accepts an incoming callback; see ``handleCallback(_:)-(String)``.
    @discardableResult
    public func handleCallback(_ url: URL) async throws -> AcceptedResponse {
        try await handleCallback(url.absoluteString)
    }

    /// Ends the waits of requests that expired, with ``RoundtripError`` `expired`. Call it when the
    /// app comes to the foreground: a user who returns without an answer should not wait forever.
    ///
    /// - Returns: How many waits ended.
    @discardableResult
    public func expireOverdue() -> Int {
        let now = clock()
        let overdue = deadlines.filter { now >= $0.value }.map(\.key)
        for nonce in overdue {
            deadlines[nonce] = nil
            waiters.removeValue(forKey: nonce)?.resume(
                throwing: RoundtripError(.expired, "no answer arrived before the request expired", parameter: ReservedNames.state)
            )
        }
        return overdue.count
    }

    /// The requests still waiting for an answer (after a relaunch: what may still come back).
    ///
    /// - Throws: ``StorageError``.
    public func pendingRequests() async throws -> [PendingRequest] {
        try await ledger.pending(at: clock())
    }

    /// How many `call`s are waiting for an answer right now.
    public var waitingCount: Int { waiters.count }

    /// Builds with the injected clock and nonce source.
    private func build(
        _ action: String,
        _ partner: RequestBuilder,
        _ parameters: [QueryItem],
        _ callback: String?,
        _ continuation: Data?,
        _ signer: RequestSigner?,
        _ ttl: TimeInterval
    ) throws(RoundtripError) -> OutgoingRequest {
        try partner.build(
            action,
            parameters: parameters,
            callback: callback,
            continuation: continuation,
            signer: signer,
            ttl: ttl,
            now: clock(),
            nonce: makeNonce()
        )
    }

    private func dispatch(_ request: OutgoingRequest) async throws {
        if let pending = request.pending { try await ledger.record(pending) }
        let opened: Bool
        if let url = URL(string: request.url) {
            opened = await opener.open(url, universalLinksOnly: request.isUniversalLink)
        } else {
            opened = false
        }
        if !opened {
            if let pending = request.pending { try? await ledger.remove(nonce: pending.nonce) }
            throw OpenFailure(url: request.url)
        }
    }

    private func abandon(_ nonce: String) async {
        deadlines[nonce] = nil
        guard let waiter = waiters.removeValue(forKey: nonce) else { return }
        try? await ledger.remove(nonce: nonce)
        waiter.resume(throwing: CancellationError())
    }
}
