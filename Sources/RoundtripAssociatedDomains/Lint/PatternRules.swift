import Roundtrip

/// Lint rules about patterns: substitution variables and percent-encoding.
enum PatternRules {
    /// - Complexity: O(*n*) in the size of the patterns and values.
    static func check(_ appLinks: AppLinks, meter: inout WorkMeter) -> [LintFinding] {
        var findings: [LintFinding] = []
        let predefined = PatternCompiler.predefinedNames
        // Every name used as $(name), from one pass over the patterns.
        var used = Set<String>()
        for detail in appLinks.details {
            for pattern in patterns(of: detail) {
                meter.charge(pattern.text.utf8.count)
                for case .variable(let name) in PatternCompiler.pieces(of: pattern.text) { used.insert(name) }
            }
        }
        for variable in appLinks.substitutionVariables {
            let path = ModelReader.keyPath("applinks.substitutionVariables", variable.name)
            if variable.name.isEmpty || variable.name.contains(where: { $0 == "$" || $0 == "(" || $0 == ")" }) {
                findings.append(
                    LintFinding(
                        .error,
                        rule: "substitution-variable-name",
                        path: path,
                        message: "the variable name '\(variable.name)' is invalid; names are non-empty and contain no '$', '(' or ')'"
                    )
                )
            }
            if predefined.contains(variable.name) {
                findings.append(
                    LintFinding(
                        .warning,
                        rule: "substitution-variable-predefined",
                        path: path,
                        message: "'\(variable.name)' redefines Apple's predefined variable $(\(variable.name)); choose another name"
                    )
                )
            }
            for value in variable.values where value.contains("$(") {
                findings.append(
                    LintFinding(
                        .error,
                        rule: "substitution-variable-value",
                        path: path,
                        message: "the value '\(value)' refers to another variable; values may contain * and ? but no $(…)"
                    )
                )
            }
            if !used.contains(variable.name) {
                findings.append(
                    LintFinding(
                        .note,
                        rule: "substitution-variable-unused",
                        path: path,
                        message: "the variable '\(variable.name)' is not used by any pattern; remove it"
                    )
                )
            }
        }
        var compiler = PatternCompiler(variables: appLinks.substitutionVariables)
        for (detailIndex, detail) in appLinks.details.enumerated() {
            for pattern in patterns(of: detail) {
                let path = "applinks.details[\(detailIndex)]" + pattern.path
                let position = pattern.position ?? detail.position
                let quoted = ComponentSummary.abbreviated(pattern.text)
                for problem in compiler.compile(pattern.text, caseSensitive: true, percentEncoded: true).problems {
                    switch problem {
                    case .unknownVariable(let name):
                        findings.append(
                            LintFinding(
                                .error,
                                rule: "unknown-substitution-variable",
                                path: path,
                                position: position,
                                message:
                                    "the pattern \"\(quoted)\" uses $(\(name)), which is neither predefined (\(predefined.joined(separator: ", "))) nor in substitutionVariables, so it never matches; define it or fix the name"
                            )
                        )
                    case .tooManyAlternatives(let count):
                        findings.append(
                            LintFinding(
                                .error,
                                rule: "substitution-too-large",
                                path: path,
                                position: position,
                                message:
                                    "the pattern \"\(quoted)\" expands to \(count) alternatives (more than \(PatternCompiler.maximumAlternatives)); use fewer variables or shorter value lists"
                            )
                        )
                    }
                }
                guard pattern.component.map({ appLinks.isPercentEncoded($0, in: detail) }) ?? true else { continue }
                if PercentText.hasInvalidEscape(pattern.text) {
                    findings.append(
                        LintFinding(
                            .warning,
                            rule: "invalid-percent-escape",
                            path: path,
                            position: position,
                            message:
                                "the pattern \"\(quoted)\" has a '%' not followed by two hex digits, but percentEncoded is true; write %25 for a literal '%' or set \"percentEncoded\": false"
                        )
                    )
                }
                if pattern.text.unicodeScalars.contains(where: { !$0.isASCII }) {
                    findings.append(
                        LintFinding(
                            .warning,
                            rule: "non-ascii-pattern",
                            path: path,
                            position: position,
                            message:
                                "the pattern \"\(quoted)\" has non-ASCII characters but percentEncoded is true; percent-encode them or set \"percentEncoded\": false"
                        )
                    )
                }
            }
        }
        meter.charge(compiler.steps)
        return findings
    }

    struct PatternText {
        let text: String
        let path: String
        let position: SourcePosition?
        /// The component the pattern belongs to; `nil` for a legacy path.
        let component: AppLinks.Component?
    }

    /// Every pattern of a detail with its key path.
    static func patterns(of detail: AppLinks.Detail) -> [PatternText] {
        var result: [PatternText] = []
        for (index, component) in (detail.components ?? []).enumerated() {
            let base = ".components[\(index)]"
            if let path = component.path {
                result.append(PatternText(text: path, path: base + "[\"/\"]", position: component.position, component: component))
            }
            switch component.query {
            case .whole(let text): result.append(PatternText(text: text, path: base + "[\"?\"]", position: component.position, component: component))
            case .items(let items):
                for item in items {
                    result.append(
                        PatternText(
                            text: item.pattern,
                            path: ModelReader.keyPath(base + "[\"?\"]", item.name),
                            position: component.position,
                            component: component
                        )
                    )
                }
            case nil: break
            }
            if let fragment = component.fragment {
                result.append(PatternText(text: fragment, path: base + "[\"#\"]", position: component.position, component: component))
            }
        }
        for (index, text) in (detail.paths ?? []).enumerated() {
            let pattern = text.hasPrefix("NOT ") ? String(text.dropFirst(4)) : text
            result.append(PatternText(text: pattern, path: ".paths[\(index)]", position: detail.position, component: nil))
        }
        return result
    }
}
