import RoundtripAndroid
import Testing

/// Android's `PatternMatcher` kinds. The tables named after a public Android Open Source Project
/// test are its cases, data only: `PatternMatcherTest` (platform/frameworks/base,
/// `core/tests/coretests/src/android/os/PatternMatcherTest.java`) and CTS's `IntentFilterTest`
/// (platform/cts, `tests/tests/content/src/android/content/cts/IntentFilterTest.java`,
/// `testSchemeSpecificParts`). The other rows come from the `PatternMatcher` and `<data>`
/// element reference pages and say so.
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
        // The one-pass reading (no backtracking): `.*` stops at the first occurrence of the next character…
        ("/.*/detail", "/a/detail", true), ("/.*/detail", "/a/b/detail", false),
        ("/.*\\.html", "/page.html", true), ("/.*\\.html", "/my.page.html", false),
        // …`X*` takes every X and gives none back…
        ("a*ab", "aab", false),
        // …and a text that ends early matches only before a trailing `.*`, so even `a*` does
        // not match an empty text.
        ("a*", "", false), ("ab*", "a", false), ("ab.*", "ab", true), ("", "", true), ("", "a", false),
        // An escaped `.` with no `*` after it is still any one character on Android.
        ("\\.", "x", true), ("a\\.*", "a..", true), ("a\\.*", "ax", false),
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
        // Every token is greedy and never gives a character back, so `.*` followed by anything matches nothing: a documented difference from regular
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

    /// `PatternMatcherTest`: every `assertMatches` / `assertNotMatches` of its advanced glob tests.
    static let aospAdvancedGlob: [(String, [String], [String])] = [
        // testAdvancedPatternMatchesAnyToken
        (".", ["a", "b"], [""]),
        // testAdvancedPatternMatchesSetToken
        ("[a]", ["a"], ["b"]),
        ("[.*+{}\\]\\\\[]", [".", "*", "+", "{", "}", "]", "\\", "["], []),
        // testAdvancedPatternMatchesSetCharacterClassToken
        ("[a-z]", ["a", "b"], ["A", "1"]),
        ("[a-z][0-9]", ["a1"], ["1a", "aa"]),
        ("[z-a]", [], ["a", "z", "A"]),
        ("[^0-9]", ["a", "z", "A"], ["9", "5", "0"]),
        ("[\\[a]", ["a", "["], []),
        // testAdvancedPatternMatchesEscapedCharacters
        ("\\.", ["."], ["a", "1"]),
        ("a\\+", ["a+"], ["a", "aaaaa"]),
        ("[\\a-\\z]", ["a", "z"], ["A"]),
        // testAdvancedPatternMatchesLiteralTokens
        ("a", ["a"], ["", "z"]),
        ("az", ["az"], ["", "za"]),
        // testAdvancedPatternMatchesSetZeroOrMore, …SetOneOrMore
        ("[a-z]*", ["", "a", "abcdefg"], ["abc1", "1abc"]),
        ("[a-z]+", ["a", "abcdefg"], ["", "abc1", "1abc"]),
        // testAdvancedPatternMatchesSingleRange, …FullRange, …PartialRange
        ("[a-z]{1}", ["a", "z"], ["", "1", "aa"]),
        ("[a-z]{1,5}", ["a", "zazaz"], ["", "azazaz", "11111"]),
        ("[a-z]{3,}", ["aza", "zazaz", "azazazazazaz"], ["", "aa"]),
        // testAdvancedPatternMatchesComplexPatterns
        (
            "/[0-9]{4}/[0-9]{2}/[0-9]{2}/[a-zA-Z0-9_]+\\.html",
            ["/2016/09/07/got_this_working.html", "/2016/09/07/got_this_working2.html"],
            ["", "/2016/09/07/got_this_working2dothtml", "/2016/9/7/got_this_working.html"]
        ),
        (
            "/b*a*bar.*",
            ["/babar", "/babarfff", "/bbaabarfff", "/babar?blah", "/baaaabar?blah"],
            ["?bar", "/bar", "/baz", "/ba/bar", "/barf", "/", "?blah"]
        ),
    ]

    @Test(arguments: PatternMatcherTests.aospAdvancedGlob)
    func aospAdvancedGlobCases(_ pattern: String, _ matching: [String], _ notMatching: [String]) throws {
        let matcher = try AndroidPattern(pattern, kind: .advancedGlob)
        for text in matching { #expect(matcher.matches(text), "'\(text)' should match '\(pattern)'") }
        for text in notMatching { #expect(!matcher.matches(text), "'\(text)' should not match '\(pattern)'") }
    }

    /// `PatternMatcherTest.testAdvancedPatternPoorFormatThrowsIllegalArgumentException` (and the
    /// `[]a]` of `testAdvancedPatternMatchesSetCharacterClassToken`); its last case is a set of
    /// 1,024 numbers (Java appends `'a' + (i % 26)` as an `int`), too large to keep.
    static let aospPoorlyFormatted: [String] = [
        "[]a]", "[a-z", "a{,4}", "a{0,a}", "a{\\1, 2}", "[]", "a{}", "{3,4}", "a+{3,4}", "*.", ".+*", "a{3,4", "[a", "abc\\", "+.",
        "[" + (0..<1024).map { String(97 + $0 % 26) }.joined() + "]",
    ]

    @Test(arguments: PatternMatcherTests.aospPoorlyFormatted)
    func aospPoorlyFormattedAdvancedGlobs(_ pattern: String) {
        #expect(throws: AndroidError.self) { try AndroidPattern(pattern, kind: .advancedGlob) }
    }

    /// CTS `IntentFilterTest.testSchemeSpecificParts`: each pattern of a filter whose scheme is
    /// `scheme`, against `scheme:` followed by the text. The glob rows are asserted for both glob
    /// kinds with the same pattern, except `a[.1-2]*b` (advanced) beside `a.*b` (simple).
    static let ctsSchemeSpecificParts: [(String, [AndroidPattern.Kind], [String], [String])] = [
        ("ssp.*", [.advancedGlob, .simpleGlob], ["ssp1", "ssp"], ["ss"]),
        (".*", [.advancedGlob, .simpleGlob], ["ssp1", "ssp", ""], []),
        ("a1*b", [.advancedGlob, .simpleGlob], ["ab", "a1b", "a11b"], ["a2b", "a1bc", "a"]),
        ("a1*", [.advancedGlob, .simpleGlob], ["a1", "a11"], ["ab", "a1b", "a2"]),
        ("a\\.*b", [.advancedGlob, .simpleGlob], ["ab", "a.b", "a..b"], ["a2b", "a.bc", ""]),
        ("a[.1-2]*b", [.advancedGlob], ["ab", "a.b", "a.1b", "a2b"], ["a.bc", ""]),
        ("a.*b", [.simpleGlob], ["ab", "a.b", "a.1b", "a2b"], ["a.bc", ""]),
        ("a.*", [.advancedGlob, .simpleGlob], ["ab", "a.b", "a.1b", "a2b", "a.bc"], [""]),
        ("a.\\*b", [.advancedGlob, .simpleGlob], ["a.*b", "a1*b"], ["ab", "a2b", "a.bc", ""]),
        ("a.\\*", [.advancedGlob, .simpleGlob], ["a.*", "a1*"], ["ab", "a1b"]),
        // The literal, prefix and suffix filters of the same test hold two or three patterns;
        // a text matches the filter when one of them matches.
        ("ssp1|2ssp", [.literal], ["ssp1", "2ssp"], ["ssp", "ssp12"]),
        ("ssp1|2ssp", [.prefix], ["ssp1", "2ssp", "ssp12"], ["ssp"]),
        ("p1|sp|.file", [.suffix], ["ssp1", "2ssp", "something.file", "ssp"], ["ssp12"]),
    ]

    @Test(arguments: PatternMatcherTests.ctsSchemeSpecificParts)
    func ctsSchemeSpecificPartCases(_ patterns: String, _ kinds: [AndroidPattern.Kind], _ matching: [String], _ notMatching: [String]) throws {
        for kind in kinds {
            let parts = try patterns.split(separator: "|").map { try AndroidPattern(String($0), kind: kind) }
            let filter = IntentFilter(schemes: ["scheme"], schemeSpecificParts: parts)
            for text in matching {
                #expect(filter.matchData("scheme:" + text) == .schemeSpecificPart, "\(kind): 'scheme:\(text)' should match '\(patterns)'")
            }
            for text in notMatching {
                #expect(filter.matchData("scheme:" + text) == nil, "\(kind): 'scheme:\(text)' should not match '\(patterns)'")
            }
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
