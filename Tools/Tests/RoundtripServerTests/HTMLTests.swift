import Testing

@testable import RoundtripServer

@Suite("HTML escaping")
struct HTMLTests {
    @Test(
        "escape replaces the five significant characters",
        arguments: [
            ("plain", "plain"),
            ("<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;"),
            ("a & b", "a &amp; b"),
            ("\"quoted\" 'single'", "&quot;quoted&quot; &#39;single&#39;"),
            ("&amp;", "&amp;amp;"),
            ("\" onmouseover=\"x", "&quot; onmouseover=&quot;x"),
            ("café ☃ \u{202E}", "café ☃ \u{202E}"),
            ("", ""),
        ]
    )
    func escape(input: String, expected: String) {
        #expect(HTML.escape(input) == expected)
    }

    @Test("interpolated strings are escaped, interpolated HTML is not")
    func interpolation() {
        let hostile = "<img src=x onerror=alert(1)>"
        let inner: HTML = "<b>\(hostile)</b>"
        let outer: HTML = "<p>\(inner) \(42) \([inner, inner])</p>"
        #expect(inner.description == "<b>&lt;img src=x onerror=alert(1)&gt;</b>")
        #expect(outer.description == "<p>\(inner.description) 42 \(inner.description)\(inner.description)</p>")
        #expect(!outer.description.contains("<img"))
    }

    @Test("form bodies decode + as space and tolerate stray percent signs")
    func formBody() {
        let form = FormBody(Array("target=https%3A%2F%2Fa.example%2Fx%3Fq%3D1&note=a+b%20c&bad=100%&empty=&flag".utf8))
        #expect(form["target"] == "https://a.example/x?q=1")
        #expect(form["note"] == "a b c")
        #expect(form["bad"] == "100%")
        #expect(form["empty"] == "")
        #expect(form["flag"] == "")
        #expect(form["missing"] == nil)
        #expect(FormBody(Array("x=%0D%0A%FF".utf8))["x"] == "\r\n\u{FFFD}")
    }
}
