extension SpecLinter {
    /// The findings about parameter shapes whose meaning hangs on how the caller spells them:
    ///
    /// - `presence-switch-unchecked` (warning): a `format: presence` switch on an action that
    ///   ignores or accepts undeclared parameters. A misspelled switch (`&newtab` for `&new-tab`)
    ///   is then not refused but dropped, and the switch reads as off: the caller never learns.
    /// - `space-list-plus` (note): a `list: space` parameter under `query-encoding: rfc3986`, where
    ///   `+` is a literal plus (as Foundation's `URLComponents` reads it): a caller whose encoder
    ///   writes spaces as `+` (HTML forms, `application/x-www-form-urlencoded`) sends one item.
    static func parameterShapeFindings(_ action: Action) -> [SpecDiagnostic] {
        let path = "actions.\(action.name).parameters"
        var findings: [SpecDiagnostic] = []
        for parameter in action.parameters {
            if parameter.isPresenceSwitch, action.unknownParameters != .reject {
                findings.append(
                    SpecDiagnostic(
                        severity: .warning,
                        rule: "presence-switch-unchecked",
                        keyPath: "\(path).\(parameter.name).format",
                        message:
                            "'\(parameter.name)' is a presence switch on an action with 'unknown-parameters: \(action.unknownParameters.rawValue)': a misspelled switch is dropped instead of refused, and reads as off; use 'unknown-parameters: reject' so a caller learns of the typo"
                    )
                )
            }
            if parameter.list == .space, action.queryEncoding == .rfc3986 {
                findings.append(
                    SpecDiagnostic(
                        severity: .note,
                        rule: "space-list-plus",
                        keyPath: "\(path).\(parameter.name).list",
                        message:
                            "'\(parameter.name)' is split on spaces, and under 'query-encoding: rfc3986' a '+' is a literal plus: a caller that writes spaces as '+' (an HTML form) sends a single item; callers must write %20, or give the action 'query-encoding: form'"
                    )
                )
            }
        }
        return findings
    }
}
