import RoundtripTerminal

/// Renders a report for people: the surface as a short inventory, then each finding with its fix.
///
/// Every line is escaped for the terminal (``TerminalText``): names, messages and paths come
/// from the audited app, so a control character in them is shown, never acted on.
package enum TextReport {
    /// The text of a report, ending with a newline.
    ///
    /// - Complexity: O(*n*) in the size of the report.
    package static func render(_ report: AuditReport) -> String {
        let surface = report.surface
        var lines: [String] = []
        let identity = [surface.app.name, surface.app.appID ?? surface.app.bundleID].compactMap { $0 }.joined(separator: " — ")
        lines.append("\(report.path) (\(report.kind.rawValue))" + (identity.isEmpty ? "" : ": \(identity)"))
        lines.append("")
        lines.append("Attack surface")
        lines.append(
            contentsOf: section(
                "URL schemes",
                surface.schemes.map { entry in
                    entry.scheme + (entry.bundleID.map { "  [\($0)]" } ?? "")
                }
            )
        )
        lines.append(
            contentsOf: section(
                "Associated domains",
                surface.domains.map { domain in
                    domain.entry + (domain.bundleID.map { "  [\($0)]" } ?? "")
                }
            )
        )
        lines.append(
            contentsOf: section(
                "Extensions",
                surface.extensions.map { point in
                    var text = "\(point.identifier)  \(point.bundleID ?? point.path)"
                    switch point.activationRule {
                    case .predicate(let predicate)?: text += "  rule: \(predicate)"
                    case .dictionary(let entries)?: text += "  rule: " + entries.keys.sorted().joined(separator: ", ")
                    case nil: break
                    }
                    if point.requestsOpenAccess == true { text += "  open access" }
                    return text
                }
            )
        )
        lines.append(
            contentsOf: section(
                "Document types",
                surface.documentTypes.map { type in
                    (type.name ?? "unnamed") + ": " + type.contentTypes.joined(separator: ", ")
                }
            )
        )
        lines.append("  Queried schemes: \(surface.queriedSchemes.count)")
        lines.append("")
        if report.findings.isEmpty {
            lines.append("No findings.")
        } else {
            lines.append("Findings")
            for finding in report.findings {
                lines.append("  \(finding.severity.rawValue): \(finding.message) [\(finding.rule)]")
                lines.append("    at \(finding.location)")
                lines.append("    fix: \(finding.fix)")
            }
        }
        lines.append("")
        lines.append("\(report.count(.error)) errors, \(report.count(.warning)) warnings, \(report.count(.note)) notes")
        return TerminalText.lines(lines) + "\n"
    }

    /// A section's lines: its title, then one line per item.
    private static func section(_ title: String, _ items: [String]) -> [String] {
        guard !items.isEmpty else { return ["  \(title): none"] }
        return ["  \(title) (\(items.count)):"] + items.map { "    " + $0 }
    }
}
