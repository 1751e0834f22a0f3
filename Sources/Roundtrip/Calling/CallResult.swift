/// How a call ended, with the typed `returns` of a success: what a client generated from a
/// partner's spec returns.
///
/// ```swift
/// switch try await notes.create(text: "Milk\nBeer", tags: ["home"], callback: "journal://notes") {
/// case .success(let created): show(created.id)
/// case .error(let code, let message): report(code, message)
/// case .cancelled: break
/// case .outcome(let name): print("ended with \(name)")
/// }
/// ```
public enum CallResult<Returns: Sendable>: Sendable {
    /// The success outcome (`success`, or a return-url action's first outcome), with its returns.
    case success(Returns)
    /// The error outcome, with x-callback-url's `errorCode` and `errorMessage` when given.
    case error(code: String?, message: String?)
    /// The user cancelled (`cancel`, or a return-url action's `cancelled`).
    case cancelled
    /// Another outcome a return-url action declares, such as `declined`.
    case outcome(String)

    /// The returns of a success.
    ///
    /// - Throws: ``CallEnded`` with the outcome otherwise.
    public func get() throws(CallEnded) -> Returns {
        switch self {
        case .success(let returns): return returns
        case .error(let code, let message): throw CallEnded(outcome: "error", code: code, message: message)
        case .cancelled: throw CallEnded(outcome: "cancel", code: nil, message: nil)
        case .outcome(let name): throw CallEnded(outcome: name, code: nil, message: nil)
        }
    }
}

extension CallResult: Equatable where Returns: Equatable {}

/// A call that ended in an outcome other than success (see ``CallResult/get()``).
public struct CallEnded: Error, Sendable, Hashable {
    /// The outcome: `error`, `cancel`, or a return-url action's declared outcome.
    public let outcome: String
    /// x-callback-url's `errorCode`, when given.
    public let code: String?
    /// x-callback-url's `errorMessage`, when given.
    public let message: String?
}

extension AcceptedResponse {
    /// The response as a ``CallResult``, its success's returns converted by `makeReturns` from
    /// the typed ``returns`` (empty when the action declares none).
    public func result<Returns: Sendable>(
        _ makeReturns: ([String: ParameterValue]) throws(RoundtripError) -> Returns
    ) throws(RoundtripError) -> CallResult<Returns> {
        if outcome == request.convention.successOutcome(among: request.outcomes) {
            return .success(try makeReturns(returns ?? [:]))
        }
        if isCancel { return .cancelled }
        if outcome == "error" { return .error(code: parameters[ConventionNames.errorCode], message: parameters[ConventionNames.errorMessage]) }
        return .outcome(outcome)
    }

    /// Whether the user cancelled: x-callback-url's and ULC's `cancel`, a return-url action's `cancelled`.
    fileprivate var isCancel: Bool { outcome == "cancel" || outcome == "cancelled" }
}

/// How a call to a `custom` partner action that declares `error-returns` ended, with the typed
/// fields of every outcome: what a client generated from that partner's spec returns.
///
/// A payment app's decline carries its own fields (a reason, a code) beside the word it says
/// the outcome with; ``CallResult`` has no place for them, so an action that declares them gets
/// this result instead.
///
/// ```swift
/// switch try await terminal.sale(amount: 12.5, callback: "pos-app://payment") {
/// case .success(let paid): show(paid.transactionId)
/// case .failure(_, let word, let declined): report(word, declined.reason)
/// case .cancelled: break
/// }
/// ```
public enum TypedCallResult<Returns: Sendable, ErrorReturns: Sendable>: Sendable {
    /// The success outcome, with its `returns`.
    case success(Returns)
    /// Another outcome than success or cancel (`error`, or another the action declares), with
    /// the partner's word for it (`nil` when its callback alone tells the outcome) and the
    /// answer's `error-returns`.
    case failure(outcome: String, word: String?, ErrorReturns)
    /// The user cancelled (`cancel` or `cancelled`), with the answer's `error-returns`.
    case cancelled(ErrorReturns)

    /// The returns of a success.
    ///
    /// - Throws: ``CallEnded`` with the outcome otherwise.
    public func get() throws(CallEnded) -> Returns {
        switch self {
        case .success(let returns): return returns
        case .failure(let outcome, _, _): throw CallEnded(outcome: outcome, code: nil, message: nil)
        case .cancelled: throw CallEnded(outcome: "cancel", code: nil, message: nil)
        }
    }
}

extension TypedCallResult: Equatable where Returns: Equatable, ErrorReturns: Equatable {}

extension AcceptedResponse {
    /// The response as a ``TypedCallResult``: a success's returns converted by `makeReturns`
    /// from the typed ``returns``, another outcome's by `makeErrorReturns` from the typed
    /// `error-returns` (each empty when the action declares none).
    public func result<Returns: Sendable, ErrorReturns: Sendable>(
        _ makeReturns: ([String: ParameterValue]) throws(RoundtripError) -> Returns,
        errors makeErrorReturns: ([String: ParameterValue]) throws(RoundtripError) -> ErrorReturns
    ) throws(RoundtripError) -> TypedCallResult<Returns, ErrorReturns> {
        if outcome == request.convention.successOutcome(among: request.outcomes) {
            return .success(try makeReturns(returns ?? [:]))
        }
        let fields = try makeErrorReturns(returns ?? [:])
        return isCancel ? .cancelled(fields) : .failure(outcome: outcome, word: word, fields)
    }
}
