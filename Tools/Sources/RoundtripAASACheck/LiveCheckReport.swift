/// The live check of every domain asked for, in the order asked.
///
/// In JSON: `{"domains": [...]}`, each a ``DomainReport``.
package struct LiveCheckReport: Sendable, Encodable {
    /// One report per domain.
    package let domains: [DomainReport]

    /// A report.
    package init(domains: [DomainReport]) {
        self.domains = domains
    }

    /// Whether any domain has an error finding (the command exits 1).
    package var hasErrors: Bool { domains.contains(where: \.hasErrors) }

    /// Every domain's text, then a summary line.
    package var text: String {
        let failing = domains.filter(\.hasErrors).count
        let summary =
            "\(domains.count) domain\(domains.count == 1 ? "" : "s") checked: "
            + (failing == 0 ? "universal links can work" : "\(failing) with errors")
        return (domains.map(\.text) + [summary]).joined(separator: "\n\n")
    }
}
