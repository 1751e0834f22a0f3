/// `/`: start a tester run, and what this server hosts.
struct HomePage: Sendable {
    let domains: [String]
    var target = ""
    var error: String?

    var page: Page {
        let errorLine: HTML = error.map { "<p class=\"error\" id=\"form-error\">\($0)</p>" } ?? ""
        let hosted: HTML =
            domains.isEmpty
            ? "<p class=\"muted\">No spec is loaded: start with <code>roundtrip serve --spec SPEC</code> to host its AASA file.</p>"
            : "<ul>\(domains.map { domain -> HTML in "<li><code>\(domain)</code></li>" })</ul><p class=\"muted\">Served at <code>/.well-known/apple-app-site-association</code> (and <code>/.well-known/assetlinks.json</code> for a spec with an Android app) for a request whose Host is the domain.</p>"
        return Page(
            title: "Test a Universal Link Callback",
            body: """
                <section><p>Give the link your app handles, for example its logout link. The tester adds
                <code>ulc-success</code> and <code>ulc-error</code> callbacks that point back here, shows the
                link and a QR code to open on the device, and reports whether the app answered within 20 seconds.
                <code>&lt;scheme&gt;://x-callback-url/&lt;action&gt;</code> targets get <code>x-success</code>,
                <code>x-error</code> and <code>x-cancel</code> instead.</p>
                <form method="post" action="/tests">
                <label for="target">Target URL</label>
                <input type="text" id="target" name="target" value="\(target)" placeholder="https://app.example.com/logout" required>
                \(errorLine)
                <button type="submit">Create test</button></form></section>
                <section><h2>Hosted association files</h2>\(hosted)
                <p>Check a file before you deploy it, or a live domain after: the <a href="/aasa-check">AASA checker</a> \
                for iOS, the <a href="/assetlinks-check">assetlinks checker</a> for Android.</p></section>
                """
        )
    }
}
