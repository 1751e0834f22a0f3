import Roundtrip
import RoundtripAssociatedDomains
import Testing

@Suite("Decoding keeps source positions")
struct DecoderTests {
    struct SyntaxCase: Sendable, CustomTestStringConvertible {
        let json: String
        let line: Int
        let column: Int
        let message: String
        var testDescription: String { message }
    }

    static let syntaxCases: [SyntaxCase] = [
        SyntaxCase(json: "{\n  \"applinks\": {,}\n}", line: 2, column: 16, message: "expected a key"),
        SyntaxCase(json: "{\"a\": [1, 2,]}", line: 1, column: 13, message: "trailing comma before ']'"),
        SyntaxCase(json: "{\"a\": 1,}", line: 1, column: 9, message: "trailing comma before '}'"),
        SyntaxCase(json: "{\"a\" 1}", line: 1, column: 6, message: "expected ':'"),
        SyntaxCase(json: "{\"a\": tru}", line: 1, column: 10, message: "expected 'true'"),
        SyntaxCase(json: "{\"é\": \"x\"} x", line: 1, column: 12, message: "after the end"),
        SyntaxCase(json: "{\"a\": \"\\q\"}", line: 1, column: 8, message: "is not a JSON escape"),
        SyntaxCase(json: "{\"a\": \"\\uD800\"}", line: 1, column: 8, message: "lone high surrogate"),
        SyntaxCase(json: "{\"a\": \"x\ny\"}", line: 1, column: 9, message: "raw control character"),
        SyntaxCase(json: "{\"a\": 01}", line: 1, column: 8, message: "leading zero"),
        SyntaxCase(json: "", line: 1, column: 1, message: "the file is empty"),
        SyntaxCase(json: "\u{FEFF}{}", line: 1, column: 1, message: "byte order mark"),
        SyntaxCase(json: "{\"a\": [", line: 1, column: 8, message: "where a value was expected"),
        SyntaxCase(json: "{\"a\": \"x", line: 1, column: 9, message: "inside a string"),
    ]

    @Test(arguments: syntaxCases)
    func syntaxErrorsHavePositions(_ testCase: SyntaxCase) {
        do {
            _ = try AssociationFile(json: Array(testCase.json.utf8))
            Issue.record("expected a syntax error")
        } catch {
            #expect(error.code == .syntax)
            #expect(error.message.contains(testCase.message))
            #expect(error.position?.line == testCase.line)
            #expect(error.position?.column == testCase.column)
        }
    }

    @Test func invalidUTF8IsASyntaxError() {
        #expect(throws: AssociationError.self) { try AssociationFile(json: [0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D]) }
    }

    @Test func deepNestingIsRejectedNotCrashing() {
        let json = String(repeating: "[", count: 10_000)
        do {
            _ = try AssociationFile(json: Array(json.utf8))
        } catch {
            #expect(error.message.contains("nests deeper"))
        }
    }

    @Test func schemaErrorsHavePositionsAndPaths() {
        let json = """
            {"applinks": {"details": [
              {"appIDs": "A1B2C3D4E5.com.example.app",
               "components": [{"/": 5, "exclude": "yes"}]}
            ]}}
            """
        let decoded = AssociationDecoder.decode(Array(json.utf8))
        let errors = decoded.findings.filter { $0.severity == .error }
        #expect(errors.map(\.rule) == ["schema", "schema", "schema"])
        #expect(errors[0].path == "applinks.details[0].appIDs")
        #expect(errors[0].message.contains("wrap the string in [ ]"))
        #expect(errors[0].position == SourcePosition(line: 2, column: 14, offset: 40))
        #expect(errors[1].path == #"applinks.details[0].components[0]["/"]"#)
        #expect(errors[1].position?.line == 3)
        #expect(errors[1].position?.column == 25)
        #expect(errors[2].message.contains("true or false"))
        do {
            _ = try AssociationFile(json: Array(json.utf8))
            Issue.record("expected a schema error")
        } catch {
            #expect(error.code == .schema)
            #expect(error.position?.line == 2)
        }
    }

    @Test func unknownAndDuplicateKeysAreWarnings() throws {
        let json = """
            {"applinks": {"details": [{"appIds": ["A1B2C3D4E5.com.example.app"], "components": [], "components": [{"/": "/a"}]}]}}
            """
        let decoded = AssociationDecoder.decode(Array(json.utf8))
        let unknown = try #require(decoded.findings.first { $0.rule == "unknown-key" })
        #expect(unknown.message.contains("did you mean 'appIDs'?"))
        #expect(unknown.position?.column == 28)
        #expect(decoded.findings.contains { $0.rule == "duplicate-key" })
        // The last of repeated keys wins, as with JSONSerialization.
        #expect(decoded.file?.applinks?.details.first?.components?.first?.path == "/a")
    }

