import RoundtripAudit
import Testing

@Suite("Associated domain rules (MASTG-TEST-0070)")
struct AssociatedDomainRuleTests {
    static let cases: [(entry: String, rule: String?)] = [
        ("applinks:example.com", nil),
        ("applinks:www.example.com", nil),
        ("applinks:*.example.com", nil),
        ("webcredentials:example.com", nil),
        ("appclips:clip.example.com", nil),
        ("activitycontinuation:example.com", nil),
        ("applinks:example.com?mode=managed", nil),
        ("applinks:xn--bcher-kva.example", nil),
        ("applinks:example.com?mode=developer", "developer-mode-domain"),
        ("applinks:example.com?mode=developer+managed", "developer-mode-domain"),
        ("example.com", "malformed-associated-domain"),
        ("https://example.com", "malformed-associated-domain"),
        ("applinks:https://example.com", "malformed-associated-domain"),
        ("applinks: example.com", "malformed-associated-domain"),
        ("applinks:example.com:8443", "malformed-associated-domain"),
        ("applinks:example.com/path", "malformed-associated-domain"),
        ("applinks:*", "malformed-associated-domain"),
        ("applinks:*.com", "malformed-associated-domain"),
        ("applinks:www.*.example.com", "malformed-associated-domain"),
        ("applinks:*example.com", "malformed-associated-domain"),
        ("applinks:", "malformed-associated-domain"),
        ("applink:example.com", "malformed-associated-domain"),
        ("applinks:example.com?mode=debug", "malformed-associated-domain"),
        ("applinks:exa_mple.com", "malformed-associated-domain"),
        ("applinks:example..com", "malformed-associated-domain"),
    ]

    @Test("one entry, one rule", arguments: cases)
    func entry(_ entry: String, rule: String?) throws {
        let report = try AuditHelpers.audit(
            info: Plist.info(),
            entitlements: Plist.entitlements(domains: [entry])
        )
        let domainRules: Set<String> = ["malformed-associated-domain", "developer-mode-domain"]
        #expect(AuditHelpers.rules(report).filter(domainRules.contains) == (rule.map { [$0] } ?? []), "entry \(entry)")
        #expect(report.surface.domains.map(\.entry) == [entry])
        if let finding = report.findings.first(where: { $0.rule == rule }) {
            #expect(finding.location == "Example.app/archived-expanded-entitlements.xcent:com.apple.developer.associated-domains[0]")
        }
    }

    @Test("entries are split by service, host and mode")
    func split() {
        let domain = AssociatedDomain(entry: "applinks:*.example.com?mode=developer", location: "x")
        #expect(domain.service == "applinks")
        #expect(domain.host == "*.example.com")
        #expect(domain.mode == "developer")
        #expect(domain.covers("a.example.com"))
        #expect(!domain.covers("example.org"))
        #expect(!AssociatedDomain(entry: "applinks:example.com", location: "x").covers("a.example.com"))
    }

    /// Apple's "Supporting associated domains": a `*.` prefix matches the domain's subdomains, and
    /// each subdomain that is wanted as well as the apex needs its own entry, so `*.example.com`
    /// does not cover `example.com`.
    @Test(
        "a wildcard covers subdomains, never the apex (Apple's Supporting associated domains)",
        arguments: [
            ("applinks:*.example.com", "www.example.com", true),
            ("applinks:*.example.com", "a.b.example.com", true),
            ("applinks:*.example.com", "WWW.Example.COM", true),
            ("applinks:*.example.com", "example.com", false),
            ("applinks:*.example.com", "badexample.com", false),
            ("applinks:example.com", "example.com", true),
            ("applinks:example.com", "www.example.com", false),
        ]
    )
    func wildcardCoverage(entry: String, host: String, covered: Bool) {
        #expect(AssociatedDomain(entry: entry, location: "x").covers(host) == covered)
    }
}
