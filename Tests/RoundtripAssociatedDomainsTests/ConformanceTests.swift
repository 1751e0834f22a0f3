import RoundtripAssociatedDomains
import Testing

// The conformance table: every matching rule of Apple's documentation, one row per behaviour.
// Rows are our own examples built on the documented ones; each group cites its page:
//
// [P1] Supporting associated domains:
//      https://developer.apple.com/documentation/xcode/supporting-associated-domains
// [P2] applinks:
//      https://developer.apple.com/documentation/bundleresources/applinks
// [P3] applinks.Details:
//      https://developer.apple.com/documentation/bundleresources/applinks/details-swift.dictionary
// [P4] applinks.Details.Components:
//      https://developer.apple.com/documentation/bundleresources/applinks/details-swift.dictionary/components-swift.dictionary
// [P5] applinks.Details.Components.Query:
//      https://developer.apple.com/documentation/bundleresources/applinks/details-swift.dictionary/components-swift.dictionary/query
// [P6] applinks.Defaults:
//      https://developer.apple.com/documentation/bundleresources/applinks/defaults-swift.dictionary
// [P7] applinks.SubstitutionVariables:
//      https://developer.apple.com/tutorials/data/documentation/bundleresources/applinks/substitutionvariables-swift.dictionary.md
// [P8] WWDC20 "What's new in universal links" (wildcards, caseSensitive, percentEncoded, Unicode):
//      https://developer.apple.com/videos/play/wwdc2020/10098
// [P9] Support Universal Links (legacy `paths`, `NOT `, `apps: []`):
//      https://developer.apple.com/library/archive/documentation/General/Conceptual/AppSearch/UniversalLinks.html

enum Expected: Sendable, Equatable, CustomStringConvertible {
    case opens(String, detail: Int, rule: Int)
    case blocked(detail: Int, rule: Int)
    case nothing

    var description: String {
        switch self {
        case .opens(let app, let detail, let rule): "opens \(app) (detail \(detail), rule \(rule))"
        case .blocked(let detail, let rule): "blocked (detail \(detail), rule \(rule))"
        case .nothing: "nothing decides"
        }
    }
}

struct ConformanceCase: Sendable, CustomTestStringConvertible {
    let name: String
    let json: String
    let url: String
    let appID: String?
    let expected: Expected

    var testDescription: String { "\(name): \(url) -> \(expected)" }

    /// A case against a one-detail file for `AASAFixture.app`.
    static func one(_ name: String, _ components: String, _ url: String, _ expected: Expected, applinks extra: String = "") -> ConformanceCase {
        let more = extra.isEmpty ? "" : ", " + extra
        return ConformanceCase(
            name: name,
            json: """
                {"applinks": {"details": [{"appIDs": ["\(AASAFixture.app)"], "components": \(components)}]\(more)}}
                """,
            url: url,
            appID: nil,
            expected: expected
        )
    }

    static func file(_ name: String, _ json: String, _ url: String, appID: String? = nil, _ expected: Expected) -> ConformanceCase {
        ConformanceCase(name: name, json: json, url: url, appID: appID, expected: expected)
    }
}

private let app = AASAFixture.app
private func opens(_ rule: Int, detail: Int = 0) -> Expected { .opens(app, detail: detail, rule: rule) }

/// [P1] The documented shape: fragment exclude, path prefix, nested exclude, query item of four characters.
private let shop = """
    {"applinks": {"details": [{"appIDs": ["\(app)", "A1B2C3D4E5.com.example.app2"], "components": [
      {"#": "web-only", "exclude": true},
      {"/": "/buy/*"},
      {"/": "/help/website/*", "exclude": true},
      {"/": "/help/*", "?": {"articleNumber": "????"}}
    ]}]}}
    """

/// [P3] Details in order; [P9] legacy paths with NOT.
private let twoApps = """
    {"applinks": {"apps": [], "details": [
      {"appIDs": ["A1B2C3D4E5.com.example.first"], "components": [{"/": "/first/*"}, {"/": "/shared/*", "exclude": true}]},
      {"appID": "A1B2C3D4E5.com.example.second", "paths": ["NOT /private/*", "/*"]}
    ]}}
    """

