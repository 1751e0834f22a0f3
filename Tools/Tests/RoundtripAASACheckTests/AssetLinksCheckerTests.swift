import Foundation
import Roundtrip
import RoundtripAASACheck
import RoundtripToolsTestSupport
import RoundtripYAML
import Testing

/// `assetlinks check` against real HTTPS servers on loopback: the library, then the command as a
/// user runs it.
@Suite(.serialized) struct AssetLinksCheckerTests {
    static func checker(
        sites: TestSites,
        sitePort: Int,
        cdnPort: Int,
        packages: [String],
        timeout: Duration = .seconds(5)
    ) throws
        -> AssetLinksChecker
    {
        var options = try LiveCheckerTests.options(sites: sites, sitePort: sitePort, cdnPort: cdnPort)
        options.cdnBase = nil
        options.timeout = timeout
        return AssetLinksChecker(options: options, apps: packages.map { .init(package: $0) })
    }

    @Test func aHostThatVerifiesThePackage() async throws {
        let sites = try TestSites()
        try await sites.run { sitePort, cdnPort in
            let checker = try Self.checker(sites: sites, sitePort: sitePort, cdnPort: cdnPort, packages: [TestFiles.package])
            let report = await checker.check([try CheckedDomain("good.test"), try CheckedDomain("*.good.test")])
            #expect(!report.hasErrors)
            for domain in report.domains {
                #expect(domain.findings.isEmpty, "\(domain.text)")
                #expect(domain.live.url == "https://good.test/.well-known/assetlinks.json")
                #expect(domain.packages == [.init(package: TestFiles.package, verified: true)])
                #expect(domain.result == "verified")
            }
        }
    }

