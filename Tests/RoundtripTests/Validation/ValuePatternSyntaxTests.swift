import RoundtripYAML
import Testing

@testable import Roundtrip

/// What the pattern subset accepts, what it refuses (by name and offset), and what the accepted
/// forms mean.
@Suite("Pattern syntax: the subset, and every construct outside it refused by name")
struct ValuePatternSyntaxTests {
    /// A pattern and values it matches and does not match.
    struct Meaning: Sendable, CustomTestStringConvertible {
        let pattern: String
        let matching: [String]
        let failing: [String]
        var testDescription: String { pattern }
    }

    static let meanings: [Meaning] = [
        Meaning(pattern: "", matching: [""], failing: ["a"]),
        Meaning(pattern: "abc", matching: ["abc"], failing: ["ab", "abcd", "Abc", "abc\n"]),
        Meaning(pattern: "a.c", matching: ["abc", "a c", "a\u{0}c", "a😀c"], failing: ["a\nc", "a\rc", "a\u{0B}c", "a\u{85}c", "a\u{2028}c", "ac"]),
        Meaning(pattern: "[a-c_-]+", matching: ["a_b-c"], failing: ["", "d", "A"]),
        Meaning(pattern: "[^,]+", matching: ["a b", "\n", "é"], failing: ["a,b", ""]),
        Meaning(pattern: "\\d{2}", matching: ["42", "٣٤", "０1"], failing: ["4", "²2"]),
        Meaning(pattern: "\\w+", matching: ["a_1", "é", "e\u{301}", "a\u{200D}b", "‿"], failing: ["a-b", "😀", "¼"]),
        Meaning(pattern: "\\s", matching: [" ", "\t", "\u{0B}", "\u{85}", "\u{A0}", "\u{3000}"], failing: ["\u{200B}", "\u{1C}", "a"]),
        Meaning(pattern: "\\D\\W\\S", matching: ["a-b", "--x"], failing: ["1-b", "a_b", "a- "]),
        Meaning(pattern: "[\\d\\s]+", matching: ["1 2", "٣\u{A0}"], failing: ["a"]),
        Meaning(pattern: "[^\\W\\d]+", matching: ["abc", "é_"], failing: ["a1", "a-"]),
        Meaning(pattern: "(?:ab|cd)*", matching: ["", "ab", "abcdab"], failing: ["a", "abc"]),
        Meaning(pattern: "(a|)+b", matching: ["b", "aab"], failing: ["a"]),
        Meaning(pattern: "a{2}b{1,}c{0,3}", matching: ["aab", "aabbccc"], failing: ["ab", "aabcccc"]),
        Meaning(pattern: "a{0}", matching: [""], failing: ["a"]),
        Meaning(pattern: "a*?b+?c??d{1,2}?", matching: ["aabbcd", "bdd"], failing: ["ac"]),
        Meaning(pattern: "^(a|b)$", matching: ["a", "b"], failing: ["ab", "a\n"]),
        Meaning(pattern: "x$", matching: ["x"], failing: ["x\n"]),
        Meaning(pattern: "\\x41\\x{1F600}\\u00e9\\t\\n\\r\\f\\a\\e", matching: ["A😀é\t\n\r\u{0C}\u{07}\u{1B}"], failing: ["A"]),
        Meaning(pattern: "\\.\\*\\+\\?\\(\\)\\[\\]\\{\\}\\|\\^\\$\\\\\\-\\ \\#", matching: [".*+?()[]{}|^$\\- #"], failing: [""]),
        Meaning(pattern: "a]", matching: ["a]"], failing: ["a"]),
        Meaning(pattern: "[a-]|[-b]|[\\w-]", matching: ["a", "-", "b", "_"], failing: ["c-"]),
        Meaning(pattern: "[.$*+?(){}|^&#: ]+", matching: [".$*+?(){}|^&#: "], failing: ["a"]),
        Meaning(pattern: "[\\--/\\]\\[\\\\]", matching: ["-", ".", "/", "]", "[", "\\"], failing: ["0"]),
        Meaning(pattern: "e\u{301}+", matching: ["e\u{301}\u{301}"], failing: ["\u{E9}", "e\u{301}e\u{301}"]),
        Meaning(pattern: "[😀-😂]", matching: ["😁"], failing: ["😃"]),
    ]

