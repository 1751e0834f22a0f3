extension SpecLinter {
    /// Words that make an action payment-like when its name or a route's host or path holds
    /// one, ignoring case.
    static let paymentWords = ["pay", "charge", "purchase", "checkout", "refund", "transfer", "transaction"]
    /// Words that make a number parameter an amount of money when its name holds one, ignoring
    /// case.
    static let amountWords = ["amount", "price", "total"]

    /// `unsigned-payment-answers`: an action that looks like a payment, is opened over a custom
    /// scheme and answers on a callback (x-callback-url or return-url), but does not require
    /// signed answers.
    ///
    /// Any app can register the same custom scheme (David Thiel's "iOS Application Security",
    /// chapter 8); the one iOS picks receives the request with its `rt-state` and can open the
    /// callback with an approval the caller would accept. The heuristic for "payment-like" is
    /// deliberately plain, so that a reader can predict it: the action's name, or the host or a
    /// path segment of one of its routes, contains one of ``paymentWords``, or it declares an
    /// `integer` or `decimal` parameter whose name contains one of ``amountWords``.
    static func answerFindings(_ action: Action) -> [SpecDiagnostic] {
        guard action.convention.facts.signsAnswers, action.answers.signatures != .required,
            let route = action.routes.first(where: { !$0.isUniversalLink })
        else { return [] }
        func mentions(_ text: String, _ words: [String]) -> Bool {
            let lowercased = text.lowercased()
            return words.contains { lowercased.contains($0) }
        }
        let routeWords = action.routes.flatMap { route in
            [route.host]
                + route.segments.compactMap { segment -> String? in
                    if case .literal(let text) = segment { return text }
                    return nil
                }
        }
        let amount = action.parameters.first { ($0.type == .decimal || $0.type == .integer) && mentions($0.name, amountWords) }
        let reason: String
        if mentions(action.name, paymentWords) || routeWords.contains(where: { mentions($0, paymentWords) }) {
            reason = "its name or route says it is a payment"
        } else if let amount {
            reason = "it takes the amount '\(amount.name)'"
        } else {
            return []
        }
        return [
            SpecDiagnostic(
                severity: .note,
                rule: "unsigned-payment-answers",
                keyPath: "actions.\(action.name)",
                message:
                    "'\(action.name)' looks like a payment (\(reason)) and answers over the custom scheme '\(route.scheme):', which any app can register and then forge an approval on the request's own callback; sign its answers ('answers: {signatures: required, key: …}' with an ed25519 key)"
            )
        ]
    }
}
