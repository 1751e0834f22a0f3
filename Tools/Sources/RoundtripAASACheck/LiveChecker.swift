import AsyncHTTPClient
import Roundtrip

/// Checks associated domains on the live web as Apple's CDN fetches them: HTTPS with a valid
/// chain, `/.well-known/apple-app-site-association` answered 200 without a redirect, at most
/// 128 KB, valid JSON, linted; the spec routes and app IDs asked for; the same answer for Apple's
/// crawler as for a plain client; and the copy Apple's CDN gives devices.
///
/// ```swift
/// var options = LiveCheckOptions()
/// options.timeout = .seconds(5)
/// let checker = LiveChecker(options: options, specs: [spec], appIDs: ["ABCDE12345.com.example.app"])
/// let report = await checker.check([try CheckedDomain("*.example.com")])
/// print(report.text)
/// ```
///
/// The command line (`roundtrip aasa check`) and the server's AASA checker page both run it.
package struct LiveChecker: Sendable {
    /// The most domains one check takes.
    package static let maximumDomains = 1000

    /// How to fetch.
    package let options: LiveCheckOptions
    /// Whether spec routes are checked (specs were given).
    package let checksRoutes: Bool
    /// The routes of the specs.
    package let routes: [RouteExpectation]
    /// The app IDs every file must name.
    package let appIDs: [String]

    /// A checker.
    ///
    /// - Parameters:
    ///   - options: How to fetch.
    ///   - specs: Specs whose universal-link routes each domain's file must open in the spec's app.
    ///   - appIDs: App IDs each domain's file must name.
    package init(options: LiveCheckOptions, specs: [Spec] = [], appIDs: [String] = []) {
        self.options = options
        checksRoutes = !specs.isEmpty
        routes = RouteExpectation.all(in: specs)
        self.appIDs = appIDs
    }

    /// Refuses more domains than one check takes.
    ///
    /// - Throws: ``LiveCheckError`` `too-many-domains` past ``maximumDomains``.
    package static func validate(domainCount: Int) throws(LiveCheckError) {
        guard domainCount <= maximumDomains else {
            throw LiveCheckError(.tooManyDomains, "\(domainCount) domains given; check at most \(maximumDomains) at once")
        }
    }

    /// Checks the domains, at most ``LiveCheckOptions/maximumConcurrency`` at once (callers bound
    /// their number with ``validate(domainCount:)``).
    ///
    /// - Returns: One report per domain, in the order given.
    /// - Complexity: the domains' fetches (three each, each bounded by the timeout and 128 KB)
    ///   and the lint and matching of each file, which are bounded by its size.
    package func check(_ domains: [CheckedDomain]) async -> LiveCheckReport {
        let client = LiveFetcher(options: options).sharedClient()
        let reports = await LiveFetcher.concurrently(domains.count, width: options.maximumConcurrency) { index in
            await check(domains[index], client: client)
        }
        try? await client?.shutdown()
        return LiveCheckReport(domains: reports)
    }

    /// Checks one domain.
    package func check(_ domain: CheckedDomain) async -> DomainReport {
        await check(domain, client: nil)
    }

    private func check(_ domain: CheckedDomain, client: HTTPClient?) async -> DomainReport {
        let fetches = await LiveFetcher(options: options).fetch(domain, shared: client)
        let evaluator = LiveEvaluator(
            domain: domain,
            fetches: fetches,
            checksRoutes: checksRoutes,
            routes: routes.filter { $0.fileHost == domain.host },
            appIDs: appIDs
        )
        return DomainReport(domain: domain, live: fetches.crawler, plain: fetches.plain, cdn: fetches.cdn, findings: evaluator.findings())
    }
}