    @Test("Accepted patterns mean what ICU says", arguments: meanings)
    func meaning(_ meaning: Meaning) throws {
        let pattern = try ValuePattern(meaning.pattern)
        for value in meaning.matching {
            #expect(pattern.matches(value), "'\(meaning.pattern)' should match \(value.debugDescription)")
        }
        for value in meaning.failing {
            #expect(!pattern.matches(value), "'\(meaning.pattern)' should not match \(value.debugDescription)")
        }
    }

    /// A refused pattern, the phrase its message must contain and the offset it names.
    struct Refusal: Sendable, CustomTestStringConvertible {
        let pattern: String
        let construct: String
        let offset: Int
        let isMalformed: Bool
        init(_ pattern: String, _ construct: String, at offset: Int, malformed: Bool = false) {
            self.pattern = pattern
            self.construct = construct
            self.offset = offset
            isMalformed = malformed
        }
        var testDescription: String { pattern }
    }

    static let refusals: [Refusal] = [
        // Beyond the subset: needs backtracking, or ICU reads it differently from how it looks.
        Refusal("(a)\\1", "a backreference '\\1'", at: 3),
        Refusal("(?<n>a)\\k<n>", "a named group", at: 0),
        Refusal("a(?=b)", "a lookahead '(?='", at: 1),
        Refusal("(?!a)b", "a negative lookahead", at: 0),
        Refusal("(?<=a)b", "a lookbehind '(?<='", at: 0),
        Refusal("(?<!a)b", "a negative lookbehind", at: 0),
        Refusal("(?>a+)b", "an atomic group", at: 0),
        Refusal("a*+b", "a possessive quantifier '*+'", at: 1),
        Refusal("a{2,3}+", "a possessive quantifier '{2,3}+'", at: 1),
        Refusal("(?:b?)*?|a", "the lazy quantifier '*?' on what can match nothing", at: 6),
        Refusal("(|a)+?", "the lazy quantifier '+?' on what can match nothing", at: 4),
        Refusal("(?:)*?", "the lazy quantifier '*?' on what can match nothing", at: 4),
        Refusal("(?i)abc", "an inline flag '(?i'", at: 0),
        Refusal("(?x: a )", "an inline flag '(?x'", at: 0),
        Refusal("(?#note)a", "a comment", at: 0),
        Refusal("\\p{Lu}+", "a Unicode property '\\p'", at: 0),
        Refusal("a\\P{L}", "a Unicode property '\\P'", at: 1),
        Refusal("[:digit:]+", "a POSIX class name '[:…:]'", at: 0),
        Refusal("[[:digit:]]{3}", "a POSIX class name", at: 1),
        Refusal("[^:alpha:]", "a POSIX class name", at: 0),
        Refusal("[a[bc]]", "a class inside a class", at: 2),
        Refusal("[a-f&&0-9]+", "the class intersection '&&'", at: 4),
        // ICU refuses a range from an unescaped '&' (found by the pattern fuzzer).
        Refusal("[A-Za-z0&-.9-]+", "a range from an unescaped '&'", at: 9),
        Refusal("[&-z]", "a range from an unescaped '&'", at: 2),
        Refusal("[a-z--m]", "the class subtraction '--'", at: 4),
        Refusal("[--/]", "the class subtraction '--'", at: 1),
        Refusal("[a-c-e]", "a '-' after a range or class escape", at: 4),
        Refusal("[\\d-z]", "a '-' after a range or class escape", at: 3),
        Refusal("[]a]", "a ']' first in a class", at: 1),
        Refusal("[^]", "a ']' first in a class", at: 2),
        Refusal("\\Qa.b\\E", "a quoted sequence", at: 0),
        Refusal("a\\b", "the word-boundary assertion '\\b'", at: 1),
        Refusal("[\\b]", "'\\b' in a class", at: 1),
        Refusal("\\Aa", "the anchor '\\A'", at: 0),
        Refusal("a\\z", "the anchor '\\z'", at: 1),
        Refusal("a^b", "the anchor '^' inside the pattern", at: 1),
        Refusal("a$b", "the anchor '$' inside the pattern", at: 1),
        Refusal("(a$)", "the anchor '$' inside the pattern", at: 2),
        Refusal("\\0", "an octal escape", at: 0),
        Refusal("\\N{LATIN SMALL LETTER A}", "a named character", at: 0),
        Refusal("\\y", "the escape '\\y'", at: 0),
        Refusal("\\h", "the escape '\\h'", at: 0),
        Refusal("\\cA", "the escape '\\c'", at: 0),
        Refusal("\\é", "the escape '\\é'", at: 0),
        Refusal("\\x4", "the escape '\\x' without 2 hex digits", at: 0),
        Refusal("\\u41", "the escape '\\u' without 4 hex digits", at: 0),
        Refusal("\\uD83D\\uDE00", "which is not a Unicode scalar", at: 0),
        Refusal("\\x{110000}", "which is not a Unicode scalar", at: 0),
        Refusal("a{1001}", "the repetition {1001}, above 1000", at: 1),
        Refusal("a{2,5000}", "the repetition {2,5000}, above 1000", at: 1),
        // Not regular expressions at all.
        Refusal("[a-", "a class '[' that is not closed", at: 0, malformed: true),
        Refusal("(ab", "a group '(' that is not closed", at: 0, malformed: true),
        Refusal("a)|(b", "a ')' that closes no group", at: 1, malformed: true),
        Refusal("*a", "the quantifier '*' with nothing to repeat", at: 0, malformed: true),
        Refusal("a|+", "the quantifier '+' with nothing to repeat", at: 2, malformed: true),
        Refusal("a**", "the quantifier '*' right after another", at: 2, malformed: true),
        Refusal("a???", "the quantifier '?' right after another", at: 3, malformed: true),
        Refusal("a{2}{3}", "the quantifier '{' right after another", at: 4, malformed: true),
        Refusal("a{,3}", "a '{' that does not start a repetition", at: 1, malformed: true),
        Refusal("a{ 2}", "a '{' that does not start a repetition", at: 1, malformed: true),
        Refusal("{", "a '{' with nothing to repeat", at: 0, malformed: true),
        Refusal("a}", "a '}' that closes no repetition", at: 1, malformed: true),
        Refusal("a{3,2}", "whose minimum is above its maximum", at: 1, malformed: true),
        Refusal("[z-a]", "the range 'z-a', whose ends are out of order", at: 2, malformed: true),
        Refusal("[a-\\d]", "a range that ends in a class escape", at: 2, malformed: true),
        Refusal("a\\", "a '\\' at the end", at: 1, malformed: true),
        Refusal("\\x{}", "the escape '\\x{' without one to six hex digits", at: 0, malformed: true),
    ]

