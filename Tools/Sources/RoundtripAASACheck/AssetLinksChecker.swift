import AsyncHTTPClient
import Roundtrip
import RoundtripAndroid
import RoundtripAssociatedDomains

/// Checks hosts' `/.well-known/assetlinks.json` on the live web as Android's App Links verifier
/// fetches it ("Verify Android App Links"): HTTPS with a valid chain, answered 200 without a
/// redirect, served as `application/json`, at most 1 MiB, valid and linted; then, for every app
/// asked for, whether the file verifies the host for it.
///
/// It runs on the same fetch engine as ``LiveChecker`` (``LiveCheckOptions``: `--ca-file`,
/// `--resolve`, `--timeout`, the address policy and the concurrency), one fetch per host: Android
/// has no CDN copy and no crawler user agent to compare with.
///
/// ```swift
/// let checker = AssetLinksChecker(options: LiveCheckOptions(), apps: [.init(package: "com.example.app")])
/// let report = await checker.check([try CheckedDomain("example.com")])
/// ```
package struct AssetLinksChecker: Sendable {
    /// The user agent of the fetch (Android's verifier sends its own, which sites do not key on).
    package static let userAgent = "roundtrip-assetlinks-check/1.0"

    /// An app whose App Links the hosts must verify.
    package struct App: Sendable, Hashable {
        /// The package name (`applicationId`).
        package let package: String
        /// The SHA-256 fingerprints the app may be signed with, in any case, with or without
        /// colons: the host verifies the app when a statement for the package lists one of them
        /// (Android checks the certificate the installed app is signed with). Empty: any
        /// certificate the file lists.
        package let fingerprints: [String]

        /// An app.
        package init(package: String, fingerprints: [String] = []) {
            self.package = package
            self.fingerprints = fingerprints
        }
    }

    /// How to fetch.
    package let options: LiveCheckOptions
    /// The apps every host must verify.
    package let apps: [App]

    /// A checker.
    package init(options: LiveCheckOptions, apps: [App] = []) {
        self.options = options
        self.apps = apps
    }

    /// The apps of the specs' `app.android`: each package, with the spec's fingerprints; then
    /// `packages` (any certificate), without repeats.
    package static func apps(specs: [Spec], packages: [String] = []) -> [App] {
        var apps: [App] = []
        for android in specs.compactMap(\.app.android) {
            for package in android.packages where !apps.contains(where: { $0.package == package }) {
                apps.append(App(package: package, fingerprints: android.certificateFingerprints))
            }
        }
        for package in packages where !apps.contains(where: { $0.package == package }) {
            apps.append(App(package: package))
        }
        return apps
    }

    /// Checks the hosts, at most ``LiveCheckOptions/maximumConcurrency`` at once (callers bound
    /// their number with ``LiveChecker/validate(domainCount:)``).
    ///
    /// - Returns: One report per domain, in the order given.
    package func check(_ domains: [CheckedDomain]) async -> AssetLinksCheckReport {
        let fetcher = LiveFetcher(options: options)
        let client = fetcher.sharedClient()
        let reports = await LiveFetcher.concurrently(domains.count, width: options.maximumConcurrency) { index in
            let domain = domains[index]
            let asked = FetchOutcome(url: domain.assetLinksURL, userAgent: Self.userAgent, limit: AssetLinksDecoder.maximumSize)
            let live = await fetcher.fetchFile(asked, host: domain.host, shared: client)
            return evaluate(domain, live: live)
        }
        try? await client?.shutdown()
        return AssetLinksCheckReport(domains: reports)
    }

    /// The findings and verdicts for what a host served: a pure function of the fetch.
    ///
    /// Rules: `timeout`, `unreachable`, `certificate`, `private-address`, `cancelled` (no answer);
    /// `redirect` (a 3xx: Android follows none), `rejected` (any other status but 200);
    /// `serving-content-type` (not `application/json`, which Android requires), `file-size`; the
    /// rules of ``AssetLinksLinter``; `package-not-verified`.
    package func evaluate(_ domain: CheckedDomain, live: FetchOutcome) -> AssetLinksDomainReport {
        var findings: [LintFinding] = []
        var file: AssetLinksFile?
        if let failure = live.failure {
            findings.append(LintFinding(.error, rule: failure.code, message: failure.message))
        } else if let status = live.status, (300...399).contains(status) {
            let target = live.location.map { "to \($0)" } ?? "without a Location"
            findings.append(
                LintFinding(
                    .error,
                    rule: "redirect",
                    message:
                        "\(live.url) answered \(status), a redirect \(target); Android's verifier follows no redirect for this file: serve it at this very URL with status 200"
                )
            )
        } else if let status = live.status, status != 200 {
            findings.append(
                LintFinding(.error, rule: "rejected", message: "\(live.url) answered \(status); it must answer 200 with the file as the body")
            )
        } else if live.isTruncated {
            findings.append(
                LintFinding(
                    .error,
                    rule: "file-size",
                    message: "the body is over \(AssetLinksDecoder.maximumSize) bytes (reading stopped there); keep the file under 1 MiB"
                )
            )
        } else {
            if live.mediaType != "application/json" {
                let actual = live.contentType.map { "'\($0)'" } ?? "no Content-Type"
                findings.append(
                    LintFinding(
                        .error,
                        rule: "serving-content-type",
                        message: "the file is served with \(actual); Android's verifier needs Content-Type application/json"
                    )
                )
            }
            findings += AssetLinksLinter.lint(live.body)
            file = AssetLinksDecoder.decode(live.body).file
        }
        var verdicts: [AssetLinksDomainReport.PackageVerdict] = []
        for app in apps {
            let verified = file.map { Self.verifies(AssetLinksMatcher($0), app) } ?? false
            verdicts.append(.init(package: app.package, verified: verified))
            if let file, !verified {
                let wanted = app.fingerprints.isEmpty ? "" : " with one of the certificate fingerprints \(app.fingerprints.joined(separator: ", "))"
                findings.append(
                    LintFinding(
                        .error,
                        rule: "package-not-verified",
                        message:
                            "no statement of the file (\(file.statements.count) statements) grants delegate_permission/common.handle_all_urls to \(app.package)\(wanted): App Links of \(domain.host) do not open the app"
                    )
                )
            }
        }
        return AssetLinksDomainReport(domain: domain, live: live, findings: LiveEvaluator.sorted(findings), packages: verdicts)
    }

    /// Whether the file verifies the app: a statement for its package with one of its
    /// fingerprints (an unreadable fingerprint verifies nothing).
    static func verifies(_ matcher: AssetLinksMatcher, _ app: App) -> Bool {
        guard !app.fingerprints.isEmpty else { return ((try? matcher.verifyingStatement(package: app.package)) ?? nil) != nil }
        return app.fingerprints.contains { fingerprint in
            ((try? matcher.verifyingStatement(package: app.package, fingerprint: fingerprint)) ?? nil) != nil
        }
    }
}

extension CheckedDomain {
    /// The URL of the host's Digital Asset Links file (a wildcard's apex: Android verifies
    /// `*.example.com` with `example.com`'s file).
    package var assetLinksURL: String { "https://\(host)/.well-known/assetlinks.json" }
}
