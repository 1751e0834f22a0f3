import Roundtrip
import RoundtripYAML
import Testing

/// Rest placeholders (`:name*`, the rest of the path) and host placeholders (`scheme://:name`):
/// the routes the loader refuses, each with its rule, key path, line and exact message, and what
/// a route that loads declares.
@Suite("Spec loading: rest and host placeholders")
struct SpecLoaderRoutePlaceholderTests {
    typealias Bad = SpecLoaderRuleTests.Bad

    static func action(_ url: String, _ rest: String = "") -> String {
        SpecLoaderRuleTests.actions("a: {url: \"\(url)\", convention: none\(rest)}")
    }

    static let refused: [Bad] = [
        Bad(
            yaml: action("notes:///:p*/x"),
            rule: "invalid-route",
            path: "actions.a.url",
            line: 5,
            message:
                "the route 'notes:///:p*/x' has the rest placeholder ':p*' before other segments; ':name*' takes the rest of the path, so it must be the last segment"
        ),
        Bad(
            yaml: action("notes:///:p*/"),
            rule: "invalid-route",
            path: "actions.a.url",
            line: 5,
            message:
                "the route 'notes:///:p*/' has the rest placeholder ':p*' before other segments; ':name*' takes the rest of the path, so it must be the last segment"
        ),
        Bad(
            yaml: action("notes:///:p*/:q*"),
            rule: "invalid-route",
            path: "actions.a.url",
            line: 5,
            message: "the route 'notes:///:p*/:q*' has 2 rest placeholders; only one, the last segment (':p*'), can take the rest of the path"
        ),
        Bad(
            yaml: action("notes:///folder/:*"),
            rule: "invalid-route",
            path: "actions.a.url",
            line: 5,
            message: "the route 'notes:///folder/:*' has a placeholder without a name"
        ),
        Bad(
            yaml: action("notes:///:p/:p*"),
            rule: "invalid-route",
            path: "actions.a.url",
            line: 5,
            message: "the route 'notes:///:p/:p*' has the placeholder ':p' twice; give each placeholder its own name"
        ),
        Bad(
            yaml: action("webview://:host*/x"),
            rule: "invalid-route",
            path: "actions.a.url",
            line: 5,
            message:
                "the route 'webview://:host*/x' has '*' on the host placeholder ':host*'; a host is one name, so write ':host', and ':name*' only as the last path segment"
        ),
        Bad(
            yaml: action("webview://:/x"),
            rule: "invalid-route",
            path: "actions.a.url",
            line: 5,
            message: "the route 'webview://:/x' has a host placeholder without a name; write ':host'"
        ),
        Bad(
            yaml: action("webview://:host:8080/x"),
            rule: "invalid-route",
            path: "actions.a.url",
            line: 5,
            message:
                "the route 'webview://:host:8080/x' has a port after the host placeholder ':host:8080'; a route has no port, and a URL with one never matches"
        ),
        Bad(
            yaml: action("webview://:user@host/x"),
            rule: "invalid-route",
            path: "actions.a.url",
            line: 5,
            message: "the route 'webview://:user@host/x' has user-info around the host placeholder ':user@host'; a route has no user-info"
        ),
        Bad(
            yaml: action("webview://:ho+st/x"),
            rule: "invalid-route",
            path: "actions.a.url",
            line: 5,
            message:
                "the route 'webview://:ho+st/x' has the character '+' in the host placeholder ':ho+st'; a placeholder's name is letters, digits, '-', '_' and '.'"
        ),
        Bad(
            yaml: action("webview://:host/:host"),
            rule: "invalid-route",
            path: "actions.a.url",
            line: 5,
            message: "the route 'webview://:host/:host' has the placeholder ':host' twice; give each placeholder its own name"
        ),
        Bad(
            yaml: action("https://:host/item/:id"),
            rule: "invalid-route",
            path: "actions.a.url",
            line: 5,
            message:
                "the universal link 'https://:host/item/:id' has the host placeholder ':host', but iOS opens an app only for the domains its associated domains name; write one route per domain (such as 'https://example.com/item/:id'), or use a custom scheme for any host"
        ),
        Bad(
            yaml: SpecLoaderRuleTests.actions(#"a: {url: "notes:///:path*", convention: none}"#, #"b: {url: "notes:///:rest*", convention: none}"#),
            rule: "duplicate-route",
            path: "actions.b.url",
            line: 6,
            message: "the route 'notes:///:rest*' has rest placeholder ':rest*' where another route has ':path*'; use one name"
        ),
        Bad(
            yaml: SpecLoaderRuleTests.actions(#"a: {url: "notes:///:path*", convention: none}"#, #"b: {url: "notes:///:path*", convention: none}"#),
            rule: "duplicate-route",
            path: "actions.b.url",
            line: 6,
            message: "the route 'notes:///:path*' of action 'b' is already the route of action 'a'; "
                + "actions share a route only when 'select' pairs of the query tell them apart"
        ),
        Bad(
            yaml: SpecLoaderRuleTests.actions(#"a: {url: "web://:host/a", convention: none}"#, #"b: {url: "web://:site/b", convention: none}"#),
            rule: "duplicate-route",
            path: "actions.b.url",
            line: 6,
            message: "the route 'web://:site/b' has the host placeholder ':site' where another route of the scheme 'web' has ':host'; use one name"
        ),
        Bad(
            yaml: SpecLoaderRuleTests.actions(#"a: {url: ["web://:host/a", "web://x/a"], convention: none}"#),
            rule: "invalid-route",
            path: "actions.a.url[1]",
            line: 5,
            message:
                "the routes 'web://:host/a' and 'web://x/a' of the action 'a' carry different placeholders (:host and none); every route of an action must carry the same placeholder names, since each is a required parameter"
        ),
        Bad(
            yaml: action("notes:///:path*", ", parameters: {path: {default: inbox}}"),
            rule: "invalid-default",
            path: "actions.a.parameters.path.default",
            line: 5,
            message:
                "':path' is a route placeholder, which always has a value (the route matches only when its remaining path is there), so a default would never be used; drop it"
        ),
        Bad(
            yaml: action("web://:host/x", ", parameters: {host: {required: false}}"),
            rule: "invalid-value",
            path: "actions.a.parameters.host.required",
            line: 5,
            message:
                "':host' is a route placeholder, which is always required (the route matches only when its host is there); drop 'required: false'"
        ),
    ]

    @Test(arguments: refused)
    func refuses(_ bad: Bad) {
        guard let found = specLoadError(bad.yaml, rule: bad.rule, path: bad.path) else { return }
        #expect(found.message == bad.message)
        #expect(found.line == bad.line, "\(found)")
    }

    /// Undeclared, a rest or host placeholder is a required string, as a `:name` placeholder is;
    /// declared, it takes the declared type and rules.
    @Test func placeholdersAreRequiredParametersOfTheirDeclaredType() throws {
        let spec = try SpecLoader.load(
            yaml: SpecLoaderRuleTests.actions(
                #"open: {url: "notes:///:path*", convention: none}"#,
                #"web: {url: "webview://:host/:rest*", convention: none, parameters: {host: {pattern: "[a-z0-9.-]+"}, rest: {max-length: 100}}}"#
            )
        ).spec
        let open = try #require(spec.action(named: "open"))
        #expect(open.routes.first?.restPlaceholder == "path")
        #expect(open.routes.first?.hostPlaceholder == nil)
        #expect(open.parameters.map(\.name) == ["path"])
        #expect(open.parameter(named: "path")?.isRequired == true)
        #expect(open.parameter(named: "path")?.type == .string)
        let web = try #require(spec.action(named: "web"))
        #expect(web.routes.first?.placeholderNames == ["host", "rest"])
        #expect(web.routes.first?.hostPlaceholder == "host")
        #expect(web.routes.first?.path == "/:rest*")
        #expect(web.parameter(named: "host")?.isRequired == true)
        #expect(web.parameter(named: "rest")?.maximumLength == 100)
    }
}
