import Testing
@testable import Roundtrip

@Suite("URL splitting")
struct URLSplitTests {
    struct Expected: Sendable, CustomTestStringConvertible {
        let url: String
        let scheme: String, host: String, path: String, query: String?, fragment: String?
        var userInfo: String? = nil
        var port: String? = nil
        var hasAuthority = true
        var testDescription: String { url }
    }

    @Test(arguments: [
        Expected(url: "com-innerfence-ccterminal://charge/1.0.0/?invoiceNumber=123", scheme: "com-innerfence-ccterminal", host: "charge", path: "/1.0.0/", query: "invoiceNumber=123", fragment: nil),
        Expected(url: "todolist://www.acme.com?Quarterly%20Report#200806231300", scheme: "todolist", host: "www.acme.com", path: "", query: "Quarterly%20Report", fragment: "200806231300"),
        Expected(url: "https://u:p@h.example:8443/a/b?#", scheme: "https", host: "h.example", path: "/a/b", query: "", fragment: "", userInfo: "u:p", port: "8443"),
        Expected(url: "myapp:path/only", scheme: "myapp", host: "", path: "path/only", query: nil, fragment: nil, hasAuthority: false),
        Expected(url: "x://[::1]:80/p", scheme: "x", host: "[::1]", path: "/p", query: nil, fragment: nil, port: "80"),
        Expected(url: "x://h?a=b?c/d", scheme: "x", host: "h", path: "", query: "a=b?c/d", fragment: nil),
        Expected(url: "X-Y.Z+1://H", scheme: "X-Y.Z+1", host: "H", path: "", query: nil, fragment: nil),
        Expected(url: "https://a@b@c/", scheme: "https", host: "c", path: "/", query: nil, fragment: nil, userInfo: "a@b"),
    ])
    func splits(_ expected: Expected) throws {
        let split = try URLSplit(expected.url)
        #expect(split.scheme == expected.scheme)
        #expect(split.host == expected.host)
        #expect(split.path == expected.path)
        #expect(split.query.map(String.init) == expected.query)
        #expect(split.fragment.map(String.init) == expected.fragment)
        #expect(split.userInfo.map(String.init) == expected.userInfo)
        #expect(split.port.map(String.init) == expected.port)
        #expect(split.hasAuthority == expected.hasAuthority)
    }

    @Test(arguments: [
        ("", RoundtripError.Code.malformedURL),
        (":x", .malformedURL),
        ("a b://x", .malformedURL),
        ("x://h/a\\b", .malformedURL),
        ("x://h/{a}", .malformedURL),
        ("x://h/a|b", .malformedURL),
        ("x://h/[a]", .malformedURL),
        ("x://[::1/p", .malformedURL),
        ("x://h:12a", .malformedURL),
        ("x://h/\u{1}", .invalidEncoding),
        ("x://h/%", .invalidEncoding),
        ("x://h/%1", .invalidEncoding),
        ("x://h#a#b", .malformedURL),
        ("x://h/\u{E9}", .malformedURL),
    ])
    func rejects(url: String, code: RoundtripError.Code) {
        #expect(rejection { try URLSplit(url) }?.code == code)
    }

    @Test func baseStopsBeforeQueryAndFragment() throws {
        #expect(try URLSplit("x://h/p?q#f").base == "x://h/p")
        #expect(try URLSplit("x://h/p#f").base == "x://h/p")
        #expect(try URLSplit("x://h/p").base == "x://h/p")
    }

    /// The one-test byte check of the hot loop agrees with the RFC 3986 check for every byte.
    @Test func plainBytesAreTheAllowedOnesButPercent() {
        for byte in UInt8.min...UInt8.max {
            #expect(URLSplit.isPlain(byte) == (URLSplit.isAllowed(byte) && byte != 0x25), "byte \(byte)")
        }
    }
}
