/// A test's page, refreshed live: its status and, once only, the link to open and its QR code.
///
/// The link holds the run's callback token, and whoever has it can answer the run; so it is shown
/// to whoever creates the run (the answer to `POST /tests`) and never again: `/tests/{id}`, which
/// anyone with the public id may read, shows the status alone and says why.
struct TestPage: Sendable {
    let test: ULCTest
    let status: TestStatus
    let elapsed: Int64
    let timeoutSeconds: Int64
    /// Whether this is the page right after creating the run, the one time the link is shown.
    var showsLink = false

    var page: Page {
        Page(
            title: "Test \(test.id)",
            body: """
                <section class="split"><div>
                <p>Status: <span id="status" class="status \(status.rawValue)">\(status.rawValue)</span>
                <span id="elapsed" class="muted">\(elapsed) ms</span></p>
                <p class="muted">The app has \(timeoutSeconds) s to open a callback (the Universal Link Callback convention). This page updates by itself.</p>
                <label>Target (\(test.kind.rawValue))</label><code id="target">\(test.target)</code>
                \(showsLink ? linkHTML : hiddenLinkHTML)
                <script>
                (function () {
                  var id = \(HTML.trusted(Self.javaScriptString(test.id)));
                  var tries = 0;
                  function poll() {
                    if (tries++ > 600) return;
                    fetch('/api/ulc-tests/' + encodeURIComponent(id)).then(function (r) { return r.json(); }).then(function (t) {
                      var s = document.getElementById('status');
                      s.textContent = t.status; s.className = 'status ' + t.status;
                      document.getElementById('elapsed').textContent = t.elapsed_ms + ' ms';
                      if (t.status === 'pending') setTimeout(poll, 1000);
                    }).catch(function () { setTimeout(poll, 3000); });
                  }
                  if (\(HTML.trusted(status == .pending ? "true" : "false"))) setTimeout(poll, 1000);
                })();
                </script>
                """
        )
    }

    /// The link, its QR code, and the warning that this is the only time they are shown.
    private var linkHTML: HTML {
        let qr: HTML
        if let code = try? QRCode(bytes: Array(test.link.utf8)) {
            qr = HTML.trusted(code.svg(title: "QR code of the test link"))
        } else {
            qr = "<p class=\"muted\">The link is too long for a QR code (version 10 holds 213 bytes); copy it instead.</p>"
        }
        return """
            <label for="link">Link to open on the device</label>
            <p id="shown-once" class="error">Copy this link now: it is shown once. It holds this test's secret callback token, \
            so anyone who has it can answer the test; this page's address (<a href="/tests/\(test.id)">/tests/\(test.id)</a>) \
            shows the status only.</p>
            <textarea id="link" rows="5" readonly>\(test.link)</textarea>
            <p><a id="open" href="\(test.link)">Open the link</a></p>
            </div><div>\(qr)</div></section>
            """
    }

    /// In place of the link on every later view of the page.
    private var hiddenLinkHTML: HTML {
        """
        <p id="link-hidden" class="muted">The link to open was shown once, to whoever created this test: it holds the \
        test's secret callback token, so it is never shown again. To test again, <a href="/">create a new test</a>.</p>
        </div></section>
        """
    }

    /// A JavaScript string literal safe inside `<script>`: only base64url characters survive.
    static func javaScriptString(_ text: String) -> String {
        "'" + text.filter { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") } + "'"
    }
}
