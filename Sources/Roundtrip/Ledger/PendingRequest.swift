import Foundation

/// A request the calling app sent and is waiting to hear back about: one entry of the ledger.
///
/// The ledger keeps what it takes to accept only the genuine answer (the `rt-state` nonce and
/// the exact callback URLs the request carried) and what it takes to carry on afterwards (the
/// continuation the app stored, the "continuation" of InnerFence's "2-way app integration on the
/// iPhone"), so the answer can be accepted even
/// after the app was killed and relaunched.
public struct PendingRequest: Sendable, Hashable, Codable {
    /// The `rt-state` nonce on every callback URL of the request (at least 128 random bits).
    public let nonce: String
    /// The partner app's display name, from its spec.
    public let partner: String
    /// The partner's action.
    public let action: String
    /// The action's convention, which decides how the answer is read.
    public let convention: Convention
    /// The callback URLs exactly as sent, without `rt-state`, by outcome (`success`, `error`,
    /// `cancel`; a return-url action's single callback under `return`).
    public let callbacks: [String: String]
    /// return-url only: the prefix of response parameters (for example `ifcc_`).
    public let responsePrefix: String
    /// The outcomes the partner may answer with.
    public let outcomes: [String]
    /// When the request was sent.
    public let createdAt: Date
    /// When the request stops accepting an answer.
    public let expiresAt: Date
    /// The app's opaque continuation, as JSON bytes.
    public let continuation: Data?
    /// The partner action's `returns`, written in the spec's own keys (see
    /// ``ParameterDefinition``), so that the answer is checked against them even in another
    /// process; `nil` when the action declares none.
    public let returnsDefinition: String?
    /// What the partner's spec required of its answers when the request was made (its
    /// `answers:`); `nil`, as in an entry written before signed answers existed, means `off`.
    /// Recorded here so that a later change to the spec cannot downgrade a pending request.
    public let answers: AnswerRequirement?
    /// When an answer was accepted; a consumed entry stays as a tombstone, so a replay is told
    /// apart from an unsolicited response.
    public internal(set) var consumedAt: Date?
    /// A `custom` action's answer shape (its `answer:`), so that the answer is read in the
    /// partner's own names even in another process; `nil` for the other conventions, whose
    /// answer the convention fixes.
    public let answer: AnswerShape?
    /// A `custom` action's `error-returns`, written as ``returnsDefinition`` is; `nil` when it
    /// declares none (the fields of the other outcomes are then reported as text, unchecked).
    public let errorReturnsDefinition: String?
    /// A `custom` action's `state-parameter`: the echoed field that carries the nonce back in
    /// place of `rt-state`; `nil` when `rt-state` travels in the callback's own query.
    public let stateParameter: String?
    /// The URL template sent as a `{parameter, template: true}` callback, without `rt-state`:
    /// the answer fills its `{Name}` placeholders. Its literal part before the first placeholder
    /// is the callback ``callbacks`` holds, which the ledger matches.
    public let callbackTemplate: String?

    /// Creates a ledger entry.
    ///
    /// - Parameters:
    ///   - nonce: The `rt-state` nonce.
    ///   - partner: The partner app's name.
    ///   - action: The partner's action.
    ///   - convention: The action's convention.
    ///   - callbacks: The callback URLs as sent, without `rt-state`, by outcome.
    ///   - responsePrefix: return-url only: the response prefix.
    ///   - outcomes: The outcomes the partner may answer with.
    ///   - createdAt: When the request was sent.
    ///   - expiresAt: When it stops accepting an answer.
    ///   - continuation: The app's continuation as JSON bytes.
    ///   - returns: The partner action's `returns`.
    ///   - answers: What the partner requires of its answers; `nil` for unsigned answers.
    ///   - answer: A `custom` action's answer shape.
    ///   - errorReturns: A `custom` action's `error-returns`.
    ///   - stateParameter: A `custom` action's `state-parameter`.
    ///   - callbackTemplate: The template of a template callback, without `rt-state`.
    public init(
        nonce: String,
        partner: String,
        action: String,
        convention: Convention,
        callbacks: [String: String],
        responsePrefix: String = "",
        outcomes: [String]? = nil,
        createdAt: Date,
        expiresAt: Date,
        continuation: Data? = nil,
        returns: [ParameterSpec]? = nil,
        answers: AnswerRequirement? = nil,
        answer: AnswerShape? = nil,
        errorReturns: [ParameterSpec]? = nil,
        stateParameter: String? = nil,
        callbackTemplate: String? = nil
    ) {
        self.nonce = nonce
        self.partner = partner
        self.action = action
        self.convention = convention
        self.callbacks = callbacks
        self.responsePrefix = responsePrefix
        self.outcomes = outcomes ?? convention.defaultOutcomes
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.continuation = continuation
        returnsDefinition = returns.map(ParameterDefinition.json)
        self.answers = answers
        consumedAt = nil
        self.answer = answer
        errorReturnsDefinition = errorReturns.map(ParameterDefinition.json)
        self.stateParameter = stateParameter
        self.callbackTemplate = callbackTemplate
    }

    /// Whether an answer was already accepted.
    public var isConsumed: Bool { consumedAt != nil }

    /// The partner action's `returns`, read back from ``returnsDefinition``.
    ///
    /// - Throws: ``RoundtripError`` `invalid-parameter` when the recorded definition no longer
    ///   reads (a ledger written by a different version).
    public func returns() throws(RoundtripError) -> [ParameterSpec]? {
        try Self.parameters(returnsDefinition, action: action)
    }

    /// A `custom` action's `error-returns`, read back from ``errorReturnsDefinition``.
    ///
    /// - Throws: ``RoundtripError`` `invalid-parameter` when the recorded definition no longer reads.
    public func errorReturns() throws(RoundtripError) -> [ParameterSpec]? {
        try Self.parameters(errorReturnsDefinition, action: action)
    }

    private static func parameters(_ definition: String?, action: String) throws(RoundtripError) -> [ParameterSpec]? {
        guard let definition else { return nil }
        do {
            return try ParameterDefinition.parameters(fromJSON: definition)
        } catch {
            throw RoundtripError(
                .invalidParameter,
                "the recorded returns of '\(action)' do not read: \(error.diagnostics.map(\.message).joined(separator: "; "))"
            )
        }
    }

    /// Whether the request no longer accepts an answer at `now`.
    public func isExpired(at now: Date) -> Bool { now >= expiresAt }

    /// Decodes the continuation the app stored with the request.
    ///
    /// - Parameter type: The continuation's type.
    /// - Throws: `DecodingError` when the bytes are not that type; ``RoundtripError``
    ///   `missing-parameter` when the request has no continuation.
    public func continuation<Value: Decodable>(as type: Value.Type) throws -> Value {
        guard let continuation else {
            throw RoundtripError(.missingParameter, "the request to '\(action)' was sent without a continuation")
        }
        return try JSONDecoder().decode(type, from: continuation)
    }
}
