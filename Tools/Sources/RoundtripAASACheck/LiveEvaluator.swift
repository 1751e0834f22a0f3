import Foundation
import RoundtripAssociatedDomains

/// Turns a domain's fetches into findings: what Apple's crawler got (reachable, 200 without a
/// redirect, the size, the content type, the lint of the file), how a plain client's answer
/// differs, whether the spec routes and app IDs hold, and whether Apple's CDN serves the same.
///
/// A pure function of the fetches, so every rule is tested without a network.
///
/// Rules: `unreachable`, `certificate`, `timeout`, `private-address`, `cancelled` (the crawler's
/// fetch got no answer); `serving-redirect`, `serving-status`, `serving-content-type`, `file-size`; the file
/// rules of ``AssociationLinter/lint(_:)-(Array<UInt8>)``; `bot-protection`,
/// `user-agent-differs`; `app-id-missing`, `route-not-matched`, `no-spec-routes`;
/// `cdn-status`, `cdn-differs`, `cdn-unreachable`, `cdn-route-not-matched` (a spec route the
/// CDN's copy does not open: devices read that copy, so the route does not open the app).
struct LiveEvaluator {
    let domain: CheckedDomain
    let fetches: LiveFetcher.Fetches
    /// Whether spec routes were asked for (`--spec`), even if none is on this host.
    let checksRoutes: Bool
    /// The routes this host's file must open.
    let routes: [RouteExpectation]
    /// The app IDs the file must name (`--app-id`).
    let appIDs: [String]

    func findings() -> [LintFinding] {
        var findings: [LintFinding] = []
        let crawler = fetches.crawler
        let plain = fetches.plain
        if let failure = crawler.failure {
            findings.append(LintFinding(.error, rule: failure.code, message: failure.message))
        } else if let status = crawler.status, status != 200 {
            findings.append(statusFinding(status: status, crawler: crawler, plain: plain))
        }
        findings += userAgentFindings(crawler: crawler, plain: plain)
        // The file's checks read what the crawler got, or, when only the crawler is refused, what
        // a plain client got: the file is still worth checking once the block is lifted.
        let source = crawler.status == 200 ? crawler : plain.status == 200 && crawler.failure == nil ? plain : nil
        if let source {
            findings += fileFindings(source)
        }
        if let cdn = fetches.cdn {
            findings += cdnFindings(cdn, live: crawler)
        }
        return Self.sorted(findings)
    }

    /// Errors first, then warnings, then notes; otherwise in the order found.
    static func sorted(_ findings: [LintFinding]) -> [LintFinding] {
        let rank: [LintFinding.Severity: Int] = [.error: 0, .warning: 1, .note: 2]
        return findings.enumerated().sorted { (rank[$0.element.severity] ?? 3, $0.offset) < (rank[$1.element.severity] ?? 3, $1.offset) }
            .map(\.element)
    }

    private func statusFinding(status: Int, crawler: FetchOutcome, plain: FetchOutcome) -> LintFinding {
        if (300...399).contains(status) {
            let target = crawler.location.map { "to \($0)" } ?? "without a Location"
            return LintFinding(
                .error,
                rule: "serving-redirect",
                message:
                    "\(crawler.url) answered \(status), a redirect \(target); Apple's CDN follows no redirect for this file: serve it at this very URL with status 200"
            )
        }
        if plain.status == 200 {
            return LintFinding(
                .error,
                rule: "bot-protection",
                message:
                    "\(crawler.url) answered Apple's crawler (User-Agent \(crawler.userAgent)) with \(status) but a plain client with 200: a bot protection or firewall rule (a CDN's bot mode, a WAF) blocks Apple; allow \(crawler.userAgent) for \(AssociationLinter.wellKnownPath)"
            )
        }
        return LintFinding(
            .error,
            rule: "serving-status",
            message: "\(crawler.url) answered \(status); it must answer 200 with the file as the body"
        )
    }

    private func userAgentFindings(crawler: FetchOutcome, plain: FetchOutcome) -> [LintFinding] {
        guard crawler.failure == nil || plain.failure == nil else { return [] }
        if crawler.status == 200 || plain.status == 200, crawler.status != plain.status {
            // A refused crawler is `bot-protection` already; this is the other way round, or a
            // plain client that got no answer at all.
            guard crawler.status == 200 else { return [] }
            let plainAnswer = plain.failure.map { "no answer (\($0.code))" } ?? "\(plain.status ?? 0)"
            return [
                LintFinding(
                    .note,
                    rule: "user-agent-differs",
                    message:
                        "\(crawler.url) answered Apple's crawler with 200 but a plain client (User-Agent \(plain.userAgent)) with \(plainAnswer); what Apple reads is fine, but tests with curl or a browser will mislead"
                )
            ]
        }
        if crawler.status == 200, plain.status == 200, crawler.body != plain.body {
            return [
                LintFinding(
                    .warning,
                    rule: "user-agent-differs",
                    message:
                        "\(crawler.url) serves Apple's crawler a different file (\(crawler.body.count) bytes) than a plain client (\(plain.body.count) bytes): the server varies it by User-Agent, and Apple reads the crawler's"
                )
            ]
        }
        return []
    }

