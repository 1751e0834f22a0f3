import Roundtrip
import RoundtripAndroid
import Testing

/// Whether a file verifies a host for an app ("Verify Android App Links"), and what Android 15's
/// dynamic rules decide ("Add Android App Links", "Configure dynamic App Links": the first rule
/// that matches decides, and a URL that no rule matches does not open the app).
struct AssetLinksMatcherTests {
    static let matcher: AssetLinksMatcher? = (try? AndroidFixture.bytes("assetlinks/dynamic-rules.json"))
        .flatMap { try? AssetLinksFile(json: $0) }
        .map(AssetLinksMatcher.init)

    @Test(arguments: [
        ("https://example.com/charge?amount=12", AssetLinksMatcher.Result.Decision.open, 1 as Int?),
        ("https://example.com/charge", .blocked, nil),
        ("https://example.com/admin/users", .blocked, 0),
        ("https://example.com/receipts/42", .open, 2),
        ("https://example.com/other#app", .open, 3),
        ("https://example.com/other", .blocked, nil),
        ("https://example.com/admin/x#app", .blocked, 0),
    ])
    func dynamicRulesFirstMatchDecides(_ url: String, _ decision: AssetLinksMatcher.Result.Decision, _ rule: Int?) throws {
        let matcher = try #require(AssetLinksMatcherTests.matcher)
        let result = try matcher.match(url, package: "com.example.terminal")
        #expect(result.isVerified)
        #expect(result.statement == 0)
        #expect(result.dynamic == decision)
        #expect(result.rule == rule)
        #expect(result.opensApp == (decision == .open))
    }

    @Test(arguments: [
        (AndroidFixture.fingerprint, true), (AndroidFixture.fingerprint.lowercased(), true),
        (AndroidFixture.fingerprint.replacingOccurrences(of: ":", with: ""), true),
        (String(repeating: "00:", count: 31) + "00", false),
    ])
    func theFingerprintMustBeListed(_ fingerprint: String, _ verified: Bool) throws {
        let matcher = try #require(AssetLinksMatcherTests.matcher)
        #expect(try matcher.match("https://example.com/receipts/1", package: "com.example.terminal", fingerprint: fingerprint).isVerified == verified)
    }

    @Test func anotherPackageOrRelationIsNotVerified() throws {
        let matcher = try #require(AssetLinksMatcherTests.matcher)
        let other = try matcher.match("https://example.com/charge?amount=1", package: "com.example.other")
        #expect(!other.isVerified && other.statement == nil && other.dynamic == nil)
        let loginOnly = AssetLinksMatcher(
            AssetLinksFile(statements: [
                AssetStatement(
                    relations: [.getLoginCredentials],
                    target: .androidApp(packageName: "com.example.app", fingerprints: [AndroidFixture.fingerprint])
                )
            ])
        )
        #expect(try loginOnly.verifyingStatement(package: "com.example.app") == nil)
    }

    @Test func withoutDynamicRulesTheManifestDecides() throws {
        let file = try AssetLinksFile(json: Array(AndroidFixture.appStatement().utf8))
        let result = try AssetLinksMatcher(file).match("https://example.com/anything", package: "com.example.app")
        #expect(result.isVerified && result.dynamic == nil && result.opensApp)
    }

    @Test(arguments: ["/relative", "mailto:a@example.com", "https:///nohost"])
    func onlyWebURLsAreMatched(_ url: String) throws {
        let matcher = try #require(AssetLinksMatcherTests.matcher)
        #expect(throws: AndroidError(.invalidURL, "'\(url)' is not an absolute http or https URL with a host; App Links verify only web URLs")) {
            try matcher.match(url, package: "com.example.terminal")
        }
    }

    @Test func aBadFingerprintArgumentIsATypedError() throws {
        let matcher = try #require(AssetLinksMatcherTests.matcher)
        do {
            _ = try matcher.match("https://example.com/", package: "com.example.terminal", fingerprint: "AB:CD")
            Issue.record("accepted")
        } catch {
            #expect(error.code == .invalidFingerprint)
        }
    }

    @Test(arguments: [("example.com", "example.com"), ("*.Example.com", "example.com"), ("Shop.Example.COM", "shop.example.com")])
    func aWildcardHostIsVerifiedWithTheRootDomainsFile(_ host: String, _ fileHost: String) {
        #expect(AssociatedDomainPattern(host).fileDomain == fileHost)
    }

    /// AOSP's StatementService turns each expression into a `PatternMatcher` that never
    /// backtracks (`DalComponentParser.parseMatchingExpression`): `*` before `/` stops at the
    /// first `/`, and `*` before `.` at the first `.`.
    @Test(arguments: [
        ("/*/detail", "https://example.com/a/detail", AssetLinksMatcher.Result.Decision.open),
        ("/*/detail", "https://example.com/a/b/detail", .blocked),
        ("*.html", "https://example.com/page.html", .open),
        ("*.html", "https://example.com/v1.2/page.html", .blocked),
        ("/a?c", "https://example.com/abc", .open),
        ("/a.c", "https://example.com/abc", .blocked),
        ("/items/*", "https://example.com/items/a/b", .open),
        ("/items*", "https://example.com/itemsX", .open),
    ])
    func dynamicRulesNeverBacktrack(_ expression: String, _ url: String, _ decision: AssetLinksMatcher.Result.Decision) throws {
        let file = AssetLinksFile(statements: [
            AssetStatement(
                relations: [.handleAllURLs],
                target: .androidApp(packageName: "com.example.app", fingerprints: [AndroidFixture.fingerprint]),
                dynamicRules: [DynamicAppLinkRule(path: expression)]
            )
        ])
        #expect(try AssetLinksMatcher(file).match(url, package: "com.example.app").dynamic == decision)
    }

    /// A rule's `*` followed by a long literal used to be retried at every position of the text
    /// (a backtracking glob, steps in the product of both lengths); as Android's non-backtracking
    /// glob the text and the expression are walked once.
    @Test func aDynamicRuleIsDecidedInOnePass() {
        let pattern = AndroidPattern(dynamicRuleExpression: "/*" + String(repeating: "a", count: 1_000) + "b")
        let text = "/" + String(repeating: "a", count: 10_000)
        var steps = 0
        #expect(!pattern.matches(text, steps: &steps))
        #expect(steps <= text.utf16.count + pattern.pattern.utf16.count, "\(steps) steps")
    }

    @Test(arguments: [
        ("foobar", AndroidPattern.Kind.literal, "foobar"), ("foo.bar", .literal, "foo.bar"), ("foo*", .prefix, "foo"),
        ("*bar", .simpleGlob, ".*bar"), ("foo.*bar", .simpleGlob, #"foo\..*bar"#), ("foo?bar", .simpleGlob, "foo.bar"),
        (#"a\b*c"#, .simpleGlob, #"a\\b.*c"#),
    ])
    func aDynamicRuleExpressionIsAPatternMatcher(_ expression: String, _ kind: AndroidPattern.Kind, _ pattern: String) {
        let made = AndroidPattern(dynamicRuleExpression: expression)
        #expect(made.kind == kind && made.pattern == pattern)
    }
}
