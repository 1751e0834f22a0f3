import RoundtripAssociatedDomains
import Testing

@testable import RoundtripAASACheck

/// The findings of fetches described as data: every rule without a network.
@Suite struct LiveEvaluatorTests {
    static let url = "https://example.com/.well-known/apple-app-site-association"

    static func fetch(
        _ status: Int?,
        _ body: String = TestFiles.good,
        type: String? = "application/json",
        agent: String = "AASA-Bot/1.0.0"
    )
        -> FetchOutcome
    {
        var outcome = FetchOutcome(url: url, userAgent: agent)
        outcome.status = status
        outcome.contentType = type
        outcome.body = status == nil ? [] : Array(body.utf8)
        if status == nil { outcome.failure = .init(code: "timeout", message: "example.com did not answer in time") }
        return outcome
    }

    static func findings(crawler: FetchOutcome, plain: FetchOutcome? = nil, cdn: FetchOutcome? = nil) throws -> [LintFinding] {
        LiveEvaluator(
            domain: try CheckedDomain("example.com"),
            fetches: .init(crawler: crawler, plain: plain ?? crawler, cdn: cdn),
            checksRoutes: false,
            routes: [],
            appIDs: []
        ).findings()
    }

    @Test func theSameJSONInOtherBytesIsTheSameFile() throws {
        let respaced = TestFiles.good.replacingOccurrences(of: ", ", with: ",\n  ")
        #expect(try Self.findings(crawler: Self.fetch(200), cdn: Self.fetch(200, respaced)).isEmpty)
    }

    @Test(
        arguments: [
            // A redirect without Location still names what happened.
            (Self.fetch(302, ""), Self.fetch(302, ""), nil, ["serving-redirect"]),
            // Different files by user agent: Apple reads the crawler's.
            (Self.fetch(200), Self.fetch(200, TestFiles.old, agent: "plain"), nil, ["user-agent-differs"]),
            // Only the plain client is refused: a note, Apple is fine.
            (Self.fetch(200), Self.fetch(403, "", agent: "plain"), nil, ["user-agent-differs"]),
            // A timeout is an error; the CDN's 404 is one too.
            (Self.fetch(nil), Self.fetch(nil), Self.fetch(404, ""), ["timeout", "cdn-status"]),
            // The CDN unreachable from here is a warning: devices may well reach it.
            (Self.fetch(200), Self.fetch(200), Self.fetch(nil), ["cdn-unreachable"]),
            // A 500 to everyone is a status error, not bot protection.
            (Self.fetch(500, ""), Self.fetch(500, ""), nil, ["serving-status"]),
        ] as [(FetchOutcome, FetchOutcome, FetchOutcome?, [String])]
    )
    func rules(crawler: FetchOutcome, plain: FetchOutcome, cdn: FetchOutcome?, rules: [String]) throws {
        let findings = try Self.findings(crawler: crawler, plain: plain, cdn: cdn)
        #expect(findings.map(\.rule) == rules)
    }

    @Test func severities() throws {
        let differs = try Self.findings(crawler: Self.fetch(200), plain: Self.fetch(200, TestFiles.old, agent: "plain"))
        #expect(differs.map(\.severity) == [.warning])
        let noted = try Self.findings(crawler: Self.fetch(200), plain: Self.fetch(403, "", agent: "plain"))
        #expect(noted.map(\.severity) == [.note])
        #expect(noted[0].message.contains("a plain client (User-Agent plain) with 403"))
        let redirect = try Self.findings(crawler: Self.fetch(302, ""))
        #expect(redirect[0].message.contains("answered 302, a redirect without a Location"))
    }

    @Test func theTextOfAReportEscapesWhatTheServerSent() throws {
        var live = Self.fetch(301, "", type: "text/html\u{1B}[2J")
        live.location = "https://example.com/\u{1B}]0;title\u{07}\n  ok"
        let report = DomainReport(
            domain: try CheckedDomain("example.com"),
            live: live,
            plain: live,
            cdn: nil,
            findings: [LintFinding(.error, rule: "redirect", message: "went to \u{202E}moc.elpmaxe\u{9B}")]
        )
        let text = report.text
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) || $0.value == 0x202E })
        #expect(text.contains("text/html\\u{1B}[2J"))
        #expect(text.contains("Location: https://example.com/\\u{1B}]0;title\\u{07}\\u{0A}  ok"))
        #expect(text.contains("went to \\u{202E}moc.elpmaxe\\u{9B}"))
        #expect(text.split(separator: "\n").count == 4, "\(text)")
        #expect(LiveCheckReport(domains: [report]).text.hasPrefix(text))
    }
}
