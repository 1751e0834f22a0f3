import Foundation
import Roundtrip
import RoundtripTestSupport
import RoundtripYAML
import Testing

/// The spec format reference (`SpecFileFormat.md`) against the loader: its examples load, its
/// codes table is complete, and its Things-like action behaves as the text says.
@Suite("Documentation: The spec file format")
struct SpecFileFormatArticleTests {
    static let articlePath = Fixture.repository
        .appendingPathComponent("Sources/Roundtrip/Documentation.docc/SpecFileFormat.md").path

    static var article: String { (try? String(contentsOfFile: articlePath, encoding: .utf8)) ?? "" }

    /// The YAML examples; an excerpt that does not start with `roundtrip:` is completed with a
    /// header naming an app with the scheme `notes`.
    static var examples: [String] {
        HandlingIncomingURLsArticleTests.codeBlocks(in: article, language: "yaml").map { block in
            block.hasPrefix("roundtrip:") ? block : "roundtrip: 1\napp: {name: Example, schemes: [notes]}\n" + block
        }
    }

    @Test func everyExampleLoads() throws {
        let examples = Self.examples
        #expect(examples.count >= 15)
        for example in examples {
            do {
                _ = try SpecLoader.load(yaml: example)
            } catch {
                Issue.record("an example does not load: \(error.description)\n\(example)")
            }
        }
    }

    @Test func everyErrorCodeIsListed() {
        let article = Self.article
        for code in RoundtripError.Code.all {
            #expect(article.contains("| `\(code.rawValue)` |"), "\(code) is not in the codes table")
        }
    }

    @Test func everyLintRuleIsListed() {
        let article = Self.article
        for rule in [
            "route-scheme-not-registered", "route-domain-not-associated", "invalid-app-id", "custom-scheme-hijackable",
            "open-callbacks", "swiftui-source-unknown", "secret-over-open-scheme", "form-encoding-plus", "accepts-undeclared",
            "required-allows-empty", "multiline-unbounded", "unbounded-list", "presence-switch-unchecked", "space-list-plus", "rest-shadows-routes",
            "host-placeholder-shadows-hosts",
            "select-fallback-swallows", "select-fallback-parameter", "select-case", "required-callbacks-redundant",
            "one-of-allows-empty", "allow-schemes", "android-pattern-differs", "invalid-callback-redundant",
        ] {
            #expect(article.contains("| `\(rule)` |"), "\(rule) is not in the lint table")
        }
    }

    /// The section "callbacks" names every scheme the platform handles, which the policy refuses
    /// whatever IANA's registry says, and the date of the registry's shipped copy.
    @Test func theCallbacksSectionNamesThePlatformSchemesAndTheRegistrysDate() throws {
        let article = Self.article
        let start = try #require(article.range(of: "## callbacks"))
        let end = try #require(article.range(of: "### Exact matching"))
        let section = String(article[start.upperBound..<end.lowerBound])
        for scheme in CallbackPolicy.platformSchemes.sorted() {
            #expect(section.contains("`\(scheme)`"), "the callbacks section does not name `\(scheme)`")
        }
        #expect(section.contains("of \(URISchemeRegistry.date)"))
        #expect(section.contains("`allow-schemes`"))
    }

    /// The paragraph that lists the schemes the platform handles names exactly the policy's
    /// ``CallbackPolicy/platformSchemes`` (beside the `x-apple` prefix and the ULC parameters it
    /// mentions), so the reference and the code cannot drift apart either way.
    @Test func theListOfPlatformSchemesIsThePolicys() throws {
        let article = Self.article
        let start = try #require(article.range(of: "The schemes the platform handles itself are forbidden"))
        let end = try #require(article.range(of: "### Allowing a forbidden scheme", range: start.upperBound..<article.endIndex))
        let paragraph = article[start.lowerBound..<end.lowerBound]
        let spans = paragraph.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map {
            String($0.element)
        }
        let schemes = Set(spans).subtracting(["x-apple", "ulc-success", "ulc-error"])
        #expect(schemes == CallbackPolicy.platformSchemes)
        #expect(Set(spans).isSuperset(of: Convention.universalLinkCallback.reservedParameters.filter { $0 != ConventionNames.ulcFailure }))
    }

