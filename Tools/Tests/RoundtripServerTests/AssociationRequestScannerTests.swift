import Testing

@testable import RoundtripServer

/// The raw-bytes recogniser of simple AASA requests: what it takes and, above all, everything it
/// leaves to the full HTTP parser.
@Suite("AASA request scanner")
struct AssociationRequestScannerTests {
    static func scan(_ text: String) -> AssociationRequestScan {
        Array(text.utf8).withUnsafeBytes { AssociationRequestScanner.scan($0) }
    }

    static let simple = "GET /.well-known/apple-app-site-association HTTP/1.1\r\nHost: terminal.example.com\r\n\r\n"

    @Test("a plain GET is taken, with its length, Host and no options")
    func simpleGet() {
        let expected = ScannedAssociationRequest(includeBody: true, host: "terminal.example.com", ifNoneMatch: [], close: false)
        #expect(Self.scan(Self.simple) == .request(expected, length: Self.simple.utf8.count))
        // What follows the request is not part of it.
        #expect(Self.scan(Self.simple + "GET / HTTP/1.1\r\n") == .request(expected, length: Self.simple.utf8.count))
    }

    @Test(
        "the fields that matter are read; others are skipped",
        arguments: [
            (
                "HEAD /apple-app-site-association HTTP/1.1\r\nhost: A.example.com:443 \r\n\r\n",
                ScannedAssociationRequest(includeBody: false, host: "A.example.com:443", ifNoneMatch: [], close: false)
            ),
            (
                "GET /.well-known/apple-app-site-association?v=1 HTTP/1.1\r\nUser-Agent: AASA-Bot/1.0\r\nHost:\tx.example\r\nAccept: */*\r\n\r\n",
                ScannedAssociationRequest(includeBody: true, host: "x.example", ifNoneMatch: [], close: false)
            ),
            (
                "GET /apple-app-site-association HTTP/1.1\r\nHost: x\r\nIf-None-Match: \"a\"\r\nIF-NONE-MATCH: W/\"b\", \"c\"\r\n\r\n",
                ScannedAssociationRequest(includeBody: true, host: "x", ifNoneMatch: ["\"a\"", "W/\"b\", \"c\""], close: false)
            ),
            (
                "GET /.well-known/assetlinks.json HTTP/1.1\r\nHost: x\r\n\r\n",
                ScannedAssociationRequest(includeBody: true, host: "x", ifNoneMatch: [], close: false, kind: .assetLinks)
            ),
            (
                "GET /apple-app-site-association HTTP/1.1\r\nConnection: keep-alive, Close\r\nHost: x\r\n\r\n",
                ScannedAssociationRequest(includeBody: true, host: "x", ifNoneMatch: [], close: true)
            ),
        ]
    )
    func fields(text: String, expected: ScannedAssociationRequest) {
        #expect(Self.scan(text) == .request(expected, length: text.utf8.count))
    }

    @Test(
        "anything outside the strict subset goes to the full parser",
        arguments: [
            "",  // nothing yet
            "GET /.well-known/apple-app-site-association HTTP/1.1\r\nHost: x\r\n",  // head not finished
            "GET /.well-known/apple-app-site-association HTTP/1.1\r\nHost: x\r\n\r",  // half an end
            "POST /.well-known/apple-app-site-association HTTP/1.1\r\nHost: x\r\n\r\n",  // method
            "get /.well-known/apple-app-site-association HTTP/1.1\r\nHost: x\r\n\r\n",  // method case
            "GET /.well-known/apple-app-site-association/ HTTP/1.1\r\nHost: x\r\n\r\n",  // other path
            "GET /.WELL-KNOWN/apple-app-site-association HTTP/1.1\r\nHost: x\r\n\r\n",  // path case
            "GET http://x/.well-known/apple-app-site-association HTTP/1.1\r\nHost: x\r\n\r\n",  // absolute form
            "GET /.well-known/apple-app-site-association HTTP/1.0\r\nHost: x\r\n\r\n",  // HTTP/1.0
            "GET /.well-known/apple-app-site-association  HTTP/1.1\r\nHost: x\r\n\r\n",  // two spaces
            "GET /.well-known/apple-app-site-association HTTP/1.1\nHost: x\n\n",  // bare LF
            "GET /.well-known/apple-app-site-association HTTP/1.1\r\n\r\n",  // no Host
            "GET /.well-known/apple-app-site-association HTTP/1.1\r\nHost: x\r\nHost: y\r\n\r\n",  // two Hosts
            "GET /.well-known/apple-app-site-association HTTP/1.1\r\nHost : x\r\n\r\n",  // space before colon
            "GET /.well-known/apple-app-site-association HTTP/1.1\r\nHost: x\r\n folded\r\n\r\n",  // obs-fold
            "GET /.well-known/apple-app-site-association HTTP/1.1\r\nHost: x\u{7F}\r\n\r\n",  // DEL in a value
            "GET /.well-known/apple-app-site-association HTTP/1.1\r\nHost: \u{E9}\r\n\r\n",  // non-ASCII value
            "GET /.well-known/apple-app-site-association HTTP/1.1\r\nHost: x\u{0}\r\n\r\n",  // NUL
            "GET /.well-known/apple-app-site-association HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n",
            "GET /.well-known/apple-app-site-association HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n",
            "GET /.well-known/apple-app-site-association HTTP/1.1\r\nHost: x\r\nUpgrade: h2c\r\nConnection: Upgrade\r\n\r\n",
            "GET /.well-known/apple-app-site-association HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\n\r\n",
            "GET /.well-known/apple-app-site-association HTTP/1.1\r\nHost: x\r\nConnection: keep-alive, foo\r\n\r\n",
            "GET /.well-known/apple-app-site-association HTTP/1.1\r\nHost: x\r\nX-Long: " + String(repeating: "a", count: 9000) + "\r\n\r\n",
        ]
    )
    func other(text: String) {
        #expect(Self.scan(text) == .other)
    }
}
