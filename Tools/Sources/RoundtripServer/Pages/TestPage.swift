/// `/tests/{id}`: the link to open, its QR code, and the status, refreshed live.
struct TestPage: Sendable {
    let test: ULCTest
    let status: TestStatus
    let elapsed: Int64
    let timeoutSeconds: Int64

    var page: Page {
        let qr: HTML
        if let code = try? QRCode(bytes: Array(test.link.utf8)) {
            qr = HTML.trusted(code.svg(title: "QR code of the test link"))
        } else {
            qr = "<p class=\"muted\">The link is too long for a QR code (version 10 holds 213 bytes); copy it instead.</p>"
        }
        return Page(
            title: "Test \(test.id)",
            body: """
                <section class="split"><div>
                <p>Status: <span id="status" class="status \(status.rawValue)">\(status.rawValue)</span>
                <span id="elapsed" class="muted">\(elapsed) ms</span></p>
                <p class="muted">The app has \(timeoutSeconds) s to open a callback (the Universal Link Callback convention). This page updates by itself.</p>
                <label>Target (\(test.kind.rawValue))</label><code id="target">\(test.target)</code>
                <label for="link">Link to open on the device</label>
                <textarea id="link" rows="5" readonly>\(test.link)</textarea>
                <p><a id="open" href="\(test.link)">Open the link</a></p>
                </div><div>\(qr)</div></section>
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

    /// A JavaScript string literal safe inside `<script>`: only base64url characters survive.
    static func javaScriptString(_ text: String) -> String {
        "'" + text.filter { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") } + "'"
    }
}
