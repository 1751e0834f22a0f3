import Foundation
import RoundtripYAML
import Testing

@testable import Roundtrip

/// The newer spec keys in combinations the loader refuses, each with its rule, key path and a
/// message that says what to do.
@Suite("Spec loading: the newer keys' wrong combinations")
struct SpecLoaderAdditionsTests {
    static let header = """
        # three header lines, so findings below start on line 4
        roundtrip: 1
        app: {name: T, schemes: [t], domains: [t.example.com]}

        """

    /// A spec whose one action `a` (convention none at `t://a`) declares `parameters`.
    static func parameters(_ yaml: String) -> String {
        header + "actions:\n  a: {url: \"t://a\", convention: none, parameters: {\(yaml)}}\n"
    }

    struct Bad: Sendable, CustomTestStringConvertible {
        let yaml: String
        let rule: String
        let path: String
        let line: Int?
        let message: String
        var testDescription: String { rule + " at " + path }
    }

    static let bad: [Bad] = [
        Bad(
            yaml: parameters("n: {type: integer, multiline: true}"),
            rule: "type-mismatch",
            path: "actions.a.parameters.n.multiline",
            line: 5,
            message: "'multiline' applies to string parameters, not to an integer parameter"
        ),
        Bad(
            yaml: parameters("tags: {list: comma, default: home}"),
            rule: "wrong-type",
            path: "actions.a.parameters.tags.default",
            line: 5,
            message: "the default of a list parameter is a list of values, such as [home, work]"
        ),
        Bad(
            yaml: parameters("token: {type: secret}"),
            rule: "missing-key",
            path: "actions.a.parameters.token.secret-env",
            line: 5,
            message: "a secret parameter needs 'secret-env'"
        ),
        Bad(
            yaml: parameters("s: {type: string, max-bytes: 10}"),
            rule: "type-mismatch",
            path: "actions.a.parameters.s.max-bytes",
            line: 5,
            message: "'max-bytes' applies to base64 parameters, not to a string parameter"
        ),
        Bad(
            yaml: parameters("s: {min-items: 1}"),
            rule: "type-mismatch",
            path: "actions.a.parameters.s.min-items",
            line: 5,
            message: "add 'list: repeated', 'comma' or 'newline'"
        ),
        Bad(
            yaml: parameters("b: {type: boolean, format: maybe}"),
            rule: "invalid-value",
            path: "actions.a.parameters.b.format",
            line: 5,
            message: "'maybe' is not one of true-false, yes-no"
        ),
        Bad(
            yaml: header + "actions:\n  a: {convention: x-callback-url, outcomes: [done]}\n",
            rule: "invalid-value",
            path: "actions.a.outcomes",
            line: 5,
            message: "x-callback-url outcomes are success, error, cancel, not 'done'"
        ),
        Bad(
            yaml: header + "actions:\n  a: {url: \"t://a\", convention: none, returns: {id: {type: uuid}}}\n",
            rule: "convention-mismatch",
            path: "actions.a.returns",
            line: 5,
            message: "an action with convention none never answers, so it returns nothing"
        ),
        Bad(
            yaml: header + "actions:\n  a: {convention: x-callback-url, returns: {token: {type: secret, secret-env: T}}}\n",
            rule: "type-mismatch",
            path: "actions.a.returns.token.type",
            line: 5,
            message: "a callback never carries a secret"
        ),
        Bad(
            yaml: header + "actions:\n  a: {url: \"t://a\", convention: none, query-value: {name: q, list: comma}}\n",
            rule: "convention-mismatch",
            path: "actions.a.query-value.list",
            line: 5,
            message: "a whole query or fragment is one value, never a list"
        ),
        Bad(
            yaml: parameters("tags: {list: commas}"),
            rule: "invalid-value",
            path: "actions.a.parameters.tags.list",
            line: 5,
            message: "'commas' is not one of repeated, comma, newline"
        ),
        Bad(
            yaml: parameters("token: {type: secret, secret-env: T, default: abc}"),
            rule: "type-mismatch",
            path: "actions.a.parameters.token.default",
            line: 5,
            message: "a secret is compared whole, and never written in the spec"
        ),
    ]

    @Test(arguments: bad)
    func reportsProblemsWithTheirPlace(_ bad: Bad) {
        guard let found = specLoadError(bad.yaml, rule: bad.rule, path: bad.path) else { return }
        #expect(found.message.contains(bad.message), "\(found.message)")
        if let line = bad.line { #expect(found.line == line, "\(found)") }
    }

    /// A returned secret is refused once, for its type: the loader does not go on to ask for the
    /// `secret-env` that a returned value could never use.
    @Test func aReturnedSecretIsRefusedOnlyForItsType() {
        let yaml = Self.header + "actions:\n  a: {convention: x-callback-url, returns: {token: {type: secret}}}\n"
        do {
            _ = try SpecLoader.load(yaml: yaml)
            Issue.record("loaded a spec that returns a secret")
        } catch {
            #expect(error.diagnostics.filter { $0.severity == .error }.map(\.keyPath) == ["actions.a.returns.token.type"])
        }
    }
}

/// The spec format reference (`SpecFileFormat.md`) against the loader: its examples load, its
/// codes table is complete, and its Things-like action behaves as the text says.
@Suite("Documentation: The spec file format")
struct SpecFileFormatArticleTests {
    static let articlePath = Fixture.root.deletingLastPathComponent().deletingLastPathComponent()
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
            "required-allows-empty", "multiline-unbounded", "unbounded-list",
        ] {
            #expect(article.contains("| `\(rule)` |"), "\(rule) is not in the lint table")
        }
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
