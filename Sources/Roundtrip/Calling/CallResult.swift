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
        switch outcome {
        case "error": return .error(code: parameters[ConventionNames.errorCode], message: parameters[ConventionNames.errorMessage])
        case "cancel", "cancelled": return .cancelled
        default: return .outcome(outcome)
        }
    }
}
