import Foundation
import RoundtripToolsTestSupport
import Testing

/// `roundtrip aasa check` as a user runs it, against the loopback sites.
@Suite(.serialized) struct AASACheckCommandTests {
    static func run(_ arguments: [String], sites: TestSites, sitePort: Int, cdnPort: Int) throws -> CommandLineRunner.Result {
        let caFile = try sites.pki.writeCAFile()
        defer { try? FileManager.default.removeItem(atPath: caFile) }
        let resolves = TestSites.resolves(sitePort: sitePort, cdnPort: cdnPort).flatMap { ["--resolve", $0] }
        return try CommandLineRunner.run(
            ["aasa", "check"] + arguments + resolves + ["--ca-file", caFile, "--timeout", "5"],
            environment: ["ROUNDTRIP_AASA_CDN_URL": "https://cdn.test/a/v1"]
        )
    }

    @Test func aWellServedDomainExitsZero() async throws {
        let sites = try TestSites()
        try await sites.run { sitePort, cdnPort in
            let result = try Self.run(
                ["good.test", "*.good.test", "--app-id", "ABCDE12345.com.example.shop"],
                sites: sites,
                sitePort: sitePort,
                cdnPort: cdnPort
            )
            #expect(result.exitCode == 0, "\(result.stdout)\(result.stderr)")
            #expect(result.stdout.contains("good.test (https://good.test/.well-known/apple-app-site-association)"))
            #expect(result.stdout.contains("*.good.test (checked at its apex, https://good.test/.well-known/apple-app-site-association)"))
            #expect(result.stdout.contains("2 domains checked: universal links can work"))
        }
    }

    @Test func jsonHasTheDomainsLiveCDNAndFindings() async throws {
        let sites = try TestSites()
        try await sites.run { sitePort, cdnPort in
            let result = try Self.run(["bot.test", "stale.test", "--json"], sites: sites, sitePort: sitePort, cdnPort: cdnPort)
            #expect(result.exitCode == 1)
            let json = try #require(result.json)
            let domains = try #require(json["domains"] as? [[String: Any]])
            #expect(domains.map { $0["domain"] as? String } == ["bot.test", "stale.test"])
            #expect(Set(domains[0].keys) == ["domain", "live", "cdn", "findings"])
            let live = try #require(domains[0]["live"] as? [String: Any])
            #expect(live["status"] as? Int == 403)
            #expect(live["userAgent"] as? String == "AASA-Bot/1.0.0")
            #expect((live["plain"] as? [String: Any])?["status"] as? Int == 200)
            let findings = try #require(domains[0]["findings"] as? [[String: Any]])
            #expect(findings.map { $0["rule"] as? String } == ["bot-protection"])
            #expect(findings.first?["severity"] as? String == "error")
            let cdn = try #require(domains[1]["cdn"] as? [String: Any])
            #expect(cdn["url"] as? String == "https://cdn.test/a/v1/stale.test")
            #expect(cdn["status"] as? Int == 200)
            #expect((domains[1]["findings"] as? [[String: Any]])?.map { $0["rule"] as? String } == ["cdn-differs"])
        }
    }

    @Test(arguments: [(false, Int32(0)), (true, Int32(1))])
    func specRoutesMustOpenTheApp(extraRoute: Bool, exitCode: Int32) async throws {
        let sites = try TestSites()
        let specFile = FileManager.default.temporaryDirectory.appendingPathComponent("roundtrip-aasa-check-\(UUID().uuidString).yaml").path
        try LiveCheckerTests.specText(extraRoute: extraRoute).write(toFile: specFile, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: specFile) }
        try await sites.run { sitePort, cdnPort in
            let result = try Self.run(["*.good.test", "--spec", specFile], sites: sites, sitePort: sitePort, cdnPort: cdnPort)
            #expect(result.exitCode == exitCode, "\(result.stdout)\(result.stderr)")
            #expect(result.stdout.contains("error [route-not-matched]: the action 'refund'") == extraRoute)
        }
    }

    @Test func noCDNLeavesTheCDNOut() async throws {
        let sites = try TestSites()
        try await sites.run { sitePort, cdnPort in
            let result = try Self.run(["redirect.test", "--no-cdn", "--json"], sites: sites, sitePort: sitePort, cdnPort: cdnPort)
            #expect(result.exitCode == 1)
            let domain = try #require((result.json?["domains"] as? [[String: Any]])?.first)
            #expect(domain["cdn"] is NSNull)
            #expect((domain["findings"] as? [[String: Any]])?.map { $0["rule"] as? String } == ["serving-redirect"])
        }
    }

    @Test func anUntrustedCertificateFailsWithoutTheCAFile() async throws {
        let sites = try TestSites()
        try await sites.run { sitePort, cdnPort in
            let resolves = TestSites.resolves(sitePort: sitePort, cdnPort: cdnPort).flatMap { ["--resolve", $0] }
            let result = try CommandLineRunner.run(["aasa", "check", "good.test", "--no-cdn", "--json"] + resolves)
            #expect(result.exitCode == 1)
            let domain = try #require((result.json?["domains"] as? [[String: Any]])?.first)
            #expect(((domain["live"] as? [String: Any])?["error"] as? [String: Any])?["code"] as? String == "certificate")
        }
    }

    @Test(arguments: [
        (["https://example.com"], "error: 'https://example.com' is a URL; give the domain alone, for example example.com"),
        (["example.com", "--resolve", "example.com:443"], "error: --resolve takes DOMAIN:PORT:ADDRESS"),
        (["example.com", "--timeout", "0"], "error: --timeout takes seconds above 0 and at most 300, not '0'"),
        (["example.com", "--ca-file", "/nonexistent.pem"], "error: cannot read the CA file /nonexistent.pem (does it exist?)"),
        ([], "give at least one DOMAIN"),
        (Array(repeating: "example.com", count: 1001), "error: 1001 domains given; check at most 1000 at once"),
    ])
    func badUsageExitsTwo(arguments: [String], message: String) throws {
        let result = try CommandLineRunner.run(["aasa", "check"] + arguments)
        #expect(result.exitCode == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    /// Twenty domains through the command (a process started, 60 HTTPS fetches): the figure the
    /// README quotes, printed for the record (no assertion on wall-clock time).
    @Test func twentyDomains() async throws {
        let sites = try TestSites()
        try await sites.run { sitePort, cdnPort in
            let names = (0..<20).map { "quick-\($0).test" }
            let clock = ContinuousClock()
            let start = clock.now
            let result = try Self.run(names + ["--json"], sites: sites, sitePort: sitePort, cdnPort: cdnPort)
            let elapsed = clock.now - start
            #expect(result.exitCode == 0, "\(result.stderr)")
            #expect((result.json?["domains"] as? [Any])?.count == 20)
            print("aasa check of 20 loopback domains and their CDN copies, through the command: \(elapsed)")
        }
    }
}
