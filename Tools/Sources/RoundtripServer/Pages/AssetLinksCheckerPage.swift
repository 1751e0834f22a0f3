import RoundtripAASACheck
import RoundtripAndroid
import RoundtripAssociatedDomains

/// `/assetlinks-check`: lints a pasted Digital Asset Links file (`assetlinks.json`) and decides,
/// for each URL, whether it verifies the URL's host for an app and what its dynamic rules decide,
/// as `roundtrip assetlinks lint` and `roundtrip assetlinks match` do; or checks a live host as
/// Android's App Links verifier fetches it (`POST /assetlinks-check/live`), with the report of
/// `roundtrip assetlinks check`. The Android twin of ``AASACheckerPage``, under the same limits.
struct AssetLinksCheckerPage: Sendable {
    /// The form's values.
    struct Input: Sendable {
        var file = ""
        var urls = ""
        var package = ""
        var fingerprint = ""
    }

    /// The live check form's values.
    struct LiveInput: Sendable {
        var domain = ""
        var package = ""
    }

    var input = Input()
    /// The matching steps the whole request may take, over all its URLs (see ``MatchCost``).
    var workLimit = AssociationMatcher.defaultWorkLimit
    /// The findings and decisions, once a file was submitted.
    var report: HTML?
    var liveInput = LiveInput()
    /// The live check's report, once a host was submitted.
    var liveReport: HTML?

    var page: Page {
        Page(
            title: "assetlinks.json checker",
            body: """
                <section><p class="muted">Android verifies App Links with <code>https://HOST/.well-known/assetlinks.json</code> \
                (Digital Asset Links). Checking the iOS app too? Use the <a href="/aasa-check">AASA checker</a>.</p>
                <form method="post" action="/assetlinks-check">
                <label for="file">assetlinks.json (JSON)</label>
                <textarea id="file" name="file" rows="10" required>\(input.file)</textarea>
                <label for="urls">URLs to match, one per line</label>
                <textarea id="urls" name="urls" rows="3">\(input.urls)</textarea>
                <label for="package">Package name (the app's applicationId; needed to match URLs)</label>
                <input type="text" id="package" name="package" value="\(input.package)" placeholder="com.example.app">
                <label for="fingerprint">SHA-256 certificate fingerprint (optional: any case, with or without colons)</label>
                <input type="text" id="fingerprint" name="fingerprint" value="\(input.fingerprint)">
                <button type="submit">Check</button></form></section>
                \(report ?? "")
                <section><h2>Live check</h2>
                <p class="muted">Fetches https://DOMAIN/.well-known/assetlinks.json as Android's verifier does (https, status 200 \
                without a redirect, <code>application/json</code>, at most 1 MiB), as <code>roundtrip assetlinks check</code> does \
                (a wildcard domain is checked at its apex).</p>
                <form method="post" action="/assetlinks-check/live">
                <label for="domain">Domain (example.com or *.example.com)</label>
                <input type="text" id="domain" name="domain" value="\(liveInput.domain)" required>
                <label for="live-package">Package name the file must verify (optional)</label>
                <input type="text" id="live-package" name="package" value="\(liveInput.package)">
                <button type="submit">Check live</button></form></section>
                \(liveReport ?? "")
                """
        )
    }

    /// Lints and matches the input and fills in ``report``.
    mutating func check() {
        let bytes = Array(input.file.utf8)
        let findings = AssetLinksLinter.lint(bytes)
        let lint: HTML = "\(LintFindingsTable.verdict(findings))\(LintFindingsTable.html(findings))"
        let urls = AASACheckerPage.urls(in: input.urls)
        let package = input.package.trimmingCharacters(in: .whitespaces)
        let fingerprint = input.fingerprint.trimmingCharacters(in: .whitespaces)
        var matches: [HTML] = []
        if !urls.isEmpty {
            if package.isEmpty {
                matches.append(
                    "<p class=\"error\"><code>missing-package</code> Give the app's package name (its applicationId) to match URLs: a file verifies a host for a package.</p>"
                )
            } else {
                do {
                    // The same reading as `roundtrip assetlinks match`: a file it cannot read matches nothing.
                    let file = try AssetLinksFile(json: bytes)
                    matches = Self.match(
                        urls,
                        file: file,
                        package: package,
                        fingerprint: fingerprint.isEmpty ? nil : fingerprint,
                        workLimit: workLimit
                    )
                } catch {
                    matches.append("<p class=\"error\">The file could not be read, so no URL was matched: \(error.description)</p>")
                }
            }
        }
        report = """
            <section id="report"><h2>Lint</h2>\(lint)</section>
            \(matches.isEmpty ? "" : "<section id=\"matches\"><h2>Matches</h2>\(matches)\(AASACheckerPage.skippedURLs(urls.count))</section>" as HTML)
            """
    }

