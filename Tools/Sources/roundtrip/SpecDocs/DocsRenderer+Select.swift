import Roundtrip

/// What a partner reads about an action's `select` pairs, in its facts.
extension DocsRenderer {
    /// The "Select" fact: the fixed pairs a request carries to reach this action among those at
    /// its route; an action without `select` reads as it always did.
    func selectFacts(_ action: Action) -> [DocsFact] {
        guard !action.select.isEmpty else { return [] }
        let pairs = action.select.map { pair -> [DocsInline] in
            [.code(QueryCodec.encodeComponent(pair.name) + "=" + QueryCodec.encodeComponent(pair.value ?? ""))]
        }
        return [
            DocsFact(
                term: "Select",
                value: [.text("the query carries ")] + joined(pairs)
                    + [
                        .text(
                            " exactly: these pairs choose this action among those at its route (most pairs first), and are not parameters."
                        )
                    ]
            )
        ]
    }
}
