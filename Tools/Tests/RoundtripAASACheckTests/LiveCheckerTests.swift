import Foundation
import Roundtrip
import RoundtripAASACheck
import RoundtripYAML
import Testing

/// The library against real HTTPS servers on loopback, reached through `--resolve` entries.
@Suite(.serialized) struct LiveCheckerTests {
    static func options(sites: TestSites, sitePort: Int, cdnPort: Int, trusted: Bool = true) throws -> LiveCheckOptions {
        var options = LiveCheckOptions()
        options.resolves = try TestSites.resolves(sitePort: sitePort, cdnPort: cdnPort).map(ResolveEntry.init)
        options.extraTrustRoots = trusted ? [try .init(bytes: Array(sites.pki.caPEM.utf8), format: .pem)] : []
        options.cdnBase = "https://cdn.test/a/v1"
        options.timeout = .seconds(5)
        return options
    }

    /// The options of a check of `trickle.test` alone (no CDN), with `timeout`.
    static func trickleOptions(sites: TestSites, sitePort: Int, cdnPort: Int, timeout: Duration) throws -> LiveCheckOptions {
        var options = try options(sites: sites, sitePort: sitePort, cdnPort: cdnPort)
        options.cdnBase = nil
        options.timeout = timeout
        return options
    }

    static func specText(domains: String = "[\"*.good.test\", good.test]", extraRoute: Bool = false) -> String {
        """
        roundtrip: 1
        app:
          name: Shop
          app-id: \(TestFiles.appID)
          domains: \(domains)
        actions:
          item:
            url: https://good.test/items/:id
            convention: none
            parameters:
              id: {type: string, required: true}
          pay:
            url: https://good.test/pay
            convention: none
        \(extraRoute ? "  refund:\n    url: https://good.test/refund\n    convention: none\n" : "")
        """
    }

    static func spec(domains: String = "[\"*.good.test\", good.test]", extraRoute: Bool = false) throws -> Spec {
        try SpecLoader.load(yaml: specText(domains: domains, extraRoute: extraRoute)).spec
    }

    static func rules(_ report: DomainReport) -> [String] { report.findings.map(\.rule) }

    @Test func aWellServedDomainHolds() async throws {
        let sites = try TestSites()
        try await sites.run { sitePort, cdnPort in
            let checker = LiveChecker(
                options: try Self.options(sites: sites, sitePort: sitePort, cdnPort: cdnPort),
                specs: [try Self.spec()],
                appIDs: [TestFiles.appID]
            )
            let report = await checker.check([try CheckedDomain("good.test"), try CheckedDomain("*.good.test")])
            #expect(!report.hasErrors)
            for domain in report.domains {
                #expect(domain.findings.isEmpty, "\(domain.text)")
                #expect(domain.live.status == 200)
                #expect(domain.live.url == "https://good.test/.well-known/apple-app-site-association")
                #expect(domain.cdn?.status == 200)
            }
            #expect(report.domains.map(\.domain.domain) == ["good.test", "*.good.test"])
        }
    }

