/// Checks an association file the way iOS and Apple's CDN will read it, and reports every
/// problem with a stable rule id, a severity, its place and how to fix it.
///
/// ```swift
/// let findings = AssociationLinter.lint(Array(data))
/// let isValid = !findings.contains { $0.severity == .error }
/// ```
///
/// Rules: `syntax`, `schema`, `unknown-key`, `duplicate-key`, `ineffective-default`, `file-size`,
/// `no-services`, `app-id-format`, `app-id-and-app-ids`, `missing-app-id`, `mixed-paths-components`,
/// `legacy-paths`, `no-rules`, `apps-not-empty`, `empty-details`, `exclude-only`,
/// `shadowed-rule`, `unknown-substitution-variable`, `substitution-variable-name`,
/// `substitution-variable-value`, `substitution-variable-predefined`,
/// `substitution-variable-unused`, `substitution-too-large`, `invalid-percent-escape`,
/// `non-ascii-pattern`; for serving, see ``lintServing(_:)``.
public enum AssociationLinter {
    /// Apple's limit on the uncompressed file: 128 KB.
    public static let maximumSize = 128 * 1024

    /// Lints a file's bytes.
    ///
    /// - Parameter bytes: The file as served (UTF-8 JSON).
    /// - Returns: Findings, errors first, then in file order.
    /// - Complexity: O(*n*) in the file size, plus O(*r*²) pairs of rules per detail for
    ///   `shadowed-rule`.
    public static func lint(_ bytes: [UInt8]) -> [LintFinding] {
        var findings: [LintFinding] = []
        if bytes.count > maximumSize {
            findings.append(
                LintFinding(
                    .error,
                    rule: "file-size",
                    message:
                        "the file is \(bytes.count) bytes; Apple accepts at most \(maximumSize) bytes (128 KB) uncompressed. Merge rules with wildcards or substitution variables"
                )
            )
        }
        let decoded = AssociationDecoder.decode(bytes)
        findings += decoded.findings
        if let file = decoded.file {
            findings += lint(file)
        }
        return sorted(findings)
    }

    /// Lints a decoded file (the rules that do not need the JSON text).
    ///
    /// - Returns: Findings in file order.
    public static func lint(_ file: AssociationFile) -> [LintFinding] {
        var findings: [LintFinding] = []
        findings += ModelRules.check(file)
        if let appLinks = file.applinks {
            findings += PatternRules.check(appLinks)
            findings += ShadowRule.check(file)
        }
        return findings
    }

    static func sorted(_ findings: [LintFinding]) -> [LintFinding] {
        findings.enumerated().sorted { lhs, rhs in
            if lhs.element.severity != rhs.element.severity { return lhs.element.severity < rhs.element.severity }
            let left = lhs.element.position?.offset ?? -1
            let right = rhs.element.position?.offset ?? -1
            if left != right { return left < right }
            return lhs.offset < rhs.offset
        }.map(\.element)
    }
}
