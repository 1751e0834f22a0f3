extension SpecLinter {
    /// The findings about `required-callbacks` and `requires-one-of`:
    ///
    /// - `required-callbacks-redundant` (note): on a ulc action, which always requires both of its
    ///   callbacks (`ulc-success` and `ulc-error`), so the key changes nothing.
    /// - `invalid-callback-redundant` (note): `invalid-callback: drop` on an action whose every
    ///   callback is required, so no callback is ever dropped.
    /// - `one-of-allows-empty` (note): a `requires-one-of` group whose every member has
    ///   `allow-empty`, so `name=` alone meets the group, as `required-allows-empty` notes for a
    ///   required parameter.
    static func requirementFindings(_ action: Action) -> [SpecDiagnostic] {
        var findings: [SpecDiagnostic] = []
        if !action.requiredCallbacks.isEmpty, let message = action.convention.rules.requiredCallbacksRedundancy(on: action.name) {
            findings.append(
                SpecDiagnostic(
                    severity: .note,
                    rule: "required-callbacks-redundant",
                    keyPath: "actions.\(action.name).required-callbacks",
                    message: message
                )
            )
        }
        if action.invalidCallback == .drop {
            // Every callback a request can carry: the action's own, or the convention's.
            let keys =
                action.convention.facts.describesOwnWayBack
                ? action.wayBack.callbacks.map(\.outcome) : action.convention.facts.callbacks.map(\.outcome)
            if !keys.isEmpty, keys.allSatisfy(action.requiredCallbacks.contains) {
                findings.append(
                    SpecDiagnostic(
                        severity: .note,
                        rule: "invalid-callback-redundant",
                        keyPath: "actions.\(action.name).invalid-callback",
                        message:
                            "every callback of the action '\(action.name)' is in 'required-callbacks', and a required callback the policy refuses still refuses the request, so 'invalid-callback: drop' never drops one; drop the key, or make a callback optional"
                    )
                )
            }
        }
        for (index, group) in action.requiresOneOf.enumerated() {
            let members = group.compactMap { action.parameter(named: $0) }
            guard members.count == group.count, members.allSatisfy(\.allowsEmpty) else { continue }
            let path = action.requiresOneOf.count > 1 ? "actions.\(action.name).requires-one-of[\(index)]" : "actions.\(action.name).requires-one-of"
            findings.append(
                SpecDiagnostic(
                    severity: .note,
                    rule: "one-of-allows-empty",
                    keyPath: path,
                    message:
                        "every member of the group \(group.map { "'\($0)'" }.joined(separator: ", ")) allows an empty value, so '\(group[0])=' alone meets it; drop 'allow-empty' from one if an empty value should not count"
                )
            )
        }
        return findings
    }
}