    private func fileFindings(_ source: FetchOutcome) -> [LintFinding] {
        var findings: [LintFinding] = []
        if source.mediaType != "application/json" {
            let actual = source.contentType.map { "'\($0)'" } ?? "no Content-Type"
            findings.append(
                LintFinding(.note, rule: "serving-content-type", message: "the file is served with \(actual); serve it as application/json")
            )
        }
        if source.isTruncated {
            findings.append(
                LintFinding(
                    .error,
                    rule: "file-size",
                    message:
                        "the body is over \(AssociationLinter.maximumSize) bytes (reading stopped there); Apple accepts at most 128 KB uncompressed"
                )
            )
            return findings
        }
        findings += AssociationLinter.lint(source.body)
        guard let file = AssociationDecoder.decode(source.body).file else { return findings }
        findings += appIDFindings(file)
        findings += routeFindings(file)
        return findings
    }

    private func appIDFindings(_ file: AssociationFile) -> [LintFinding] {
        let named = (file.applinks?.details ?? []).flatMap(\.apps)
        return appIDs.filter { !named.contains($0) }.map { appID in
            let list = named.isEmpty ? "none" : named.joined(separator: ", ")
            return LintFinding(
                .error,
                rule: "app-id-missing",
                message: "the file names no applinks details for \(appID) (it names \(list)); add a detail with \"appIDs\": [\"\(appID)\"]"
            )
        }
    }

    /// The spec routes `file` does not open, as `rule` findings; `copy` names whose copy it is in
    /// the message.
    private func routeFindings(_ file: AssociationFile, rule: String = "route-not-matched", copy: String = "") -> [LintFinding] {
        guard checksRoutes else { return [] }
        guard !routes.isEmpty else {
            guard copy.isEmpty else { return [] }
            return [LintFinding(.note, rule: "no-spec-routes", message: "no spec route is verified with the file of \(domain.host)")]
        }
        let matcher = AssociationMatcher(file)
        var findings: [LintFinding] = []
        for route in routes {
            let what = "the action '\(route.action)' (\(route.route)) of \(route.appID)"
            let explanation: MatchExplanation
            do {
                explanation = try matcher.explain(route.url, appID: route.appID)
            } catch {
                findings.append(LintFinding(.error, rule: rule, message: "\(what) cannot be matched\(copy): \(error.message)"))
                continue
            }
            let result = explanation.result
            guard !(result.isMatched && result.appID == route.appID) else { continue }
            let why =
                result.isBlocked
                ? "an exclude rule blocks it (applinks.details[\(result.detail ?? 0)] rule \(result.rule ?? 0))"
                : "no rule for that app matches it"
            findings.append(
                LintFinding(
                    .error,
                    rule: rule,
                    message: "\(what) does not open the app\(copy): \(why) for \(route.url); run 'roundtrip aasa match' on the file for the trace"
                )
            )
        }
        return findings
    }

    private func cdnFindings(_ cdn: FetchOutcome, live: FetchOutcome) -> [LintFinding] {
        if let failure = cdn.failure {
            return [
                LintFinding(
                    .warning,
                    rule: "cdn-unreachable",
                    message: "cannot ask Apple's CDN (\(cdn.url)) for its copy: \(failure.message)"
                )
            ]
        }
        guard let status = cdn.status, status == 200 else {
            let status = cdn.status.map(String.init) ?? "no status"
            return [
                LintFinding(
                    .error,
                    rule: "cdn-status",
                    message:
                        "Apple's CDN answers \(status) for \(domain.host) (\(cdn.url)): it holds no copy it can give devices, which ask the CDN, not the site; it fetches the file again on its own schedule once the site serves it well"
                )
            ]
        }
        var findings: [LintFinding] = []
        if let file = AssociationDecoder.decode(cdn.body).file {
            // Devices open universal links by the CDN's copy (Apple's "Supporting associated
            // domains"), so a route that copy does not open does not open the app, whatever the
            // site serves now.
            findings += routeFindings(file, rule: "cdn-route-not-matched", copy: " with Apple's CDN copy (\(cdn.url))")
        }
        guard live.isCompleteFile, cdn.body != live.body, !Self.sameJSON(cdn.body, live.body) else { return findings }
        return findings + [
            LintFinding(
                .warning,
                rule: "cdn-differs",
                message:
                    "Apple's CDN serves a different file (\(cdn.body.count) bytes, SHA-256 \(cdn.sha256?.prefix(12) ?? "?")) than the site (\(live.body.count) bytes, SHA-256 \(live.sha256?.prefix(12) ?? "?")): devices read the CDN's copy until it refreshes it"
            )
        ]
    }

    /// Whether two bodies are the same JSON value (the CDN may re-encode what it stores).
    static func sameJSON(_ first: [UInt8], _ second: [UInt8]) -> Bool {
        guard let one = try? JSONSerialization.jsonObject(with: Data(first), options: [.fragmentsAllowed]) as? NSObject,
            let other = try? JSONSerialization.jsonObject(with: Data(second), options: [.fragmentsAllowed]) as? NSObject
        else { return false }
        return one.isEqual(other)
    }
}
