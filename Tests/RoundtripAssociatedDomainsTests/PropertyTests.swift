import PropertyBased
import RoundtripAssociatedDomains
import Testing

@Suite("Matching properties")
struct PropertyTests {
    /// Path characters that are literal in a pattern (no `*`, `?`, `%` or `$`).
    static let pathCharacters = Array("abcxyzABCXYZ0189-._~/!&'()+,;=:@")

    static let paths = Gen<Character?>.element(of: pathCharacters).map { $0 ?? "a" }.array(of: 0...40).map { "/" + String($0) }

    @Test func literalPatternMatchesItself() async {
        await propertyCheck(input: PropertyTests.paths) { path throws in
            let matcher = AssociationMatcher(
                AssociationFile(
                    applinks: AppLinks(details: [
                        AppLinks.Detail(appIDs: [AASAFixture.app], components: [AppLinks.Component(path: path)])
                    ])
                )
            )
            #expect(try matcher.match("https://example.com" + path).isMatched)
        }
    }

    @Test func starMatchesEverything() async {
        await propertyCheck(input: PropertyTests.paths, PropertyTests.paths) { path, query throws in
            let matcher = AssociationMatcher(
                AssociationFile(
                    applinks: AppLinks(details: [
                        AppLinks.Detail(appIDs: [AASAFixture.app], components: [AppLinks.Component(path: "*", query: .whole("*"), fragment: "*")])
                    ])
                )
            )
            #expect(try matcher.match("https://example.com" + path + "?" + query + "#x").isMatched)
        }
    }

    @Test func caseInsensitiveLiteralMatchesAnyCasing() async {
        await propertyCheck(input: PropertyTests.paths) { path throws in
            let matcher = AssociationMatcher(
                AssociationFile(
                    applinks: AppLinks(details: [
                        AppLinks.Detail(appIDs: [AASAFixture.app], components: [AppLinks.Component(path: path.uppercased(), caseSensitive: false)])
                    ])
                )
            )
            #expect(try matcher.match("https://example.com" + path.lowercased()).isMatched)
        }
    }

    @Test func encodedFilesDecodeToThemselves() async {
        await propertyCheck(input: PropertyTests.paths, PropertyTests.paths) { path, comment throws in
            let file = AssociationFile(
                applinks: AppLinks(details: [
                    AppLinks.Detail(appIDs: [AASAFixture.app], components: [AppLinks.Component(path: path, comment: comment + "\"\\\u{01}")])
                ])
            )
            #expect(try AssociationFile(json: file.jsonBytes()) == file)
        }
    }
}

@Suite("The rule index decides like a linear scan")
struct RuleIndexPropertyTests {
    static let patterns = Gen<Character?>.element(of: Array("ab/*?")).map { $0 ?? "a" }.array(of: 0...6).map { "/" + String($0) }
    static let urls = Gen<Character?>.element(of: Array("abAB/")).map { $0 ?? "a" }.array(of: 0...8).map { "https://example.com/" + String($0) }
    static let flags = Gen<Bool?>.element(of: [true, false]).map { $0 ?? true }.array(of: 40)

    @Test func indexedMatchingEqualsLinearMatching() async {
        await propertyCheck(
            count: 500,
            input: RuleIndexPropertyTests.patterns.array(of: 20),
            RuleIndexPropertyTests.flags,
            RuleIndexPropertyTests.urls
        ) { paths, flags, url throws in
            let components = paths.enumerated().map { index, path in
                AppLinks.Component(path: path, exclude: flags[index], caseSensitive: flags[index + 20])
            }
            let matcher = AssociationMatcher(
                AssociationFile(
                    applinks: AppLinks(details: [
                        AppLinks.Detail(appIDs: [AASAFixture.app], components: components)
                    ])
                )
            )
            // explain(_:) scans every rule in order; match(_:) uses the index for 16 rules or more.
            #expect(try matcher.match(url) == matcher.explain(url).result)
        }
    }
}