    @Test("Refused patterns are load errors naming the construct and its offset", arguments: refusals)
    func refusal(_ refusal: Refusal) {
        do {
            _ = try ValuePattern(refusal.pattern)
            Issue.record("'\(refusal.pattern)' compiled")
        } catch {
            #expect(error.code == .invalidParameter)
            #expect(error.message.contains(refusal.construct), "\(error.message)")
            #expect(error.message.contains("at offset \(refusal.offset)"), "\(error.message)")
            #expect(error.message.hasPrefix("the pattern '\(refusal.pattern)' "), "\(error.message)")
            let phrase = refusal.isMalformed ? "is not a valid regular expression" : "which patterns do not support"
            #expect(error.message.contains(phrase), "\(error.message)")
        }
    }

    @Test("The YAML and JSON readers refuse a pattern outside the subset at its key path, naming the construct")
    func specsRefuseUnsupportedPatterns() {
        let yaml =
            "roundtrip: 1\napp: {name: A, schemes: [a]}\nactions:\n  x: {url: \"a://x\", convention: none, parameters: {p: {pattern: \"[a-f&&0-9]+\"}}}\n"
        let json =
            #"{"roundtrip":1,"app":{"name":"A","schemes":["a"]},"actions":{"x":{"url":"a://x","convention":"none","parameters":{"p":{"pattern":"[:digit:]+"}}}}}"#
        let cases: [(load: () throws -> Void, message: String)] = [
            (
                { _ = try SpecLoader.load(yaml: yaml) },
                "the pattern '[a-f&&0-9]+' uses the class intersection '&&' at offset 4, which patterns do not support"
            ),
            (
                { _ = try SpecLoader.load(json: json) },
                "the pattern '[:digit:]+' uses a POSIX class name '[:…:]' at offset 0, which patterns do not support"
            ),
        ]
        for (load, message) in cases {
            do {
                try load()
                Issue.record("the spec loaded")
            } catch let error as SpecError {
                let finding = error.diagnostics.first { $0.rule == "invalid-pattern" }
                #expect(finding?.keyPath == "actions.x.parameters.p.pattern", "\(error.diagnostics)")
                #expect(finding?.severity == .error)
                #expect(finding?.message.hasPrefix(message) == true, "\(String(describing: finding?.message))")
            } catch {
                Issue.record("unexpected \(error)")
            }
        }
    }

