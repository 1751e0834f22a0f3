import Roundtrip

/// What a partner reads about an action's `select` pairs, `required-callbacks` and
/// `requires-one-of`, in its facts.
extension DocsRenderer {
    /// The "Select", "Required callbacks" and "Requires one of" facts; an action without the keys
    /// reads as it always did.
    func selectFacts(_ action: Action) -> [DocsFact] {
        var facts: [DocsFact] = []
        if !action.select.isEmpty {
            let pairs = action.select.map { pair -> [DocsInline] in
                [.code(QueryCodec.encodeComponent(pair.name) + "=" + QueryCodec.encodeComponent(pair.value ?? ""))]
            }
            facts.append(
                DocsFact(
                    term: "Select",
                    value: [.text("the query carries ")] + joined(pairs)
                        + [
                            .text(
                                " exactly: these pairs choose this action among those at its route (most pairs first), and are not parameters."
                            )
                        ]
                )
            )
        }
        let required = action.callbackParameters.filter { action.requiredCallbacks.contains($0.outcome) }
        if !required.isEmpty {
            facts.append(
                DocsFact(
                    term: "Required callbacks",
                    value: joined(required.map { [.code($0.parameter)] })
                        + [.text(": a request without one is refused ("), .code("missing-callback"), .text(").")]
                )
            )
        }
        for group in action.requiresOneOf {
            facts.append(
                DocsFact(
                    term: "Requires one of",
                    value: joined(group.map { [.code($0)] }, last: "or")
                        + [.text(": a request with none of them is refused ("), .code("missing-parameter"), .text(").")]
                )
            )
        }
        for group in action.exclusive {
            facts.append(
                DocsFact(
                    term: "At most one of",
                    value: joined(group.map { [.code($0)] }, last: "or")
                        + [.text(": a request with two of them is refused ("), .code("invalid-parameter"), .text(").")]
                )
            )
        }
        return facts
    }
}