    @Test func decodesEveryPartOfTheModel() throws {
        let file = try AssociationFile(json: try AASAFixture.bytes("aasa/shop.json"))
        let appLinks = try #require(file.applinks)
        #expect(appLinks.defaults == MatchingDefaults(caseSensitive: true))
        #expect(appLinks.details.count == 2)
        let first = appLinks.details[0]
        #expect(first.apps == ["A1B2C3D4E5.com.example.shop", "A1B2C3D4E5.com.example.shop.beta"])
        #expect(first.position?.line == 5)
        #expect(first.components?[0].fragment == "stay-on-web")
        #expect(first.components?[0].isExclude == true)
        #expect(first.components?[0].position?.line == 8)
        #expect(first.components?[3].query == .items([AppLinks.QueryItemPattern(name: "article", pattern: "????")]))
        #expect(appLinks.details[1].appID == "Z9Y8X7W6V5.com.example.legacy")
        #expect(appLinks.details[1].usesLegacyPaths)
        #expect(file.webcredentials?.apps == ["A1B2C3D4E5.com.example.shop"])
        #expect(file.appclips?.apps == ["A1B2C3D4E5.com.example.shop.Clip"])
    }

    @Test func encodingRoundTrips() throws {
        let everything = AssociationFile(
            applinks: AppLinks(
                apps: [],
                defaults: MatchingDefaults(caseSensitive: false, percentEncoded: true),
                details: [
                    AppLinks.Detail(
                        appIDs: ["A1B2C3D4E5.com.example.app"],
                        components: [
                            AppLinks.Component(
                                path: "/a/*",
                                query: .whole("x=?*"),
                                fragment: "f",
                                exclude: true,
                                comment: "quote \" and \\ and\nnewline",
                                caseSensitive: true,
                                percentEncoded: false
                            ),
                            AppLinks.Component(
                                query: .items([
                                    AppLinks.QueryItemPattern(name: "k", pattern: "v"), AppLinks.QueryItemPattern(name: "é", pattern: "\u{1F600}"),
                                ])
                            ),
                        ],
                        defaults: MatchingDefaults(percentEncoded: false)
                    ),
                    AppLinks.Detail(appID: "A1B2C3D4E5.com.example.old", paths: ["NOT /x", "*"]),
                ],
                substitutionVariables: [SubstitutionVariable(name: "food", values: ["taco", "burrito*"])]
            ),
            webcredentials: ServiceApps(apps: ["A1B2C3D4E5.com.example.app"]),
            appclips: ServiceApps(apps: []),
            activitycontinuation: ServiceApps(apps: ["A1B2C3D4E5.com.example.app"])
        )
        for pretty in [true, false] {
            let decoded = try AssociationFile(json: everything.jsonBytes(prettyPrinted: pretty))
            #expect(decoded == everything)
        }
        let shop = try AssociationFile(json: try AASAFixture.bytes("aasa/shop.json"))
        #expect(try AssociationFile(json: shop.jsonBytes()) == shop)
    }
}

@Suite("The early dictionary form of details (David Thiel, iOS Application Security, listing 8-5)")
struct LegacyDetailsDictionaryTests {
    static let listing = #"{"applinks": {"apps": [], "details": {"FAFBQM3A4N.com.hoopchat.messenger": {"paths": ["*"]}}}}"#

    @Test func isReadAsOneDetailPerAppAndMatches() throws {
        let file = try AssociationFile(json: Array(Self.listing.utf8))
        #expect(file.applinks?.details.map(\.apps) == [["FAFBQM3A4N.com.hoopchat.messenger"]])
        let result = try AssociationMatcher(file).match("https://www.hoopchat.com/im/send/?id=356372")
        #expect(result.isMatched && result.appID == "FAFBQM3A4N.com.hoopchat.messenger")
    }

    @Test func linterAsksForTheArrayForm() {
        let findings = AssociationLinter.lint(Array(Self.listing.utf8))
        #expect(findings.contains { $0.rule == "legacy-details-form" && $0.severity == .warning })
        #expect(!findings.contains { $0.severity == .error })
    }
}
