import Roundtrip

/// How a charge ended, as the point of sale records it.
enum ChargeOutcome: Sendable, Hashable {
    /// The terminal approved the payment.
    case approved(transactionId: String)
    /// The card was declined.
    case declined
    /// The customer or the clerk cancelled on the terminal.
    case cancelled
    /// No answer: the request was refused before it was sent, no app opened it, it expired, or
    /// the ledger could not be used.
    case failed(Problem)

    /// The outcome of the generated client's result. The spec's outcomes are `approved` (the
    /// success, with its `transactionId`), `declined` and `cancelled`; the acceptor refuses any
    /// other, so the remaining cases only keep the switch exhaustive.
    init(_ result: CallResult<CardTerminalClient.ChargeReturns>) {
        switch result {
        case .success(let returns):
            self = .approved(transactionId: returns.transactionId)
        case .outcome("declined"):
            self = .declined
        case .cancelled:
            self = .cancelled
        case .outcome(let other):
            self = .failed(Problem(code: "unknown-outcome", message: "the terminal answered '\(other)', which its spec does not declare"))
        case .error(let code, let message):
            self = .failed(Problem(code: code ?? "error", message: message ?? "the terminal answered with an error"))
        }
    }
}

extension ChargeOutcome {
    /// One line for the sales list.
    var summary: String {
        switch self {
        case .approved(let transactionId): "Approved (\(transactionId))"
        case .declined: "Declined"
        case .cancelled: "Cancelled on the terminal"
        case .failed(let problem): "No answer: \(problem.message) [\(problem.code)]"
        }
    }
}