    /// The section "Routes": each shape in its table, under a convention other than the one it
    /// is usually seen with, answers at exactly its own URL.
    @Test func theRouteShapesRouteAsDescribed() throws {
        let yaml = """
            roundtrip: 1
            app: {name: Shapes, schemes: [things, notes, maps-app, com-example-terminal], domains: [example.com]}
            actions:
              add: {url: "things:///add", convention: none}
              open: {url: "notes://open", convention: x-callback-url}
              home: {url: "maps-app://", convention: none}
              create: {url: "notes://x-callback-url/create", convention: none}
              charge: {url: "com-example-terminal://charge/1.0.0/", convention: x-callback-url}
              note: {url: "https://example.com/notes/:id", convention: none}
            """
        let endpoint = try Endpoint(spec: try SpecLoader.load(yaml: yaml).spec)
        let routed: [(String, String?)] = [
            ("things:///add", "add"),
            ("THINGS:///add", "add"),
            ("things://add", nil),
            ("things:///Add", nil),
            ("notes://open", "open"),
            ("notes://OPEN", "open"),
            ("notes://open/", nil),
            ("maps-app://", "home"),
            ("notes://x-callback-url/create", "create"),
            ("com-example-terminal://charge/1.0.0/", "charge"),
            ("com-example-terminal://charge/1.0.0", nil),
            ("https://example.com/notes/n1", "note"),
        ]
        for (url, action) in routed {
            if let action {
                #expect((try? endpoint.evaluate(url))?.actionName == action, "\(url)")
            } else {
                #expect(rejection { try endpoint.evaluate(url) }?.code == .unknownRoute, "\(url)")
            }
        }
    }

    /// The section "Describing real apps' URL APIs": its spec and what the text says about it.
    @Test func theThingsLikeActionBehavesAsDescribed() throws {
        let block = try #require(Self.examples.first { $0.contains("things:///add") })
        let loaded = try SpecLoader.load(yaml: block)
        let warning = try #require(loaded.diagnostics.first { $0.rule == "secret-over-open-scheme" })
        #expect(warning.keyPath == "actions.add.parameters.auth-token")
        #expect(warning.severity == .warning)

        let endpoint = try Endpoint(spec: loaded.spec, keys: EnvironmentKeyResolver(environment: ["THINGS_AUTH_TOKEN": "t0k3n"]))
        let request = try endpoint.evaluate(
            "things:///add?title=Milk&tags=Errand,Home&deadline=&auth-token=t0k3n&x-success=caller%3A%2F%2Fdone"
        )
        #expect(request.actionName == "add")
        #expect(request.parameters["tags"] == .list([.string("Errand"), .string("Home")]))
        #expect(request.parameters["deadline"] == .empty)
        let english = try endpoint.evaluate("things:///add?title=Milk&deadline=December%2031&auth-token=t0k3n")
        #expect(english.parameters["deadline"] == .string("December 31"), "the page's own example date")
        #expect(request.parameters["completed"] == .boolean(false))
        #expect(request.parameters["auth-token"]?.canonical == "***")

        let wrongToken = rejection { try endpoint.evaluate("things:///add?title=Milk&auth-token=guess") }
        #expect(wrongToken?.code == .unauthorized)
        #expect(wrongToken?.message.contains("guess") == false)
        let emptyTag = rejection { try endpoint.evaluate("things:///add?tags=Errand,,Home&auth-token=t0k3n") }
        #expect(emptyTag?.code == .invalidParameter)

        let action = try #require(loaded.spec.action(named: "add"))
        let answer = try ResponseBuilder.callbackURL(
            answering: request,
            action: action,
            outcome: "success",
            parameters: [QueryItem(name: "x-things-id", value: "A1,B2")]
        )
        #expect(answer.hasPrefix("caller://done?"))
        let unanswered = rejection { try ResponseBuilder.callbackURL(answering: request, action: action, outcome: "success") }
        #expect(unanswered?.code == .missingParameter)
    }
}
