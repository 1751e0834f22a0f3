/// An action's `select`: the fixed query pairs that tell it apart from other actions at the same
/// route (a ride-hailing app's `rides://?action=setPickup`).
extension SpecReader {
    /// Reads `select`, refusing what could never select the action or would clash with what the
    /// query already carries: an empty mapping, a value that is not a non-empty string, a name
    /// that is a declared parameter or route placeholder, an `rt-` name or one of the
    /// convention's callback parameters, more than ``SelectionOverlaps/maximumPairs`` pairs, and
    /// `select` on an action whose whole query is one value.
    ///
    /// - Returns: The pairs in file order; empty without `select` or when it is refused.
    mutating func readSelect(
        _ node: DocumentNode?,
        parameters: [ParameterSpec],
        convention: Convention,
        keys: ConventionKeys,
        hasQueryValue: Bool,
        path actionPath: String
    ) -> [QueryItem] {
        guard let node else { return [] }
        let path = Self.join(actionPath, ActionKey.select)
        guard let members = node.members else {
            error("wrong-type", path, node, "expected a mapping of query names to the values that select the action, such as {action: setPickup}")
            return []
        }
        if hasQueryValue {
            error(
                "convention-mismatch",
                path,
                node,
                "an action with 'query-value' takes the whole query as one value, so it has no query pairs to select on; drop 'select' or 'query-value'"
            )
            return []
        }
        if members.isEmpty {
            error("empty-value", path, node, "list at least one pair (name: value) that selects the action, or drop 'select'")
            return []
        }
        if members.count > SelectionOverlaps.maximumPairs {
            error(
                "invalid-value",
                path,
                node,
                "'select' lists \(members.count) pairs; an action selects on at most \(SelectionOverlaps.maximumPairs), which tell it apart from the others at its route"
            )
            return []
        }
        let entries = namedEntries(node, path)
        var pairs: [QueryItem] = []
        for member in entries {
            let name = member.key
            let pairPath = { Self.join(path, name) }
            let keyNode = Self.keyNode(member)
            let before = diagnostics.count
            checkParameterName(
                name,
                pairPath(),
                keyNode,
                convention: convention,
                returnParameter: keys.returnParameter,
                responsePrefix: keys.responsePrefix
            )
            if parameters.contains(where: { $0.name == name }) {
                error(
                    "duplicate-value",
                    pairPath(),
                    keyNode,
                    "'\(name)' is both a select pair and a parameter (or route placeholder) of this action; a select pair is fixed and consumed, so drop it from 'parameters' or from 'select'"
                )
            }
            guard case .string(let value) = member.value.value else {
                error(
                    "wrong-type",
                    pairPath(),
                    member.value,
                    "a select value is the exact text the query carries, so write it as a string (\(name): \"…\"), not \(member.value.typeName)"
                )
                continue
            }
            if value.isEmpty {
                error(
                    "empty-value",
                    pairPath(),
                    member.value,
                    "a select value must not be empty: '\(name)=' and '\(name)' carry nothing to tell actions apart; give the value the query carries"
                )
                continue
            }
            checkNameCharacters(value, pairPath(), member.value, what: "the select value")
            if diagnostics.count == before { pairs.append(QueryItem(name: name, value: value)) }
        }
        return pairs
    }
}
