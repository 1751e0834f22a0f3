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
/// `service-no-apps`, `duplicate-app`, `appclip-is-full-app`,
/// `shadowed-rule`, `unknown-substitution-variable`, `substitution-variable-name`,
/// `substitution-variable-value`, `substitution-variable-predefined`,
/// `substitution-variable-unused`, `substitution-too-large`, `invalid-percent-escape`,
/// `non-ascii-pattern`, `analysis-cut-short`; for serving, see ``lintServing(_:)``.
public enum AssociationLinter {
    /// Apple's limit on the uncompressed file: 128 KB (Apple's "Supporting associated domains").
    /// A larger file is not read: decoding reports `file-size`, and decoding strictly throws
    /// ``AssociationError/Code/tooLarge``.
    public static let maximumSize = 128 * 1024

    /// The steps the superlinear part of linting (`shadowed-rule`, which compares pairs of rules)
    /// may take for one file. Linear work (decoding, the other rules) is counted by the same
    /// meter but never stopped; a hostile 128 KB file reaches the budget in well under a second,
    /// and Apple-sized files (thousands of components) stay far below it.
    static let workBudget = 20_000_000

    /// Lints a file's bytes.
    ///
    /// - Parameter bytes: The file as served (UTF-8 JSON).
    /// - Returns: Findings, errors first, then in file order. A file over ``maximumSize`` gives
    ///   a single `file-size` error and is not read further.
    /// - Complexity: O(*n*) in the file size, plus the `shadowed-rule` comparisons, which stop
    ///   at a fixed budget of steps per file (then an `analysis-cut-short` note says so).
    public static func lint(_ bytes: [UInt8]) -> [LintFinding] {
        var meter = WorkMeter(limit: workBudget)
        return lint(bytes, meter: &meter)
    }

    /// Lints bytes with a given meter (tests set small budgets and read the steps).
    static func lint(_ bytes: [UInt8], meter: inout WorkMeter) -> [LintFinding] {
        var findings: [LintFinding] = []
        meter.charge(bytes.count)
        let decoded = AssociationDecoder.decode(bytes)
        findings += decoded.findings
        if let file = decoded.file {
            findings += lint(file, meter: &meter)
        }
        return sorted(findings)
    }

    /// Lints a decoded file (the rules that do not need the JSON text).
    ///
    /// - Returns: Findings in file order.
    /// - Complexity: O(*n*) in the size of the file's patterns and values, plus the
    ///   `shadowed-rule` comparisons, which stop at a fixed budget of steps per file.
    public static func lint(_ file: AssociationFile) -> [LintFinding] {
        var meter = WorkMeter(limit: workBudget)
        return lint(file, meter: &meter)
    }

    static func lint(_ file: AssociationFile, meter: inout WorkMeter) -> [LintFinding] {
        var findings: [LintFinding] = []
        findings += ModelRules.check(file)
        if let appLinks = file.applinks {
            findings += PatternRules.check(appLinks, meter: &meter)
            findings += ShadowRule.check(AssociationMatcher(file, meter: &meter), meter: &meter)
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
