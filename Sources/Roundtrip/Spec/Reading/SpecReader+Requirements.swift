/// An action's `required-callbacks` (callbacks a request must carry) and `requires-one-of`
/// (groups of optional parameters of which a request must carry at least one).
extension SpecReader {
    /// Reads `required-callbacks`: outcome names of an x-callback-url or ulc action, each one of
    /// the action's `outcomes`.
    ///
    /// - Parameter outcomes: The action's own `outcomes`, or `nil` for the convention's defaults.
    mutating func readRequiredCallbacks(_ node: DocumentNode?, convention: Convention, outcomes: [String]?, path actionPath: String) -> [String] {
        guard let node else { return [] }
        let path = Self.join(actionPath, ActionKey.requiredCallbacks.name)
        guard convention.facts.callbacksMayBeRequired else {
            error(
                "convention-mismatch",
                path,
                node,
                "'required-callbacks' applies to \(Convention.names { $0.callbacksMayBeRequired && !$0.describesOwnWayBack }) actions only "
                    + "(and to custom actions, which name their own callbacks): "
                    + "\(convention.rules.requiredCallbacksRefusal); drop it"
            )
            return []
        }
        guard let names = stringList(node, path) else { return [] }
        if names.isEmpty {
            error("empty-value", path, node, "list at least one outcome whose callback a request must carry (such as [success]), or drop the key")
            return []
        }
        let answered = outcomes ?? convention.defaultOutcomes
        var required: [String] = []
        for name in names {
            if required.contains(name) {
                error("duplicate-value", path, node, "the outcome '\(name)' is listed twice")
                continue
            }
            if !convention.defaultOutcomes.contains(name) {
                error(
                    "invalid-value",
                    path,
                    node,
                    "'\(name)' is not an outcome of \(convention) (its outcomes are \(convention.defaultOutcomes.joined(separator: ", "))); list outcomes, not parameter names"
                )
                continue
            }
            if !answered.contains(name) {
                error(
                    "invalid-value",
                    path,
                    node,
                    "'\(name)' is not among the action's outcomes (\(answered.joined(separator: ", "))), so its callback would never be opened; add it to 'outcomes' or drop it here"
                )
                continue
            }
            required.append(name)
        }
        return required
    }

    /// Reads `requires-one-of`: one group (a list of parameter names) or a list of groups, each of
    /// at least two optional query parameters of the action without a default.
    ///
    /// A member that is `required: true` or has a `default` is an error rather than a lint
    /// finding: a required member makes the group always met, and a defaulted one always has a
    /// value, so the handler could not tell whether the caller gave one; either way the group the
    /// author wrote would never refuse a request.
    ///
    /// `exclusive` (`key`) is read the same way: groups of at least two optional query
    /// parameters, of which a request may give at most one. A member with a `default` is allowed
    /// there, since what counts is whether the caller gave it.
    mutating func readRequiresOneOf(
        _ node: DocumentNode?,
        key: ActionKey = .requiresOneOf,
        parameters: [ParameterSpec],
        routes: [RoutePattern],
        path actionPath: String
    ) -> [[String]] {
        guard let node else { return [] }
        let path = Self.join(actionPath, key.name)
        guard let elements = node.elements else {
            error("wrong-type", path, node, "expected a list of parameter names ([id, day]) or a list of such lists ([[id, day], [text, url]])")
            return []
        }
        // One group ([id, day]) or several ([[id, day], [text, url]]).
        let isOneGroup = !elements.contains { $0.elements != nil }
        let groupNodes = isOneGroup ? [node] : elements
        if groupNodes.isEmpty || (isOneGroup && elements.isEmpty) {
            error("empty-value", path, node, "list a group of at least two parameter names, such as [id, day], or drop the key")
            return []
        }
        let placeholders = Set(routes.flatMap(\.placeholderNames))
        var groups: [[String]] = []
        for (index, groupNode) in groupNodes.enumerated() {
            let groupPath = isOneGroup ? path : "\(path)[\(index)]"
            guard let names = stringList(groupNode, groupPath) else { continue }
            if let group = checkGroup(names, node: groupNode, key: key, parameters: parameters, placeholders: placeholders, path: groupPath) {
                groups.append(group)
            }
        }
        return groups
    }

    private mutating func checkGroup(
        _ names: [String],
        node: DocumentNode,
        key: ActionKey,
        parameters: [ParameterSpec],
        placeholders: Set<String>,
        path: String
    ) -> [String]? {
        let exclusive = key == .exclusive
        let before = diagnostics.count
        if Set(names).count != names.count {
            error("duplicate-value", path, node, "a group lists each parameter once")
        }
        if Set(names).count < 2 {
            error(
                "invalid-value",
                path,
                node,
                exclusive
                    ? "a group needs at least two parameter names, of which a request may give at most one"
                    : "a group needs at least two parameter names (one of them is required); for a single parameter write 'required: true' on it"
            )
        }
        for name in names {
            if placeholders.contains(name) {
                error(
                    "invalid-value",
                    path,
                    node,
                    "'\(name)' is a route placeholder, which every request carries; a group names optional query parameters"
                )
            } else if let parameter = parameters.first(where: { $0.name == name }) {
                if parameter.isRequired {
                    let why =
                        exclusive
                        ? "every request gives it, and no other member of the group could ever be given"
                        : "the group is always met and never refuses a request"
                    error("invalid-value", path, node, "'\(name)' is 'required: true', so \(why); drop it from the group, or drop 'required'")
                } else if !exclusive, parameter.defaultValue != nil || parameter.defaultItems != nil {
                    error(
                        "invalid-default",
                        path,
                        node,
                        "'\(name)' has a default, so it always has a value and the handler cannot tell whether the caller gave one; drop it from the group, or drop its default"
                    )
                }
            } else {
                let declared = parameters.map(\.name).filter { !placeholders.contains($0) }
                let hint = NameSuggestion.closest(to: name, among: declared).map { " (did you mean '\($0)'?)" } ?? ""
                error(
                    "invalid-value",
                    path,
                    node,
                    "'\(name)' is not a parameter of this action\(hint); a group names the action's declared query parameters (\(declared.isEmpty ? "it has none" : declared.joined(separator: ", ")))"
                )
            }
        }
        return diagnostics.count == before ? names : nil
    }
}
