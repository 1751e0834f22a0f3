import RoundtripAssociatedDomains
import RoundtripTerminal

/// The live check of one domain: what Apple's crawler (and a plain client) got from the site,
/// what Apple's CDN serves, and the findings.
///
/// In JSON: `{"domain", "live", "cdn", "findings"}`: `live` is the crawler's fetch with the
/// plain client's under `plain`, `cdn` is `null` without the CDN, and each finding is
/// `{"severity", "rule", "path", "line", "column", "message"}`, as `roundtrip aasa lint --json`
/// writes them.
package struct DomainReport: Sendable, Encodable {
    /// The domain as claimed (`*.example.com`).
    package let domain: CheckedDomain
    /// What Apple's crawler got.
    package let live: FetchOutcome
    /// What a plain client got.
    package let plain: FetchOutcome
    /// What Apple's CDN serves; `nil` when not asked.
    package let cdn: FetchOutcome?
    /// The findings, errors first.
    package let findings: [LintFinding]

    /// Whether a finding is an error: universal links of this domain do not work as meant.
    package var hasErrors: Bool { findings.contains { $0.severity == .error } }

    /// A few lines for a terminal: the domain and the file's URL, each fetch in one line, every
    /// finding, and a verdict. Each line is escaped for the terminal (``TerminalText``): the
    /// server's answers (a `Location`, a `Content-Type`, the file's keys in findings) are shown,
    /// never acted on.
    package var text: String {
        var lines = ["\(domain.domain)" + (domain.isWildcard ? " (checked at its apex, \(live.url))" : " (\(live.url))")]
        lines.append("  live:  \(live.summary)")
        if plain.status != live.status || plain.body != live.body || plain.failure != live.failure {
            lines.append("  plain: \(plain.summary) (User-Agent \(plain.userAgent))")
        }
        if let cdn { lines.append("  cdn:   \(cdn.summary)") }
        for finding in findings {
            lines.append("  \(finding)")
        }
        let counts = LintFinding.Severity.allCases.compactMap { severity -> String? in
            let count = findings.filter { $0.severity == severity }.count
            return count == 0 ? nil : "\(count) \(severity.rawValue)\(count == 1 ? "" : "s")"
        }
        lines.append("  " + (hasErrors ? "FAIL" : "ok") + (counts.isEmpty ? "" : " (\(counts.joined(separator: ", ")))"))
        return TerminalText.lines(lines)
    }

    private enum CodingKeys: String, CodingKey { case domain, live, cdn, findings }

    /// The crawler's fetch with the plain client's under `plain`.
    private struct LiveObject: Encodable {
        let fetch: FetchOutcome
        let plain: FetchOutcome

        enum Keys: String, CodingKey { case plain }

        func encode(to encoder: any Encoder) throws {
            try fetch.encode(to: encoder)
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(plain, forKey: .plain)
        }
    }

    private enum FindingKeys: String, CodingKey { case severity, rule, path, line, column, message }

    /// The JSON object; nulls written out.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(domain.domain, forKey: .domain)
        try container.encode(LiveObject(fetch: live, plain: plain), forKey: .live)
        try container.encode(cdn, forKey: .cdn)
        try Self.encode(findings, into: &container, forKey: .findings)
    }

    /// Writes findings as `roundtrip aasa lint --json` does: `{"severity", "rule", "path", "line",
    /// "column", "message"}`, nulls written out.
    static func encode<Key: CodingKey>(
        _ findings: [LintFinding],
        into container: inout KeyedEncodingContainer<Key>,
        forKey key: Key
    ) throws {
        var list = container.nestedUnkeyedContainer(forKey: key)
        for finding in findings {
            var item = list.nestedContainer(keyedBy: FindingKeys.self)
            try item.encode(finding.severity.rawValue, forKey: .severity)
            try item.encode(finding.rule, forKey: .rule)
            try item.encode(finding.path, forKey: .path)
            try item.encode(finding.position?.line, forKey: .line)
            try item.encode(finding.position?.column, forKey: .column)
            try item.encode(finding.message, forKey: .message)
        }
    }
}
