/// Renders a report for people: the surface as a short inventory, then each finding with its fix.
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
            section(
                "URL schemes",
                surface.schemes.map { entry in
                    entry.scheme + (entry.bundleID.map { "  [\($0)]" } ?? "")
                }
            )
        )
        lines.append(
            section(
                "Associated domains",
                surface.domains.map { domain in
                    domain.entry + (domain.bundleID.map { "  [\($0)]" } ?? "")
                }
            )
        )
        lines.append(
            section(
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
            section(
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
        return lines.joined(separator: "\n") + "\n"
    }

    private static func section(_ title: String, _ items: [String]) -> String {
        guard !items.isEmpty else { return "  \(title): none" }
        return (["  \(title) (\(items.count)):"] + items.map { "    " + $0 }).joined(separator: "\n")
    }
}
