import RoundtripAndroid
import Testing

/// Android's `PatternMatcher` kinds. The cases follow what AOSP's `PatternMatcherTest`
/// (frameworks/base, `core/tests/coretests/.../os/PatternMatcherTest.java`) asserts, rewritten
/// from memory of that public test and from the `PatternMatcher` and `<data>` element reference
/// pages, without network access to check each line: where a row comes from the documentation
/// or from the matcher's documented one-pass behaviour rather than the test file, its comment
/// says so.
struct PatternMatcherTests {
    static func matches(_ pattern: String, _ kind: AndroidPattern.Kind, _ text: String) throws -> Bool {
        try AndroidPattern(pattern, kind: kind).matches(text)
    }

    @Test(arguments: [
        ("/a", "/a", true), ("/a", "/a/", false), ("/a", "/A", false), ("", "", true),
    ])
    func literal(_ pattern: String, _ text: String, _ expected: Bool) throws {
        #expect(try PatternMatcherTests.matches(pattern, .literal, text) == expected)
    }

    @Test(arguments: [
        ("/a", "/a", true), ("/a", "/abc", true), ("/a", "/", false), ("", "/anything", true),
    ])
    func prefix(_ pattern: String, _ text: String, _ expected: Bool) throws {
        #expect(try PatternMatcherTests.matches(pattern, .prefix, text) == expected)
    }

    @Test(arguments: [
        (".html", "/a.html", true), (".html", "/a.htm", false), ("", "/x", true), ("/a/b", "/b", false),
    ])
    func suffix(_ pattern: String, _ text: String, _ expected: Bool) throws {
        #expect(try PatternMatcherTests.matches(pattern, .suffix, text) == expected)
    }

    @Test(arguments: [
        // The `<data>` reference: "." any character, "X*" zero or more X, ".*" any run.
        ("a", "a", true), ("a", "b", false), (".", "x", true), ("a*", "aaa", true),
        ("a*b", "aaab", true), ("a*b", "b", true), (".*", "", true), (".*", "anything", true),
        ("a.*", "a", true), ("a.*b", "axxb", true), ("\\.", ".", true),
        ("a\\*", "a*", true), ("a\\*", "aa", false),
        // The one-pass quirks (the behaviour of AOSP's matchGlobPattern, well known from the
        // `pathPattern` bug reports): `.*` stops at the first occurrence of the next character…
        ("/.*/detail", "/a/detail", true), ("/.*/detail", "/a/b/detail", false),
        ("/.*\\.html", "/page.html", true), ("/.*\\.html", "/my.page.html", false),
        // …`X*` takes every X and gives none back…
        ("a*ab", "aab", false),
        // …and a text that ends early matches only before a trailing `.*`, so even `a*` does
        // not match an empty text.
        ("a*", "", false), ("ab*", "a", false), ("ab.*", "ab", true), ("", "", true), ("", "a", false),
    ])
    func simpleGlob(_ pattern: String, _ text: String, _ expected: Bool) throws {
        #expect(try PatternMatcherTests.matches(pattern, .simpleGlob, text) == expected, "\(pattern) on \(text)")
    }

    @Test(arguments: [
        // `PATTERN_ADVANCED_GLOB` reference: ".", sets with ranges and "^", "*", "+", "{m,n}".
        ("abc", "abc", true), ("a.c", "abc", true), ("a.c", "ac", false),
        ("a*", "", true), ("a*", "aaaa", true), ("a+", "", false), ("a+", "aa", true),
        ("[a-c]+", "abcabc", true), ("[a-c]+", "abd", false), ("[^a-c]+", "xyz", true), ("[^a-c]", "b", false),
        ("[abc]", "b", true), ("[a-cx-z]*", "axbyc", true), ("[.*+]+", ".*+", true),
        ("a{3}", "aaa", true), ("a{3}", "aa", false), ("a{3}", "aaaa", false),
        ("a{1,3}", "a", true), ("a{1,3}", "aaa", true), ("a{1,3}", "aaaa", false), ("a{2,}", "aaaaaa", true), ("a{2,}", "a", false),
        ("\\.", ".", true), ("\\[", "[", true), ("/items/[0-9]+", "/items/42", true), ("/items/[0-9]+", "/items/4x", false),
        // Every token is greedy and never gives a character back (AOSP's matchAdvancedPattern),
        // so `.*` followed by anything matches nothing: a documented difference from regular
        // expressions.
        (".*", "anything", true), (".*\\.html", "/a.html", false), ("a*a", "aaa", false), ("[0-9]*0", "100", false),
    ])
    func advancedGlob(_ pattern: String, _ text: String, _ expected: Bool) throws {
        #expect(try PatternMatcherTests.matches(pattern, .advancedGlob, text) == expected, "\(pattern) on \(text)")
    }

    @Test(arguments: ["*a", "a**", "+", "a{", "a{2", "[a-z", "[]", "[^]", "a\\", "a{3,1}", "a{x}", "{2}"])
    func advancedGlobsAndroidRejects(_ pattern: String) {
        #expect(throws: AndroidError.self) { try AndroidPattern(pattern, kind: .advancedGlob) }
        do {
            _ = try AndroidPattern(pattern, kind: .advancedGlob)
        } catch {
            #expect(error.code == .invalidPattern)
            #expect(error.message.contains(pattern))
        }
    }

    @Test func advancedGlobsHaveAStorageLimit() {
        #expect(throws: AndroidError.self) { try AndroidPattern(String(repeating: "a", count: 3000), kind: .advancedGlob) }
        #expect((try? AndroidPattern(String(repeating: "a", count: 1000), kind: .advancedGlob)) != nil)
    }

    @Test func comparesUTF16CodeUnitsAsJavaDoes() throws {
        // One "." is one Java char: an emoji outside the Basic Multilingual Plane is two.
        #expect(try PatternMatcherTests.matches("..", .simpleGlob, "😀"))
        #expect(try !PatternMatcherTests.matches(".", .simpleGlob, "😀"))
        #expect(try PatternMatcherTests.matches("é", .literal, "é"))
    }
}