    @Test func findsWhatStopsUniversalLinks() async throws {
        let sites = try TestSites()
        try await sites.run { sitePort, cdnPort in
            let checker = LiveChecker(options: try Self.options(sites: sites, sitePort: sitePort, cdnPort: cdnPort))
            let names = ["redirect.test", "bot.test", "html.test", "big.test", "stale.test"]
            let report = await checker.check(try names.map(CheckedDomain.init))
            let byName = Dictionary(uniqueKeysWithValues: report.domains.map { ($0.domain.domain, $0) })

            let redirect = try #require(byName["redirect.test"])
            #expect(Self.rules(redirect) == ["serving-redirect", "cdn-status"])
            #expect(
                redirect.findings[0].message.contains("answered 301, a redirect to https://www.redirect.test/.well-known/apple-app-site-association")
            )
            #expect(redirect.live.location == "https://www.redirect.test/.well-known/apple-app-site-association")

            let bot = try #require(byName["bot.test"])
            #expect(Self.rules(bot) == ["bot-protection"])
            #expect(bot.findings[0].severity == .error)
            #expect(bot.findings[0].message.contains("with 403 but a plain client with 200"))
            #expect(bot.live.status == 403 && bot.plain.status == 200)

            let html = try #require(byName["html.test"])
            #expect(Self.rules(html).contains("syntax"))
            #expect(Self.rules(html).contains("serving-content-type"))
            #expect(html.findings.first { $0.rule == "serving-content-type" }?.severity == .note)

            let big = try #require(byName["big.test"])
            #expect(Self.rules(big) == ["file-size", "cdn-status"])
            #expect(big.live.isTruncated)
            #expect(big.live.body.count == 128 * 1024 + 1)

            let stale = try #require(byName["stale.test"])
            #expect(Self.rules(stale) == ["cdn-differs"])
            #expect(stale.findings[0].severity == .warning)
            #expect(!stale.hasErrors)
            #expect(report.hasErrors)
        }
    }

    @Test func checksSpecRoutesAndAppIDs() async throws {
        let sites = try TestSites()
        try await sites.run { sitePort, cdnPort in
            let checker = LiveChecker(
                options: try Self.options(sites: sites, sitePort: sitePort, cdnPort: cdnPort),
                specs: [try Self.spec(extraRoute: true)],
                appIDs: ["ZZZZZ99999.com.example.other"]
            )
            let report = await checker.check(try CheckedDomain("good.test"))
            // Apple's CDN copy lacks /refund too, and devices read that copy.
            #expect(Self.rules(report) == ["app-id-missing", "route-not-matched", "cdn-route-not-matched"])
            #expect(
                report.findings[1].message
                    == "the action 'refund' (https://good.test/refund) of \(TestFiles.appID) does not open the app: no rule for that app matches it for https://good.test/refund; run 'roundtrip aasa match' on the file for the trace"
            )
            #expect(report.findings[0].message.hasPrefix("the file names no applinks details for ZZZZZ99999.com.example.other"))
        }
    }

    @Test func everySpecRouteMustOpenWithTheCDNsCopy() async throws {
        // stale.test serves /items/* and /pay; Apple's CDN still has last week's copy, without /pay.
        let spec = try SpecLoader.load(
            yaml: """
                roundtrip: 1
                app:
                  name: Shop
                  app-id: \(TestFiles.appID)
                  domains: [stale.test]
                actions:
                  item:
                    url: https://stale.test/items/:id
                    convention: none
                    parameters:
                      id: {type: string, required: true}
                  pay:
                    url: https://stale.test/pay
                    convention: none
                """
        ).spec
        let sites = try TestSites()
        try await sites.run { sitePort, cdnPort in
            let options = try Self.options(sites: sites, sitePort: sitePort, cdnPort: cdnPort)
            let report = await LiveChecker(options: options, specs: [spec]).check(try CheckedDomain("stale.test"))
            #expect(Self.rules(report) == ["cdn-route-not-matched", "cdn-differs"])
            #expect(report.findings[0].severity == .error)
            #expect(
                report.findings[0].message
                    == "the action 'pay' (https://stale.test/pay) of \(TestFiles.appID) does not open the app with Apple's CDN copy (https://cdn.test/a/v1/stale.test): no rule for that app matches it for https://stale.test/pay; run 'roundtrip aasa match' on the file for the trace"
            )
            #expect(report.hasErrors)
        }
    }

    @Test func refusesAWrongNameAndAnUntrustedCA() async throws {
        let sites = try TestSites()
        try await sites.run { sitePort, cdnPort in
            let trusted = LiveChecker(options: try Self.options(sites: sites, sitePort: sitePort, cdnPort: cdnPort))
            let wrong = await trusted.check(try CheckedDomain("wrong.test"))
            #expect(wrong.live.failure?.code == "certificate")
            #expect(Self.rules(wrong).first == "certificate")
            #expect(wrong.hasErrors)

            let untrusted = LiveChecker(options: try Self.options(sites: sites, sitePort: sitePort, cdnPort: cdnPort, trusted: false))
            let report = await untrusted.check(try CheckedDomain("good.test"))
            #expect(report.live.failure?.code == "certificate")
            #expect(report.plain.failure == report.live.failure)
            #expect(report.cdn?.failure?.code == "certificate")
            #expect(Self.rules(report) == ["certificate", "cdn-unreachable"])
        }
    }

    @Test func anUnreachableDomainIsAnError() async throws {
        var options = LiveCheckOptions()
        // A port nothing listens on: connection refused at once.
        options.resolves = [ResolveEntry(domain: "down.test", port: 9, address: "127.0.0.1")]
        options.cdnBase = nil
        options.timeout = .seconds(5)
        let report = await LiveChecker(options: options).check(try CheckedDomain("down.test"))
        #expect(report.live.failure?.code == "unreachable")
        #expect(Self.rules(report) == ["unreachable"])
        #expect(report.cdn == nil)
        #expect(report.hasErrors)
    }

    @Test func aPublicServerRefusesPrivateAddresses() async throws {
        var options = LiveCheckOptions()
        options.addressPolicy = .publicOnly
        options.cdnBase = nil
        let report = await LiveChecker(options: options).check(try CheckedDomain("localhost"))
        #expect(report.live.failure?.code == "private-address")
        #expect(report.findings.map(\.rule) == ["private-address"])
        #expect(report.findings[0].message.contains("is not a public address"))
    }

    @Test func aTrickledBodyEndsAtTheDeadline() async throws {
        let sites = try TestSites()
        try await sites.run { sitePort, cdnPort in
            let options = try Self.trickleOptions(sites: sites, sitePort: sitePort, cdnPort: cdnPort, timeout: .seconds(1))
            let start = ContinuousClock.now
            let report = await LiveChecker(options: options).check(try CheckedDomain("trickle.test"))
            let elapsed = ContinuousClock.now - start
            // The server sends a byte every 100 ms for 20 s: only one deadline for the whole
            // exchange, body included, ends the fetch at 1 s.
            #expect(elapsed < .seconds(3), "the fetch took \(elapsed)")
            #expect(report.live.failure?.code == "timeout")
            #expect(report.plain.failure?.code == "timeout")
            #expect(Self.rules(report) == ["timeout"])
            // And the connection is closed: the server stops writing.
            #expect(await sites.trickles.wait(upTo: .seconds(3)) { $0 == 0 })
        }
    }

    @Test func cancellingTheCheckEndsItsFetches() async throws {
        let sites = try TestSites()
        try await sites.run { sitePort, cdnPort in
            let options = try Self.trickleOptions(sites: sites, sitePort: sitePort, cdnPort: cdnPort, timeout: .seconds(60))
            let checker = LiveChecker(options: options)
            let domain = try CheckedDomain("trickle.test")
            let task = Task { await checker.check(domain) }
            #expect(await sites.trickles.wait(upTo: .seconds(10)) { $0 == 1 })
            let start = ContinuousClock.now
            task.cancel()
            let report = await task.value
            #expect(ContinuousClock.now - start < .seconds(2))
            #expect(report.live.failure?.code == "cancelled")
            #expect(report.plain.failure?.code == "cancelled")
            #expect(await sites.trickles.wait(upTo: .seconds(3)) { $0 == 0 })
            // A check cancelled before it starts fetches nothing.
            let before = sites.trickles.snapshot.requests
            let early = Task {
                withUnsafeCurrentTask { $0?.cancel() }
                return await checker.check([domain])
            }
            #expect(await early.value.domains.map(\.live.failure?.code) == ["cancelled"])
            #expect(sites.trickles.snapshot.requests == before)
        }
    }

    @Test func checksAtMostEightDomainsAtOnce() async throws {
        let sites = try TestSites()
        try await sites.run { sitePort, cdnPort in
            var options = try Self.options(sites: sites, sitePort: sitePort, cdnPort: cdnPort)
            options.cdnBase = nil
            let domains = try (0..<20).map { try CheckedDomain("slow-\($0).test") }
            let report = await LiveChecker(options: options).check(domains)
            #expect(!report.hasErrors)
            let (peak, requests) = sites.meter.snapshot
            #expect(requests == 40)  // crawler and plain, per domain
            #expect(peak <= 8)
            #expect(peak >= 2)
        }
    }
}
