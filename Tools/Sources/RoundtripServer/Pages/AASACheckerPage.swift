import RoundtripAASACheck
import RoundtripAssociatedDomains

/// `/aasa-check`: lints a pasted apple-app-site-association file and matches URLs against it,
/// explaining which rule decided, as iOS would; or checks a live domain as Apple's CDN fetches it
/// (`POST /aasa-check/live`), with the same report as `roundtrip aasa check`.
struct AASACheckerPage: Sendable {
    /// The form's values.
    struct Input: Sendable {
        var file = ""
        var urls = ""
        var appID = ""
    }

    /// The live check form's values.
    struct LiveInput: Sendable {
        var domain = ""
        var appID = ""
    }

    var input = Input()
    /// The matching steps the whole request may take, over all its URLs.
    var workLimit = AssociationMatcher.defaultWorkLimit
    /// The findings and matches, once a file was submitted.
    var report: HTML?
    var liveInput = LiveInput()
    /// The live check's report, once a domain was submitted.
    var liveReport: HTML?

    var page: Page {
        Page(
            title: "AASA checker",
            body: """
                <section><p class="muted">Checking the Android app too? Its twin, <code>assetlinks.json</code>, has \
                <a href="/assetlinks-check">its own checker</a>.</p>
                <form method="post" action="/aasa-check">
                <label for="file">apple-app-site-association (JSON)</label>
                <textarea id="file" name="file" rows="10" required>\(input.file)</textarea>
                <label for="urls">URLs to match, one per line</label>
                <textarea id="urls" name="urls" rows="3">\(input.urls)</textarea>
                <label for="app-id">App ID (optional: TEAMID.bundle.id)</label>
                <input type="text" id="app-id" name="app_id" value="\(input.appID)">
                <button type="submit">Check</button></form></section>
                \(report ?? "")
                <section><h2>Live check</h2>
                <p class="muted">Fetches https://DOMAIN/.well-known/apple-app-site-association as Apple's crawler and as a plain \
                client, and Apple's CDN copy, as <code>roundtrip aasa check</code> does (a wildcard domain is checked at its apex).</p>
                <form method="post" action="/aasa-check/live">
                <label for="domain">Domain (example.com or *.example.com)</label>
                <input type="text" id="domain" name="domain" value="\(liveInput.domain)" required>
                <label for="live-app-id">App ID the file must name (optional)</label>
                <input type="text" id="live-app-id" name="app_id" value="\(liveInput.appID)">
                <button type="submit">Check live</button></form></section>
                \(liveReport ?? "")
                """
        )
    }

    /// At most this many URLs are matched per request (on this page and the assetlinks checker).
    static let maximumURLs = 50

    /// The URLs of a form's text area: one per line, blank lines skipped.
    static func urls(in text: String) -> [String] {
        text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// Says that only the first ``maximumURLs`` URLs were matched, when more were given.
    static func skippedURLs(_ count: Int) -> HTML {
        guard count > maximumURLs else { return "" }
        return "<p class=\"muted\" id=\"skipped-urls\">\(count) URLs were given: only the first \(maximumURLs) were matched.</p>"
    }

    /// Lints and matches the input and fills in ``report``.
    mutating func check() {
        let bytes = Array(input.file.utf8)
        let findings = AssociationLinter.lint(bytes)
        let lint: HTML = "\(LintFindingsTable.verdict(findings))\(LintFindingsTable.html(findings))"
        var matches: [HTML] = []
        let urls = Self.urls(in: input.urls)
        if !urls.isEmpty, let file = AssociationDecoder.decode(bytes).file {
            let matcher = AssociationMatcher(file)
            // One budget for the whole request, not one per URL: each URL gets what is left.
            var budget = workLimit
            for url in urls.prefix(Self.maximumURLs) {
                do {
                    let explanation = try matcher.explain(url, appID: input.appID.isEmpty ? nil : input.appID, workLimit: budget)
                    budget -= explanation.steps
                    let verdict =
                        explanation.result.isMatched
                        ? "opens \(explanation.result.appID ?? "the app")"
                        : explanation.result.isBlocked ? "blocked by an exclude rule" : "not matched: opens in the browser"
                    matches.append("<h3><code>\(url)</code>: \(verdict)</h3><pre>\(explanation.description)</pre>")
                } catch {
                    if error.code == .workLimitExceeded { budget = 0 }
                    matches.append("<h3><code>\(url)</code></h3><p class=\"error\">\(error.description)</p>")
                }
            }
        } else if !urls.isEmpty {
            matches.append("<p class=\"muted\">The file could not be decoded, so no URL was matched.</p>")
        }
        report = """
            <section id="report"><h2>Lint</h2>\(lint)</section>
            \(matches.isEmpty ? "" : "<section id=\"matches\"><h2>Matches</h2>\(matches)\(Self.skippedURLs(urls.count))</section>" as HTML)
            """
    }

    /// Renders a live check's report: each fetch, then every finding.
    static func render(_ report: DomainReport) -> HTML {
        func row(_ name: String, _ fetch: FetchOutcome?) -> HTML {
            guard let fetch else { return "" }
            return "<tr><th>\(name)</th><td><code>\(fetch.url)</code></td><td>\(fetch.summary)</td></tr>"
        }
        let errors = report.findings.filter { $0.severity == .error }.count
        let verdict: HTML =
            errors == 0
            ? "<p id=\"live-verdict\">\(report.domain.domain): universal links can work (\(report.findings.count) finding(s), no error).</p>"
            : "<p id=\"live-verdict\">\(report.domain.domain): \(errors) error(s) stop universal links.</p>"
        return """
            <section id="live-report"><h2>Live check of \(report.domain.domain)</h2>\(verdict)
            <table><tbody>\(row("crawler", report.live))\(row("plain", report.plain))\(row("CDN", report.cdn))</tbody></table>
            \(LintFindingsTable.html(report.findings))</section>
            """
    }
}