    @Test("A pattern compiling to more than 5,000 instructions is refused, with the count")
    func programSizeIsBounded() throws {
        #expect(try ValuePattern("[a-z0-9]{1,1000}").instructionCount == 2_000)
        #expect(try ValuePattern("(?:(?:a{1000}){2}){2}x{999}").instructionCount == 5_000)
        for (pattern, count) in [
            ("(?:a{1000}){5}", "5001"), ("(?:(?:a{1000}){1000}){1000}", "1000000001"), ("[ab]{1,1000}c{1,1000}d{1,1000}", "5998"),
        ] {
            do {
                _ = try ValuePattern(pattern)
                Issue.record("'\(pattern)' compiled")
            } catch {
                #expect(error.code == .invalidParameter)
                #expect(
                    error.message
                        == "the pattern '\(pattern)' compiles to \(count) instructions, more than the 5000 a pattern may have; lower its repetition counts"
                )
            }
        }
        // Repeating what matches only the empty text costs nothing, however deeply.
        #expect(try ValuePattern("((((){1000}){1000}){1000}){1000}").instructionCount == 1)
    }

    @Test("Groups nest at most 32 deep")
    func nestingIsBounded() throws {
        _ = try ValuePattern(String(repeating: "(", count: 32) + "a" + String(repeating: ")", count: 32))
        let deep = String(repeating: "(", count: 33) + "a" + String(repeating: ")", count: 33)
        #expect(throws: RoundtripError.self) { try ValuePattern(deep) }
        do {
            _ = try ValuePattern(String(repeating: "(", count: 10_000))
        } catch {
            #expect(error.message.contains("groups nested more than 32 deep at offset 32"))
        }
    }

    @Test("One ASCII class repeated is matched byte by byte; anything else by the machine")
    func byteRuns() throws {
        for source in ["[A-Za-z0-9-]+", "[0-9]{4,8}", "[a-z]*", "a+", "[x]", "-"] {
            #expect(try ValuePattern(source).isByteRun, "\(source)")
        }
        for source in ["[^a]+", "\\d+", "[a-zé]+", ".+", "[\\w]+", "(?:ab)+", "a+b", "é+"] {
            #expect(try !ValuePattern(source).isByteRun, "\(source)")
        }
    }

    @Test("Patterns are equal, and hash, by their text")
    func identity() throws {
        #expect(try ValuePattern("[a-z]+") == ValuePattern("[a-z]+"))
        #expect(try ValuePattern("[a-z]+") != ValuePattern("[a-z]*"))
        #expect(try Set([ValuePattern("a"), ValuePattern("a"), ValuePattern("b")]).count == 2)
        #expect(try ValuePattern("a|b").description == "a|b")
    }
}
