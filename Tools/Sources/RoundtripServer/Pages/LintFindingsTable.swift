import RoundtripAssociatedDomains

/// The checker pages' table of lint findings, one row each: severity, rule, JSON path, line and
/// column in the file, message; the same fields `roundtrip aasa lint --json` and
/// `roundtrip assetlinks lint --json` give.
enum LintFindingsTable {
    /// The table, or nothing when there is no finding.
    static func html(_ findings: [LintFinding]) -> HTML {
        guard !findings.isEmpty else { return "" }
        let rows = findings.map { finding -> HTML in
            let place = finding.position.map { "\($0.line):\($0.column)" } ?? ""
            return
                "<tr><td>\(finding.severity.rawValue)</td><td><code>\(finding.rule)</code></td><td><code>\(finding.path)</code></td><td>\(place)</td><td>\(finding.message)</td></tr>"
        }
        return
            "<table class=\"findings\"><thead><tr><th>Severity</th><th>Rule</th><th>Path</th><th>Line:col</th><th>Message</th></tr></thead><tbody>\(rows)</tbody></table>"
    }

    /// The lint verdict line (`id="verdict"`): valid when no finding is an error.
    static func verdict(_ findings: [LintFinding]) -> HTML {
        let errors = findings.filter { $0.severity == .error }.count
        guard !findings.isEmpty else { return "<p id=\"verdict\">Valid: no findings.</p>" }
        return "<p id=\"verdict\">\(errors == 0 ? "Valid" : "Invalid"): \(findings.count) finding(s), \(errors) error(s).</p>"
    }
}