let conformanceCases: [ConformanceCase] = [
    // [P1] the documented example, rule by rule.
    .file("documented fragment exclude", shop, "https://example.com/buy/1#web-only", .blocked(detail: 0, rule: 0)),
    .file("documented path prefix", shop, "https://example.com/buy/1", opens(1)),
    .file("documented nested exclude", shop, "https://example.com/help/website/faq", .blocked(detail: 0, rule: 2)),
    .file("documented four-character query item", shop, "https://example.com/help/x?articleNumber=1234", opens(3)),
    .file("three characters are not four", shop, "https://example.com/help/x?articleNumber=123", .nothing),
    .file("no rule claims the path", shop, "https://example.com/sell/1", .nothing),
    .file(
        "second app of appIDs",
        shop,
        "https://example.com/buy/1",
        appID: "A1B2C3D4E5.com.example.app2",
        .opens("A1B2C3D4E5.com.example.app2", detail: 0, rule: 1)
    ),
    .file("an app the file does not list", shop, "https://example.com/buy/1", appID: "A1B2C3D4E5.com.example.other", .nothing),

    // [P4][P8] wildcards: * greedy and crossing '/', ? exactly one, ?* at least one, anchored.
    .one("* crosses /", #"[{"/": "/buy/*"}]"#, "https://example.com/buy/a/b/c", opens(0)),
    .one("* matches nothing", #"[{"/": "/buy/*"}]"#, "https://example.com/buy/", opens(0)),
    .one("anchored at the start", #"[{"/": "/buy/*"}]"#, "https://example.com/x/buy/1", .nothing),
    .one("anchored at the end", #"[{"/": "/buy"}]"#, "https://example.com/buy/1", .nothing),
    .one("prefix alone is not enough", #"[{"/": "/buy/*"}]"#, "https://example.com/buy", .nothing),
    .one("? is one character", #"[{"/": "/a?c"}]"#, "https://example.com/abc", opens(0)),
    .one("? is not zero characters", #"[{"/": "/a?c"}]"#, "https://example.com/ac", .nothing),
    .one("? is not two characters", #"[{"/": "/a?c"}]"#, "https://example.com/abbc", .nothing),
    .one("?* needs one character", #"[{"/": "/item/?*"}]"#, "https://example.com/item/", .nothing),
    .one("?* takes many", #"[{"/": "/item/?*"}]"#, "https://example.com/item/42/x", opens(0)),
    .one("* in the middle backtracks", #"[{"/": "/*/end"}]"#, "https://example.com/a/end/b/end", opens(0)),
    .one("an empty path is /", #"[{"/": "/"}]"#, "https://example.com", opens(0)),
    .one("http is a universal link too", #"[{"/": "/*"}]"#, "http://example.com/x", opens(0)),
    .one("custom schemes never match", #"[{"/": "*"}]"#, "myapp://example.com/x", .nothing),

    // [P4] unspecified components are *, every given component must match, first match wins.
    .one("only a fragment pattern", ##"[{"#": "top"}]"##, "https://example.com/any/path?q=1#top", opens(0)),
    .one("fragment must match", ##"[{"#": "top"}]"##, "https://example.com/any#bottom", .nothing),
    .one("absent fragment is empty", ##"[{"#": "?*"}]"##, "https://example.com/any", .nothing),
    .one("all parts must match", ##"[{"/": "/a", "#": "f"}]"##, "https://example.com/a#g", .nothing),
    .one("an empty component matches all", #"[{}]"#, "https://example.com/whatever?x#y", opens(0)),
    .one("first match wins", #"[{"/": "/a/*"}, {"/": "/a/b", "exclude": true}]"#, "https://example.com/a/b", opens(0)),
    .one("exclude first blocks", #"[{"/": "/a/b", "exclude": true}, {"/": "/a/*"}]"#, "https://example.com/a/b", .blocked(detail: 0, rule: 0)),
    .one("exclude false opens", #"[{"/": "/a", "exclude": false}]"#, "https://example.com/a", opens(0)),

    // [P4] a string ? is matched against the whole query; an absent query is empty.
    .one("whole query", #"[{"/": "/s", "?": "q=*"}]"#, "https://example.com/s?q=shoes", opens(0)),
    .one("whole query is anchored", #"[{"/": "/s", "?": "q=*"}]"#, "https://example.com/s?x=1&q=2", .nothing),
    .one("absent query is empty", #"[{"?": "?*"}]"#, "https://example.com/s", .nothing),
    .one("absent query matches *", #"[{"?": "*"}]"#, "https://example.com/s", opens(0)),

    // [P5] a ? dictionary: by item name, extra items allowed, absent is empty, repeats all match.
    .one("item by name", #"[{"?": {"id": "12345"}}]"#, "https://example.com/p?id=12345", opens(0)),
    .one("extra items allowed", #"[{"?": {"id": "12345"}}]"#, "https://example.com/p?a=1&id=12345&b=2", opens(0)),
    .one("item value anchored", #"[{"?": {"id": "12345"}}]"#, "https://example.com/p?id=123456", .nothing),
    .one("absent item is empty", #"[{"?": {"id": "?*"}}]"#, "https://example.com/p?other=1", .nothing),
    .one("absent item matches *", #"[{"?": {"id": "*"}}]"#, "https://example.com/p", opens(0)),
    .one("absent item matches empty pattern", #"[{"?": {"id": ""}}]"#, "https://example.com/p", opens(0)),
    .one("repeated items must all match", #"[{"?": {"id": "??"}}]"#, "https://example.com/p?id=12&id=123", .nothing),
    .one("repeated items that all match", #"[{"?": {"id": "??"}}]"#, "https://example.com/p?id=12&id=34", opens(0)),
    .one("every named item must match", #"[{"?": {"a": "1", "b": "2"}}]"#, "https://example.com/p?b=2&a=1", opens(0)),
    .one("one named item fails", #"[{"?": {"a": "1", "b": "2"}}]"#, "https://example.com/p?a=1", .nothing),
    .one("item without = is empty", #"[{"?": {"flag": ""}}]"#, "https://example.com/p?flag", opens(0)),
    .one("item values are decoded", #"[{"?": {"q": "a b"}, "percentEncoded": false}]"#, "https://example.com/p?q=a%20b", opens(0)),
    .one("+ is a literal plus", #"[{"?": {"q": "a+b"}}]"#, "https://example.com/p?q=a+b", opens(0)),

    // [P8][P4] caseSensitive (default true) and percentEncoded (default true).
    .one("case-sensitive by default", #"[{"/": "/Buy/*"}]"#, "https://example.com/buy/1", .nothing),
    .one("caseSensitive false", #"[{"/": "/Buy/*", "caseSensitive": false}]"#, "https://example.com/bUY/1", opens(0)),
    .one("caseSensitive false on query items", #"[{"?": {"c": "RED"}, "caseSensitive": false}]"#, "https://example.com/?c=red", opens(0)),
    .one("encoded pattern, encoded URL", #"[{"/": "/a%20b"}]"#, "https://example.com/a%20b", opens(0)),
    .one("escapes compare decoded", #"[{"/": "/caf%C3%A9"}]"#, "https://example.com/caf%c3%a9", opens(0)),
    .one("Unicode pattern needs percentEncoded false", #"[{"/": "/café", "percentEncoded": false}]"#, "https://example.com/caf%C3%A9", opens(0)),
    .one("plain pattern keeps its %", #"[{"/": "/100%25", "percentEncoded": false}]"#, "https://example.com/100%25", .nothing),
    .one("encoded pattern decodes its %", #"[{"/": "/100%25"}]"#, "https://example.com/100%25", opens(0)),
    .one("%2A is a literal star", #"[{"/": "/a%2Ab"}]"#, "https://example.com/a*b", opens(0)),
    .one("%2A is not a wildcard", #"[{"/": "/a%2Ab"}]"#, "https://example.com/axb", .nothing),
    .one("? over a decoded character", #"[{"/": "/caf?"}]"#, "https://example.com/caf%C3%A9", opens(0)),

    // [P6] defaults at three levels; the more specific wins.
    .one("domain default", #"[{"/": "/Buy"}]"#, "https://example.com/buy", opens(0), applinks: #""defaults": {"caseSensitive": false}"#),
    .one(
        "component beats domain",
        #"[{"/": "/Buy", "caseSensitive": true}]"#,
        "https://example.com/buy",
        .nothing,
        applinks: #""defaults": {"caseSensitive": false}"#
    ),
    .file(
        "app beats domain",
        """
        {"applinks": {"defaults": {"caseSensitive": false}, "details": [
          {"appIDs": ["\(app)"], "defaults": {"caseSensitive": true}, "components": [{"/": "/Buy"}]}]}}
        """,
        "https://example.com/buy",
        .nothing
    ),
    .file(
        "component beats app",
        """
        {"applinks": {"details": [
          {"appIDs": ["\(app)"], "defaults": {"caseSensitive": true}, "components": [{"/": "/Buy", "caseSensitive": false}]}]}}
        """,
        "https://example.com/buy",
        opens(0)
    ),
    .file(
        "app default percentEncoded",
        """
        {"applinks": {"details": [
          {"appIDs": ["\(app)"], "defaults": {"percentEncoded": false}, "components": [{"/": "/über"}]}]}}
        """,
        "https://example.com/%C3%BCber",
        opens(0)
    ),

    // [P7] predefined substitution variables, from frozen tables.
    .one("$(alpha)", #"[{"/": "/$(alpha)"}]"#, "https://example.com/q", opens(0)),
    .one("$(alpha) is one letter", #"[{"/": "/$(alpha)"}]"#, "https://example.com/qq", .nothing),
    .one("$(alpha) is not a digit", #"[{"/": "/$(alpha)"}]"#, "https://example.com/1", .nothing),
    .one("$(upper)", #"[{"/": "/$(upper)"}]"#, "https://example.com/Q", opens(0)),
    .one("$(upper) is not lower", #"[{"/": "/$(upper)"}]"#, "https://example.com/q", .nothing),
    .one("$(upper) folds when case-insensitive", #"[{"/": "/$(upper)", "caseSensitive": false}]"#, "https://example.com/q", opens(0)),
    .one("$(lower)", #"[{"/": "/$(lower)"}]"#, "https://example.com/q", opens(0)),
    .one("$(digit)", #"[{"/": "/v$(digit)/*"}]"#, "https://example.com/v2/x", opens(0)),
    .one("$(digit) is not a letter", #"[{"/": "/v$(digit)/*"}]"#, "https://example.com/vx/x", .nothing),
    .one("$(xdigit)", #"[{"/": "/$(xdigit)$(xdigit)"}]"#, "https://example.com/fA", opens(0)),
    .one("$(xdigit) is not g", #"[{"/": "/$(xdigit)"}]"#, "https://example.com/g", .nothing),
    .one("$(alnum)", #"[{"/": "/$(alnum)$(alnum)"}]"#, "https://example.com/a1", opens(0)),
    .one("$(region)", #"[{"/": "/$(region)/*"}]"#, "https://example.com/GB/home", opens(0)),
    .one("$(region) is ISO 3166-1", #"[{"/": "/$(region)/*"}]"#, "https://example.com/XX/home", .nothing),
    .one("$(region) is uppercase", #"[{"/": "/$(region)/*"}]"#, "https://example.com/gb/home", .nothing),
    .one("$(region) folded", #"[{"/": "/$(region)/*", "caseSensitive": false}]"#, "https://example.com/gb/home", opens(0)),
    .one("$(lang)", #"[{"/": "/$(lang)/*"}]"#, "https://example.com/fr/home", opens(0)),
    .one("$(lang) is ISO 639-1", #"[{"/": "/$(lang)/*"}]"#, "https://example.com/qq/home", .nothing),
    .one("$(lang)_$(region)", #"[{"/": "/$(lang)_$(region)/*"}]"#, "https://example.com/en_US/x", opens(0)),

    // [P7] custom substitution variables; values may hold wildcards.
    .one(
        "custom variable",
        #"[{"/": "/$(food)/*"}]"#,
        "https://example.com/burrito/1",
        opens(0),
        applinks: #""substitutionVariables": {"food": ["burrito", "taco*"]}"#
    ),
    .one(
        "custom value with wildcard",
        #"[{"/": "/$(food)/*"}]"#,
        "https://example.com/tacos/1",
        opens(0),
        applinks: #""substitutionVariables": {"food": ["burrito", "taco*"]}"#
    ),
    .one(
        "custom variable misses",
        #"[{"/": "/$(food)/*"}]"#,
        "https://example.com/pizza/1",
        .nothing,
        applinks: #""substitutionVariables": {"food": ["burrito", "taco*"]}"#
    ),
    .one("undefined variable never matches", #"[{"/": "/$(nope)/*"}, {"/": "/*"}]"#, "https://example.com/x/1", opens(1)),

    // [P3][P9] details in order, appID filtering, legacy paths.
    .file("first detail", twoApps, "https://example.com/first/1", .opens("A1B2C3D4E5.com.example.first", detail: 0, rule: 0)),
    .file("falls through to the next detail", twoApps, "https://example.com/other", .opens("A1B2C3D4E5.com.example.second", detail: 1, rule: 1)),
    .file("exclude decides for its detail", twoApps, "https://example.com/shared/1", .blocked(detail: 0, rule: 1)),
    .file(
        "another app skips that detail",
        twoApps,
        "https://example.com/shared/1",
        appID: "A1B2C3D4E5.com.example.second",
        .opens("A1B2C3D4E5.com.example.second", detail: 1, rule: 1)
    ),
    .file("legacy NOT", twoApps, "https://example.com/private/x", appID: "A1B2C3D4E5.com.example.second", .blocked(detail: 1, rule: 0)),
    .file(
        "legacy paths ignore the query",
        """
        {"applinks": {"apps": [], "details": [{"appID": "\(app)", "paths": ["/videos/*"]}]}}
        """,
        "https://example.com/videos/1?x=1#y",
        opens(0)
    ),
    .file(
        "legacy paths are case-sensitive",
        """
        {"applinks": {"details": [{"appID": "\(app)", "paths": ["/Videos/*"]}]}}
        """,
        "https://example.com/videos/1",
        .nothing
    ),
    .file(
        "paths ignored when components exist",
        """
        {"applinks": {"details": [{"appIDs": ["\(app)"], "components": [{"/": "/a"}], "paths": ["/*"]}]}}
        """,
        "https://example.com/b",
        .nothing
    ),
    .file(
        "appIDs wins over appID",
        """
        {"applinks": {"details": [{"appID": "A1B2C3D4E5.com.example.old", "appIDs": ["\(app)"], "components": [{"/": "/*"}]}]}}
        """,
        "https://example.com/b",
        appID: "A1B2C3D4E5.com.example.old",
        .nothing
    ),
    .file("no applinks", #"{"webcredentials": {"apps": ["A1B2C3D4E5.com.example.app"]}}"#, "https://example.com/", .nothing),
]

@Suite("Matching conforms to Apple's documented semantics")
struct ConformanceTests {
    @Test(arguments: conformanceCases)
    func conformance(_ testCase: ConformanceCase) throws {
        let matcher = AssociationMatcher(try AASAFixture.file(testCase.json))
        let result = try matcher.match(testCase.url, appID: testCase.appID)
        let actual: Expected
        if result.isMatched {
            actual = .opens(result.appID ?? "", detail: result.detail ?? -1, rule: result.rule ?? -1)
        } else if result.isBlocked {
            actual = .blocked(detail: result.detail ?? -1, rule: result.rule ?? -1)
        } else {
            actual = .nothing
        }
        #expect(actual == testCase.expected)
        // Explain mode always reaches the same decision.
        #expect(try matcher.explain(testCase.url, appID: testCase.appID).result == result)
    }

    @Test func invalidURLIsAnError() {
        let matcher = AssociationMatcher(AssociationFile())
        #expect(throws: AssociationError.self) { try matcher.match("not a url") }
        do {
            _ = try matcher.match("no scheme")
        } catch {
            #expect(error.code == .invalidURL)
            #expect(error.message.contains("not a URL"))
        }
    }

    @Test func explanationSaysWhyRulesDidNotMatch() throws {
        let matcher = AssociationMatcher(try AASAFixture.file(shop))
        let explanation = try matcher.explain("https://example.com/help/x?articleNumber=12")
        #expect(!explanation.result.isMatched)
        let rules = try #require(explanation.details.first?.rules)
        #expect(rules.count == 4)
        #expect(rules[0].reason?.contains("fragment") == true)
        #expect(rules[1].reason?.contains("/buy/*") == true)
        #expect(rules[3].reason?.contains("articleNumber") == true)
        #expect(explanation.description.contains("NOT MATCHED"))
    }

    @Test func explanationNamesTheDecidingRuleAndSkippedDetails() throws {
        let matcher = AssociationMatcher(try AASAFixture.file(twoApps))
        let explanation = try matcher.explain("https://example.com/x", appID: "A1B2C3D4E5.com.example.second")
        #expect(explanation.details.map(\.status) == [.otherApps, .decided])
        #expect(explanation.description.contains("MATCHED: A1B2C3D4E5.com.example.second"))
        #expect(explanation.description.contains("skipped"))
        let first = try matcher.explain("https://example.com/first/1")
        #expect(first.details.map(\.status) == [.decided, .notReached])
    }

    @Test func isoTablesAreFrozen() throws {
        // 249 ISO 3166-1 alpha-2 codes and 183 ISO 639-1 codes: a deliberate change updates this test.
        #expect(try matchingPairs("$(region)", letters: UInt8(ascii: "A")...UInt8(ascii: "Z")) == 249)
        #expect(try matchingPairs("$(lang)", letters: UInt8(ascii: "a")...UInt8(ascii: "z")) == 183)
    }

    /// How many two-letter paths a one-variable pattern matches.
    private func matchingPairs(_ variable: String, letters: ClosedRange<UInt8>) throws -> Int {
        let matcher = AssociationMatcher(try AASAFixture.components(#"[{"/": "/"# + variable + #""}]"#))
        var count = 0
        for first in letters {
            for second in letters where try matcher.match("https://example.com/" + String(decoding: [first, second], as: UTF8.self)).isMatched {
                count += 1
            }
        }
        return count
    }
}