    @Test func resultsInAndroidsWords() async throws {
        let sites = try TestSites()
        try await sites.run { sitePort, cdnPort in
            let checker = try Self.checker(sites: sites, sitePort: sitePort, cdnPort: cdnPort, packages: [TestFiles.package])
            let names = ["redirect.test", "bot.test", "stale.test", "html.test", "wrong.test"]
            let report = await checker.check(try names.map(CheckedDomain.init))
            #expect(report.hasErrors)
            let results = Dictionary(uniqueKeysWithValues: report.domains.map { ($0.domain.domain, $0) })
            #expect(results["redirect.test"]?.result == "redirect")
            #expect(results["redirect.test"]?.findings.first?.message.contains("a redirect to https://www.redirect.test/") == true)
            #expect(results["bot.test"]?.result == "rejected")
            #expect(results["stale.test"]?.result == "package-not-verified")
            #expect(results["stale.test"]?.packages == [.init(package: TestFiles.package, verified: false)])
            #expect(results["html.test"]?.result == "serving-content-type")
            #expect(results["wrong.test"]?.result == "certificate")
            for domain in report.domains { #expect(domain.packages.allSatisfy { !$0.verified }, "\(domain.text)") }

            // slow-0.test answers after 2 s.
            let impatient = try Self.checker(
                sites: sites,
                sitePort: sitePort,
                cdnPort: cdnPort,
                packages: [TestFiles.package],
                timeout: .milliseconds(300)
            )
            let slow = await impatient.check([try CheckedDomain("slow-0.test")])
            #expect(slow.domains[0].result == "timeout")
        }
    }

    @Test func fingerprintsMustBeListedForThePackage() async throws {
        let sites = try TestSites()
        try await sites.run { sitePort, cdnPort in
            var options = try LiveCheckerTests.options(sites: sites, sitePort: sitePort, cdnPort: cdnPort)
            options.cdnBase = nil
            let apps: [AssetLinksChecker.App] = [
                .init(package: TestFiles.package, fingerprints: [TestFiles.fingerprint.lowercased().replacingOccurrences(of: ":", with: "")]),
                .init(package: TestFiles.package, fingerprints: [String(repeating: "CD", count: 32), TestFiles.fingerprint]),
                .init(package: TestFiles.package, fingerprints: [String(repeating: "CD", count: 32)]),
            ]
            let report = await AssetLinksChecker(options: options, apps: apps).check([try CheckedDomain("good.test")])
            #expect(report.domains[0].packages.map(\.verified) == [true, true, false])
        }
    }

    @Test func theSpecsGiveThePackagesAndFingerprints() async throws {
        let spec = try SpecLoader.load(
            yaml: """
                roundtrip: 1
                app:
                  name: Shop
                  domains: [good.test]
                  android:
                    packages: [\(TestFiles.package), \(TestFiles.package).debug]
                    sha256-cert-fingerprints: ["\(TestFiles.fingerprint.lowercased())"]
                actions:
                  pay:
                    url: https://good.test/pay
                    convention: none
                """
        ).spec
        let apps = AssetLinksChecker.apps(specs: [spec], packages: ["com.example.extra", TestFiles.package])
        #expect(apps.map(\.package) == [TestFiles.package, "\(TestFiles.package).debug", "com.example.extra"])
        #expect(apps[0].fingerprints == [TestFiles.fingerprint])
        let sites = try TestSites()
        try await sites.run { sitePort, cdnPort in
            var options = try LiveCheckerTests.options(sites: sites, sitePort: sitePort, cdnPort: cdnPort)
            options.cdnBase = nil
            let report = await AssetLinksChecker(options: options, apps: apps).check([try CheckedDomain("good.test")])
            #expect(report.domains[0].packages.map(\.verified) == [true, false, false])
            #expect(report.domains[0].findings.map(\.rule) == ["package-not-verified", "package-not-verified"])
        }
    }

    static func run(_ arguments: [String], sites: TestSites, sitePort: Int, cdnPort: Int) throws -> CommandLineRunner.Result {
        let caFile = try sites.pki.writeCAFile()
        defer { try? FileManager.default.removeItem(atPath: caFile) }
        let resolves = TestSites.resolves(sitePort: sitePort, cdnPort: cdnPort).flatMap { ["--resolve", $0] }
        return try CommandLineRunner.run(["assetlinks", "check"] + arguments + resolves + ["--ca-file", caFile, "--timeout", "30"])
    }

    @Test func theCommandWritesTheDomainsAsJSON() async throws {
        let sites = try TestSites()
        try await sites.run { sitePort, cdnPort in
            let good = try Self.run(["good.test", "--package", TestFiles.package], sites: sites, sitePort: sitePort, cdnPort: cdnPort)
            #expect(good.exitCode == 0, "\(good.stdout)\(good.stderr)")
            #expect(good.stdout.contains("\(TestFiles.package): verified"))
            #expect(good.stdout.contains("1 domain checked: App Links can be verified"))

            let result = try Self.run(
                ["good.test", "redirect.test", "--package", TestFiles.package, "--json"],
                sites: sites,
                sitePort: sitePort,
                cdnPort: cdnPort
            )
            #expect(result.exitCode == 1, "\(result.stdout)\(result.stderr)")
            let json = try #require(result.json)
            let domains = try #require(json["domains"] as? [[String: Any]])
            #expect(domains.map { $0["domain"] as? String } == ["good.test", "redirect.test"])
            #expect(Set(domains[0].keys) == ["domain", "live", "findings", "packages"])
            let packages = try #require(domains[0]["packages"] as? [[String: Any]])
            #expect(packages.count == 1 && packages[0]["package"] as? String == TestFiles.package && packages[0]["verified"] as? Bool == true)
            #expect((domains[0]["live"] as? [String: Any])?["status"] as? Int == 200)
            #expect((domains[1]["findings"] as? [[String: Any]])?.first?["rule"] as? String == "redirect")
            #expect((domains[1]["packages"] as? [[String: Any]])?.first?["verified"] as? Bool == false)
        }
    }

    @Test func badUsageExitsTwo() throws {
        #expect(try CommandLineRunner.run(["assetlinks", "check", "https://example.com/"]).exitCode == 2)
        #expect(try CommandLineRunner.run(["assetlinks", "check", "example.com", "--timeout", "0"]).exitCode == 2)
    }
}
