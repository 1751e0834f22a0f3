import HTTPTypes
import Hummingbird

/// A whole page: the shared layout, navigation and stylesheet around a body. No external
/// assets: the style is inline and any script is a few lines in the page itself.
struct Page: Sendable {
    let title: String
    let body: HTML

    var html: HTML {
        """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(title) · Roundtrip</title>
        <style>\(Self.style)</style></head>
        <body><header><strong><a href="/">Roundtrip</a></strong>
        <nav><a href="/">New test</a> <a href="/tests">History</a> <a href="/inspect">URL inspector</a> <a href="/aasa-check">AASA checker</a> <a href="/assetlinks-check">assetlinks checker</a></nav></header>
        <main><h1>\(title)</h1>
        \(body)
        </main></body></html>
        """
    }

    func response(status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status,
            headers: [
                .contentType: "text/html; charset=utf-8",
                .cacheControl: "no-store",
                // Only the page's own inline style and script; nothing loads from elsewhere. No
                // page may frame this one (CSP Level 2 `frame-ancestors`; `X-Frame-Options` for
                // browsers without it, RFC 7034): a framed form could be clicked through.
                .contentSecurityPolicy:
                    "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; connect-src 'self'; img-src 'self' data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
                HTTPField.Name("X-Content-Type-Options")!: "nosniff",
                HTTPField.Name("X-Frame-Options")!: "DENY",
            ],
            body: ResponseBody(byteBuffer: ByteBuffer(string: html.description))
        )
    }

    static let style: HTML = """
        body{font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;color:#1d1d1f;background:#f5f5f7}
        header{display:flex;gap:2em;align-items:center;padding:.8em 2em;background:#1d1d1f;color:#fff}
        header a{color:#fff;text-decoration:none;margin-right:1.2em}
        main{max-width:60em;margin:1.5em auto;padding:0 2em}
        h1{font-size:1.6em;margin:.3em 0 .8em}
        section{background:#fff;border-radius:10px;padding:1em 1.4em;margin:0 0 1.2em;box-shadow:0 1px 3px rgba(0,0,0,.08)}
        label{display:block;font-weight:600;margin:.6em 0 .2em}
        input[type=text],input[type=url],textarea,select{width:100%;box-sizing:border-box;font:14px ui-monospace,Menlo,monospace;padding:.5em;border:1px solid #c7c7cc;border-radius:6px}
        button{margin-top:.8em;font-size:15px;padding:.5em 1.2em;border:0;border-radius:6px;background:#0066cc;color:#fff;cursor:pointer}
        code,pre{font:13px ui-monospace,Menlo,monospace;word-break:break-all;white-space:pre-wrap}
        table{border-collapse:collapse;width:100%}td,th{text-align:left;padding:.35em .5em;border-bottom:1px solid #e5e5ea;vertical-align:top}
        .status{font-weight:700;padding:.15em .6em;border-radius:1em;background:#e5e5ea}
        .status.success{background:#d1f2d9;color:#0a6b26}.status.error,.status.timeout{background:#fde2e1;color:#a0170f}
        .status.cancel{background:#fff1cc;color:#7a5600}.status.pending{background:#e1ecfd;color:#0b4ea2}
        .error{color:#a0170f}.muted{color:#6e6e73}
        .split{display:flex;gap:1.5em;flex-wrap:wrap}.split>*{flex:1 1 20em}
        table.findings{margin-top:.8em}.findings code{word-break:normal;overflow-wrap:anywhere}
        .findings td:nth-child(2) code,.findings td:nth-child(4){white-space:nowrap}.findings td:nth-child(3){min-width:11em}
        .findings td:nth-child(5){overflow-wrap:anywhere}
        """
}
