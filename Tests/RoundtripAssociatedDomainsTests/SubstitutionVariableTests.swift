import RoundtripAssociatedDomains
import Testing

/// Custom substitution variables (Apple's "substitutionVariables" page of the applinks
/// reference: a variable stands for any one of its values, which may hold `*` and `?`), through
/// the public matcher: exact semantics, then the work a URL costs, counted in the steps an
/// explanation reports.
@Suite("Substitution variables: exact matches, bounded work")
struct SubstitutionVariableTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let values: [String]
        let pattern: String
        var caseSensitive = true
        var percentEncoded = true
        let url: String
        let matches: Bool
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        // Overlapping values: either may be the one that lets the rest match.
        Case(name: "overlapping values, the shorter then c", values: ["ab", "abc"], pattern: "/$(v)c", url: "/abc", matches: true),
        Case(name: "overlapping values, the longer then c", values: ["ab", "abc"], pattern: "/$(v)c", url: "/abcc", matches: true),
        Case(name: "overlapping values, nothing fits", values: ["ab", "abc"], pattern: "/$(v)c", url: "/abccc", matches: false),
        // Values that are prefixes of each other.
        Case(name: "prefix values, the middle one", values: ["a", "aa", "aaa"], pattern: "/$(v)/x", url: "/aa/x", matches: true),
        Case(name: "prefix values, longer than all", values: ["a", "aa", "aaa"], pattern: "/$(v)/x", url: "/aaaa/x", matches: false),
        Case(name: "prefix values, the longest", values: ["aaa", "a", "aa"], pattern: "/$(v)", url: "/aaa", matches: true),
        // The empty value: the variable may match nothing.
        Case(name: "empty value", values: ["", "x"], pattern: "/a$(v)b", url: "/ab", matches: true),
        Case(name: "empty value, the other", values: ["", "x"], pattern: "/a$(v)b", url: "/axb", matches: true),
        Case(name: "empty value, neither", values: ["", "x"], pattern: "/a$(v)b", url: "/ayb", matches: false),
        // `*` next to a variable.
        Case(name: "star before", values: ["ab", "b"], pattern: "/*$(v)", url: "/zzab", matches: true),
        Case(name: "star before, the shorter value", values: ["ab", "b"], pattern: "/*$(v)", url: "/zzb", matches: true),
        Case(name: "star before, no value at the end", values: ["ab", "b"], pattern: "/*$(v)", url: "/zza", matches: false),
        Case(name: "star after", values: ["ab"], pattern: "/$(v)*", url: "/abzz", matches: true),
        Case(name: "star after, the value must start", values: ["ab"], pattern: "/$(v)*", url: "/bab", matches: false),
        // Wildcards in values, and values that share a start before them.
        Case(name: "star in a value", values: ["ta*", "x"], pattern: "/$(v)/end", url: "/taco/end", matches: true),
        Case(name: "star in a value, its start missing", values: ["ta*", "x"], pattern: "/$(v)/end", url: "/t/end", matches: false),
        Case(name: "question mark in a value", values: ["?b"], pattern: "/$(v)", url: "/xb", matches: true),
        Case(name: "question mark in a value needs a character", values: ["?b"], pattern: "/$(v)", url: "/b", matches: false),
        Case(name: "shared start, star then c", values: ["a*b", "a*c", "ab"], pattern: "/$(v)", url: "/axxc", matches: true),
        Case(name: "shared start, no ending fits", values: ["a*b", "a*c", "ab"], pattern: "/$(v)", url: "/axxd", matches: false),
        Case(name: "shared start, the literal one", values: ["a*b", "a*c", "ab"], pattern: "/$(v)", url: "/ab", matches: true),
        Case(name: "two uses, different values", values: ["a", "bb"], pattern: "/$(v)/$(v)", url: "/bb/a", matches: true),
        Case(name: "two uses, no value", values: ["a", "bb"], pattern: "/$(v)/$(v)", url: "/bb/b", matches: false),
        // Case and percent-encoding, as for the rest of the pattern.
        Case(name: "case-sensitive", values: ["Taco"], pattern: "/$(v)", url: "/TACO", matches: false),
        Case(name: "case-sensitive, same case", values: ["Taco"], pattern: "/$(v)", url: "/Taco", matches: true),
        Case(name: "case-insensitive", values: ["Taco"], pattern: "/$(v)", caseSensitive: false, url: "/TACO", matches: true),
        Case(name: "percent-encoded value", values: ["caf%C3%A9"], pattern: "/$(v)", url: "/caf%C3%A9", matches: true),
        Case(name: "percent-encoded value against its escape", values: ["caf%C3%A9"], pattern: "/$(v)", url: "/caf%25C3%25A9", matches: false),
        Case(
            name: "plain-text value against its escape",
            values: ["caf%C3%A9"],
            pattern: "/$(v)",
            percentEncoded: false,
            url: "/caf%25C3%25A9",
            matches: true
        ),
        Case(
            name: "plain-text value is not decoded",
            values: ["caf%C3%A9"],
            pattern: "/$(v)",
            percentEncoded: false,
            url: "/caf%C3%A9",
            matches: false
        ),
    ]

    static func json(_ strings: [String]) -> String {
        "[" + strings.map { "\"" + $0 + "\"" }.joined(separator: ", ") + "]"
    }

    @Test(arguments: cases)
    func matchesExactly(_ testCase: Case) throws {
        let component = #"{"/": "\#(testCase.pattern)", "caseSensitive": \#(testCase.caseSensitive), "percentEncoded": \#(testCase.percentEncoded)}"#
        let file = try AASAFixture.components("[" + component + "]", applinks: #""substitutionVariables": {"v": \#(Self.json(testCase.values))}"#)
        let matcher = AssociationMatcher(file)
        #expect(try matcher.match("https://example.com" + testCase.url).isMatched == testCase.matches)
        #expect(try matcher.explain("https://example.com" + testCase.url).result.isMatched == testCase.matches)
    }

    /// The first component that matches decides, an exclude one included.
    @Test(arguments: [("/a", true, 0), ("/b", false, 1)])
    func firstMatchDecides(_ path: String, _ blocked: Bool, _ rule: Int) throws {
        let file = try AASAFixture.components(#"[{"/": "/$(v)", "exclude": true}, {"/": "/*"}]"#, applinks: #""substitutionVariables": {"v": ["a"]}"#)
        let result = try AssociationMatcher(file).match("https://example.com" + path)
        #expect(result.isBlocked == blocked && result.isMatched == !blocked && result.rule == rule)
    }

    // MARK: Work

    /// `components` components `/*$(v)`, `v` holding `a`, `aab`, …: `count` values of 2 to
    /// `count + 1` characters that all start alike (about `count`²/2 bytes).
    static func sharedStarts(count: Int, components: Int) throws -> AssociationMatcher {
        let values = (1...count).map { String(repeating: "a", count: $0) + "b" }
        let list = Array(repeating: #"{"/": "/*$(v)"}"#, count: components).joined(separator: ", ")
        return AssociationMatcher(try AASAFixture.components("[" + list + "]", applinks: #""substitutionVariables": {"v": \#(json(values))}"#))
    }

    /// After `/*` every position of the path is reachable, and against `/aaa…a` every value stays
    /// alive up to its `b`: matched value by value, this cost the values' total length (45 KB)
    /// times the path's 64-character words per component, 114 million steps for these 20; the
    /// values' 600 distinct starts are each matched once per component now.
    @Test func valuesThatShareAStartAreMatchedOnce() throws {
        let count = 300
        let components = 20
        let matcher = try Self.sharedStarts(count: count, components: components)
        let length = 4_000
        let explanation = try matcher.explain("https://example.com/" + String(repeating: "a", count: length), workLimit: .max)
        #expect(!explanation.result.isMatched)
        let starts = 2 * count
        let words = (length + 1) / 64 + 1
        #expect(explanation.steps <= components * starts * (4 * words + 8), "\(explanation.steps) steps")
    }

    /// 4,000 values with different first characters, in 300 components `/$(v)`: at the one
    /// position after `/`, each value used to be tried in turn (48 million steps for 3,000 such
    /// components); now the character there is looked up among the values' first characters.
    @Test func manyValuesAreLookedUpNotScanned() throws {
        let values = (0..<4_000).compactMap { UnicodeScalar(0x4E00 + $0).map { String($0) + "x" } }
        let components = 300
        let list = Array(repeating: #"{"/": "/$(v)"}"#, count: components).joined(separator: ", ")
        let file = try AASAFixture.components("[" + list + "]", applinks: #""substitutionVariables": {"v": \#(Self.json(values))}"#)
        let matcher = AssociationMatcher(file)
        let miss = try matcher.explain("https://example.com/zz", workLimit: .max)
        #expect(!miss.result.isMatched)
        #expect(miss.steps <= 32 * components, "\(miss.steps) steps")
        // URLs are ASCII on the wire: the value percent-encoded (RFC 3986, section 2.1).
        let encoded = values[2_345].utf8.map { $0 < 0x80 ? String(UnicodeScalar($0)) : "%" + String($0, radix: 16, uppercase: true) }.joined()
        let hit = try matcher.explain("https://example.com/" + encoded, workLimit: .max)
        #expect(hit.result.isMatched && hit.result.rule == 0)
    }

    /// The same 80 KB file with 2,000 such components: 230 million steps, seconds, for one URL;
    /// the default limit stops it with a typed error after a fraction of that.
    @Test func aCostlyMatchStopsAtTheWorkLimit() throws {
        let matcher = try Self.sharedStarts(count: 300, components: 2_000)
        let url = "https://example.com/" + String(repeating: "a", count: 4_000)
        let error = #expect(throws: AssociationError.self) { try matcher.match(url) }
        #expect(error?.code == .workLimitExceeded)
        #expect(error?.message.contains("limit of \(AssociationMatcher.defaultWorkLimit) steps") == true)
        let explained = #expect(throws: AssociationError.self) { try matcher.explain(url, workLimit: 1_000_000) }
        #expect(explained?.code == .workLimitExceeded)
        // A URL that costs little is decided under the same limit, and reports its steps.
        let short = try matcher.explain("https://example.com/ab", workLimit: 1_000_000)
        #expect(short.result.isMatched && short.steps > 0 && short.steps < 1_000_000)
        // A budget already spent refuses at once.
        #expect(throws: AssociationError.self) { try matcher.match("https://example.com/ab", workLimit: 0) }
    }
}
