extension SpecLinter {
    /// `outcome-word-missing` (note): a custom action's `answer.outcome.values` gives the
    /// partner's words for some outcomes but not for one the action answers, so that outcome is
    /// written, and expected back, as Roundtrip's own name: the partner's documentation usually
    /// has a word of its own for it.
    static func wayBackFindings(_ action: Action) -> [SpecDiagnostic] {
        guard let field = action.customWayBack?.answer.outcome, !field.values.isEmpty else { return [] }
        return action.outcomes.filter { outcome in !field.values.contains { $0.outcome == outcome } }.map { outcome in
            SpecDiagnostic(
                severity: .note,
                rule: "outcome-word-missing",
                keyPath: "actions.\(action.name).answer.outcome.values",
                message:
                    "'\(outcome)' has no word of the partner's in 'values', so its answer says \(field.name)=\(outcome); add the partner's word for it if its documentation has one"
            )
        }
    }
}
