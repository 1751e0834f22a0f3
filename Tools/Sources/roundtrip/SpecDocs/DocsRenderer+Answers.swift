import Roundtrip

/// What a partner reads about signed answers and exact callback matching, in an action's
/// Security facts.
extension DocsRenderer {
    /// The "Answers" fact (when the action signs its answers), the "Callback match" fact
    /// (under `callback-match: exact`) and the "Callbacks may use" fact (the action's own
    /// `allow-schemes`); an action with none reads as it always did.
    func answerFacts(_ action: Action) -> [DocsFact] {
        var facts: [DocsFact] = []
        if action.answers.signatures != .off {
            let signature: [DocsInline] = [
                .text(" with key "), .code(action.answers.keyID ?? ""), .text(": the callback ends with "),
                .code("rt-kid=<key id>&rt-ts=<unix seconds>&rt-sig=<signature>"),
                .text(" over its exact bytes before "), .code("&rt-sig="), .text(" (the caller's "), .code("rt-state"),
                .text(" included), fresh within 300 seconds"),
            ]
            let value: [DocsInline] =
                switch action.answers.signatures {
                case .off, .optional: [.text("signed when the app can")] + signature + [.text("; a caller checks a signature when present.")]
                case .required:
                    [.text("always signed")] + signature + [
                        .text("; a caller refuses an unsigned answer ("), .code("missing-signature"), .text(")."),
                    ]
                }
            facts.append(DocsFact(term: "Answers", value: value))
        }
        if action.callbackMatch == .exact, action.convention.hasWayBack {
            facts.append(
                DocsFact(
                    term: "Callback match",
                    value: [
                        .text("exact: a callback must be one of the allow-list's URLs byte for byte, followed by nothing but "),
                        .code("?rt-state=…"), .text(" (RFC 9700 section 4.1.3)."),
                    ]
                )
            )
        }
        // An action's own `allow-schemes` replaces the app's list, which the callback policy's
        // paragraph gives; without a `callbacks` list only, where the list decides.
        if let schemes = action.allowSchemes, spec.callbacks == nil, action.convention.facts.checksCallbackSchemes {
            let value: [DocsInline] =
                schemes.isEmpty
                ? [.text("none of the forbidden schemes, whatever the app allows.")]
                : [.text("these forbidden schemes all the same, in place of the app's: ")] + joined(schemes.map { [.code($0 + ":")] })
                    + [.text(".")]
            facts.append(DocsFact(term: "Callbacks may use", value: value))
        }
        return facts
    }
}
