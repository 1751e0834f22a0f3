import PropertyBased
import Testing
import RoundtripAssociatedDomains

@Suite("Matching properties")
struct PropertyTests {
    /// Path characters that are literal in a pattern (no `*`, `?`, `%` or `$`).
    static let pathCharacters = Array("abcxyzABCXYZ0189-._~/!&'()+,;=:@")

    static let paths = Gen<Character?>.element(of: pathCharacters).map { $0 ?? "a" }.array(of: 0...40).map { "/" + String($0) }

    @Test func literalPatternMatchesItself() async {
        await propertyCheck(input: PropertyTests.paths) { path throws in
            let matcher = AssociationMatcher(AssociationFile(applinks: AppLinks(details: [
                AppLinks.Detail(appIDs: [AASAFixture.app], components: [AppLinks.Component(path: path)]),
            ])))
            #expect(try matcher.match("https://example.com" + path).isMatched)
        }
    }

    @Test func starMatchesEverything() async {
        await propertyCheck(input: PropertyTests.paths, PropertyTests.paths) { path, query throws in
            let matcher = AssociationMatcher(AssociationFile(applinks: AppLinks(details: [
                AppLinks.Detail(appIDs: [AASAFixture.app], components: [AppLinks.Component(path: "*", query: .whole("*"), fragment: "*")]),
            ])))
            #expect(try matcher.match("https://example.com" + path + "?" + query + "#x").isMatched)
        }
    }

    @Test func caseInsensitiveLiteralMatchesAnyCasing() async {
        await propertyCheck(input: PropertyTests.paths) { path throws in
            let matcher = AssociationMatcher(AssociationFile(applinks: AppLinks(details: [
                AppLinks.Detail(appIDs: [AASAFixture.app], components: [AppLinks.Component(path: path.uppercased(), caseSensitive: false)]),
            ])))
            #expect(try matcher.match("https://example.com" + path.lowercased()).isMatched)
        }
    }

    @Test func encodedFilesDecodeToThemselves() async {
        await propertyCheck(input: PropertyTests.paths, PropertyTests.paths) { path, comment throws in
            let file = AssociationFile(applinks: AppLinks(details: [
                AppLinks.Detail(appIDs: [AASAFixture.app], components: [AppLinks.Component(path: path, comment: comment + "\"\\\u{01}")]),
            ]))
            #expect(try AssociationFile(json: file.jsonBytes()) == file)
        }
    }
}
