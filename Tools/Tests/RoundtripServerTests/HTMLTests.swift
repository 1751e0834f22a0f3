import RoundtripServer
import Testing

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
}