    /// Decides each URL (the first ``AASACheckerPage/maximumURLs``) under one budget for the
    /// whole request: each URL's ``MatchCost`` is taken from what is left before it is matched.
    private static func match(_ urls: [String], file: AssetLinksFile, package: String, fingerprint: String?, workLimit: Int) -> [HTML] {
        let matcher = AssetLinksMatcher(file)
        let cost = MatchCost(file)
        var budget = workLimit
        var matches: [HTML] = []
        for url in urls.prefix(AASACheckerPage.maximumURLs) {
            let steps = cost.steps(url)
            guard steps <= budget else {
                let reason =
                    budget == 0
                    ? "'\(url)' was not matched: no steps were left of this request's budget of \(workLimit)"
                    : "matching '\(url)' may take \(steps) steps, more than the \(budget) left of this request's budget of \(workLimit); match fewer or shorter URLs, or a file with fewer dynamic rules"
                budget = 0
                matches.append("<h3><code>\(url)</code></h3><p class=\"error\"><code>work-limit-exceeded</code> \(reason)</p>")
                continue
            }
            budget -= steps
            do {
                let result = try matcher.match(url, package: package, fingerprint: fingerprint)
                let verdict =
                    !result.isVerified
                    ? "not verified: opens in the browser"
                    : result.dynamic == .blocked ? "blocked by the dynamic rules: stays in the browser" : "opens \(package)"
                matches.append("<h3><code>\(url)</code>: \(verdict)</h3><p>\(result.explanation(package: package))</p>")
            } catch {
                matches.append("<h3><code>\(url)</code></h3><p class=\"error\"><code>\(error.code.rawValue)</code> \(error.message)</p>")
            }
        }
        return matches
    }

    /// Renders a live check's report (one host): the fetch, each package's verdict, then every
    /// finding.
    static func render(_ check: AssetLinksCheckReport) -> HTML {
        guard let report = check.domains.first else { return "" }
        let errors = report.findings.filter { $0.severity == .error }.count
        let host: HTML = report.domain.isWildcard ? " (checked at its apex)" : ""
        let verdict: HTML =
            errors == 0
            ? "<p id=\"live-verdict\">\(report.domain.domain): \(report.result) (\(report.findings.count) finding(s), no error).</p>"
            : "<p id=\"live-verdict\" class=\"error\">\(report.domain.domain): \(report.result), \(errors) error(s) stop App Links.</p>"
        let packages = report.packages.map { verdict -> HTML in
            "<tr><th>package</th><td><code>\(verdict.package)</code></td><td>\(verdict.verified ? "verified" : "not verified")</td></tr>"
        }
        return """
            <section id="live-report"><h2>Live check of \(report.domain.domain)\(host)</h2>\(verdict)
            <table><tbody><tr><th>fetch</th><td><code>\(report.live.url)</code></td><td>\(report.live.summary)</td></tr>\(packages)</tbody></table>
            \(LintFindingsTable.html(report.findings))</section>
            """
    }
}

extension AssetLinksCheckerPage {
    /// An upper bound of the work `AssetLinksMatcher.match` does for one URL against a file,
    /// counted in characters compared, so a request's matching stays within its budget whatever
    /// was pasted.
    ///
    /// The matcher finds the statements for the package (each fingerprint compared once), then
    /// tries the dynamic rules in order. Android's rule expressions are `PatternMatcher` patterns
    /// that never backtrack (AOSP `PatternMatcher`), so one expression against one part of the
    /// URL costs at most the two lengths added; a query expression is tried against every query
    /// item. Summing that over every rule of every statement bounds any one match.
    struct MatchCost: Sendable {
        /// Statements and their fingerprints, scanned once per URL.
        let statements: Int
        /// Per character of the URL: for each rule, its path, its fragment and each query expression.
        let perURLCharacter: Int
        /// Per query item of the URL: the length of every rule's expressions.
        let perQueryItem: Int

        init(_ file: AssetLinksFile) {
            var statements = 0
            var perURLCharacter = 0
            var perQueryItem = 0
            for statement in file.statements {
                if case .androidApp(_, let fingerprints)? = statement.target {
                    statements += 1 + fingerprints.count
                } else {
                    statements += 1
                }
                for rule in statement.dynamicRules ?? [] {
                    let query = rule.query ?? []
                    perURLCharacter += 2 + query.count
                    perQueryItem +=
                        1 + (rule.path?.utf8.count ?? 0) + (rule.fragment?.utf8.count ?? 0)
                        + query.reduce(0) { $0 + $1.name.utf8.count + $1.pattern.utf8.count }
                }
            }
            self.statements = statements
            self.perURLCharacter = perURLCharacter
            self.perQueryItem = perQueryItem
        }

        /// The bound for one URL.
        func steps(_ url: String) -> Int {
            let length = url.utf8.count + 1
            let queryItems = url.utf8.filter { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: ";") }.count + 1
            return length + statements + perURLCharacter * length + perQueryItem * queryItems
        }
    }
}
