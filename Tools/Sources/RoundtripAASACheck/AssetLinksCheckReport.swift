import RoundtripAssociatedDomains
import RoundtripTerminal

/// The live check of one host's `assetlinks.json`: what the fetch got, the findings, and for each
/// app asked for whether the host verifies it.
///
/// In JSON: `{"domain", "live", "findings", "packages": [{"package", "verified"}]}`, `live` and
/// each finding as in ``DomainReport``.
package struct AssetLinksDomainReport: Sendable, Encodable {
    /// Whether the host verifies one app.
    package struct PackageVerdict: Sendable, Hashable, Encodable {
        /// The app's package name.
        package let package: String
        /// Whether the host's file verifies it.
        package let verified: Bool

        /// A verdict.
        package init(package: String, verified: Bool) {
            self.package = package
            self.verified = verified
        }
    }

    /// The domain as given (`*.example.com` is checked at `example.com`).
    package let domain: CheckedDomain
    /// What the fetch got.
    package let live: FetchOutcome
    /// The findings, errors first.
    package let findings: [LintFinding]
    /// One verdict per app asked for.
    package let packages: [PackageVerdict]

    /// Whether a finding is an error: App Links of this host do not work as meant.
    package var hasErrors: Bool { findings.contains { $0.severity == .error } }

    /// Android's word for the host's result ("Verify Android App Links"): `verified` when the
    /// file was read and verifies every app asked for, or else the first error: `redirect`,
    /// `rejected`, `timeout`, a failure to connect, a file Android cannot read, or
    /// `package-not-verified`.
    package var result: String { findings.first { $0.severity == .error }?.rule ?? "verified" }

    /// A few lines for a terminal, each escaped (``TerminalText``).
    package var text: String {
        var lines = ["\(domain.domain)" + (domain.isWildcard ? " (checked at its apex, \(live.url))" : " (\(live.url))")]
        lines.append("  live:  \(live.summary)")
        for verdict in packages {
            lines.append("  \(verdict.package): " + (verdict.verified ? "verified" : "not verified"))
        }
        for finding in findings {
            lines.append("  \(finding)")
        }
        lines.append("  " + (hasErrors ? "FAIL (\(result))" : "ok (\(result))"))
        return TerminalText.lines(lines)
    }

    private enum CodingKeys: String, CodingKey { case domain, live, findings, packages }

    /// The JSON object; nulls written out.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(domain.domain, forKey: .domain)
        try container.encode(live, forKey: .live)
        try DomainReport.encode(findings, into: &container, forKey: .findings)
        try container.encode(packages, forKey: .packages)
    }
}

/// The live check of every host asked for, in the order asked: `{"domains": [...]}`.
package struct AssetLinksCheckReport: Sendable, Encodable {
    /// One report per host.
    package let domains: [AssetLinksDomainReport]

    /// Whether any host has an error finding (the command exits 1).
    package var hasErrors: Bool { domains.contains(where: \.hasErrors) }

    /// Every host's text, then a summary line.
    package var text: String {
        let failing = domains.filter(\.hasErrors).count
        let summary =
            "\(domains.count) domain\(domains.count == 1 ? "" : "s") checked: "
            + (failing == 0 ? "App Links can be verified" : "\(failing) with errors")
        return (domains.map(\.text) + [summary]).joined(separator: "\n\n")
    }
}
