import Foundation
import PropertyBased
import Roundtrip
import RoundtripTestSupport
import RoundtripYAML
import Testing

/// Rest placeholders (`notes:///:path*`, a notes app addressing `notes:///folder/sub/note`) and
/// host placeholders (`webview://:host/:rest*`, a browser's `googlechrome://host/path` form):
/// what the decision accepts and reports, what it refuses with which code, that literal routes
/// win, and that the lookup's work stays linear in the URL on a hostile path.
@Suite("Receiving side: rest and host placeholders")
struct RestAndHostRouteTests {
    static let yaml = """
        roundtrip: 1
        app: {name: Notes, schemes: [notes, webview]}
        actions:
          open-path: {url: "notes:///:path*", convention: none, parameters: {line: {type: integer}}}
          settings: {url: "notes:///settings", convention: none}
          note: {url: "notes:///note/:id", convention: none}
          note-file: {url: "notes:///note/:id/:file*", convention: none}
          open-web: {url: "webview://:host/:rest*", convention: none}
          web-home: {url: "webview://:host", convention: none}
          web-settings: {url: "webview://settings/general", convention: none}
          typed: {url: "notes://typed/:n*", convention: none, parameters: {n: {type: integer}}}
        """

    static func endpoint() throws -> Endpoint {
        try Endpoint(spec: try SpecLoader.load(yaml: yaml).spec)
    }

    struct Accept: Sendable, CustomTestStringConvertible {
        let url: String
        let action: String
        let values: [String: String]
        var testDescription: String { url }
    }

    static let accepted: [Accept] = [
        Accept(url: "notes:///folder/sub/note", action: "open-path", values: ["path": "folder/sub/note"]),
        Accept(url: "notes:///inbox", action: "open-path", values: ["path": "inbox"]),
        Accept(url: "notes:///a%20b/c%2Ed?line=3", action: "open-path", values: ["path": "a b/c.d", "line": "3"]),
        Accept(url: "NOTES:///Folder/Note", action: "open-path", values: ["path": "Folder/Note"]),
        // A literal route wins over the rest, and a single placeholder does too.
        Accept(url: "notes:///settings", action: "settings", values: [:]),
        Accept(url: "notes:///settings/more", action: "open-path", values: ["path": "settings/more"]),
        Accept(url: "notes:///note/42", action: "note", values: ["id": "42"]),
        Accept(url: "notes:///note/42/a/b.txt", action: "note-file", values: ["id": "42", "file": "a/b.txt"]),
        Accept(url: "webview://Example.COM/path/to/page", action: "open-web", values: ["host": "example.com", "rest": "path/to/page"]),
        Accept(url: "webview://example.com", action: "web-home", values: ["host": "example.com"]),
        Accept(url: "webview://[::1]/x", action: "open-web", values: ["host": "[::1]", "rest": "x"]),
        Accept(url: "webview://settings/general", action: "web-settings", values: [:]),
        // A literal host that has no route for the path falls back to the host placeholder.
        Accept(url: "webview://settings/other", action: "open-web", values: ["host": "settings", "rest": "other"]),
        Accept(url: "notes://typed/12", action: "typed", values: ["n": "12"]),
    ]

    @Test(arguments: accepted)
    func accepts(_ accept: Accept) throws {
        let request = try Self.endpoint().evaluate(accept.url)
        #expect(request.actionName == accept.action)
        #expect(request.canonicalParameters == accept.values)
    }

    struct Reject: Sendable, CustomTestStringConvertible {
        let url: String
        let code: RoundtripError.Code
        let message: String
        var testDescription: String { url }
    }

    static let refused: [Reject] = [
        Reject(
            url: "notes:///",
            code: .unknownRoute,
            message: "no action is routed at 'notes:///'; the app has actions at this scheme and host but not at the path '/'"
        ),
        Reject(
            url: "notes:///a//b",
            code: .unknownRoute,
            message: "no action is routed at 'notes:///a//b'; the app has actions at this scheme and host but not at the path '/a//b'"
        ),
        Reject(
            url: "notes:///a/",
            code: .unknownRoute,
            message: "no action is routed at 'notes:///a/'; did you mean 'notes:///a' (action 'open-path')? Paths match exactly"
        ),
        Reject(
            url: "notes:///a/%FF",
            code: .invalidEncoding,
            message: "the rest of the path ':path*' decodes to bytes that are not valid UTF-8 (at decoded byte 0)"
        ),
        Reject(
            url: "notes:///a%20b/c%2Fd",
            code: .invalidParameter,
            message:
                "'path' is the rest of the path of the route notes:///:path*: its segment 'c/d' holds an encoded '/' (%2F), which would make one segment two; one or more non-empty segments joined with '/' (such as 'folder/note')"
        ),
        Reject(
            url: "notes:///a?path=b",
            code: .duplicateParameter,
            message: "the parameter 'path' is part of the route and may not also be in the query"
        ),
        Reject(
            url: "notes://typed/1/2",
            code: .invalidParameter,
            message: "the parameter 'n' must be a whole number (digits, optional leading '-'), not '1/2'"
        ),
        Reject(
            url: "webview://user@example.com/a",
            code: .unknownRoute,
            message:
                "no action is routed at 'webview://example.com/a': the URL has user-info (text before '@' in its authority); no route has user-info"
        ),
        Reject(
            url: "webview://example.com:8080/a",
            code: .unknownRoute,
            message: "no action is routed at 'webview://example.com:8080/a': the URL has a port (8080); no route has a port"
        ),
        Reject(url: "webview:///a", code: .unknownRoute, message: "no action is routed at 'webview:///a'"),
        Reject(url: "webview://example.com/a/", code: .unknownRoute, message: "no action is routed at 'webview://example.com/a/'"),
    ]

    @Test(arguments: refused)
    func refuses(_ reject: Reject) throws {
        let endpoint = try Self.endpoint()
        #expect {
            try endpoint.evaluate(reject.url)
        } throws: { error in
            guard let error = error as? RoundtripError else { return false }
            #expect(error.message == reject.message)
            return error.code == reject.code
        }
    }

    /// Each action's routes with a value of every placeholder, built by the request builder and
    /// decided back to the same values.
    @Test(arguments: [
        ("open-path", ["path": "folder/sub note/n%1"]),
        ("note-file", ["id": "7", "file": "a/b c/d"]),
        ("open-web", ["host": "news.example.org", "rest": "2026/11/story?.html"]),
        ("web-home", ["host": "a-b.example"]),
    ])
    func aBuiltRequestIsDecidedToItsValues(action: String, values: [String: String]) throws {
        let (url, request) = try TestSpecs.roundTrip(try SpecLoader.load(yaml: Self.yaml).spec, action, values)
        #expect(request.actionName == action)
        #expect(request.canonicalParameters == values, "\(url)")
    }

    /// Any rest of one to six non-empty segments of any characters (a `/` only between them, `%`,
    /// `?`, `#`, spaces and non-ASCII within) is built into a URL and decided back to itself.
    @Test func anyRestOfTheBuildersIsDecidedBackToItself() async throws {
        let spec = try SpecLoader.load(yaml: Self.yaml).spec
        let builder = try RequestBuilder(partner: spec)
        let endpoint = try Endpoint(spec: spec)
        // Dot segments (`.`, `..`) are removed (RouteValueTests): here every segment is a name.
        let segment = Gen.element(of: Array("aZ09-._~%?#&=+ :@!é😀")).compactMap { $0 }.array(of: 1...8).map { String($0) }
            .map { $0 == "." || $0 == ".." ? $0 + "x" : $0 }
        await propertyCheck(count: 200, input: segment.array(of: 1...6)) { segments in
            let path = segments.joined(separator: "/")
            let built = try builder.build("open-path", parameters: [QueryItem(name: "path", value: path)])
            let request = try endpoint.evaluate(built.url)
            #expect(request.actionName == "open-path")
            #expect(request.canonicalParameters == ["path": path], "\(built.url)")
        }
    }

    @Test func theBuilderWritesEachSegmentEncodedAndRefusesEmptySegments() throws {
        let builder = try RequestBuilder(partner: try SpecLoader.load(yaml: Self.yaml).spec)
        #expect(try builder.build("open-path", parameters: [QueryItem(name: "path", value: "folder/sub/note")]).url == "notes:///folder/sub/note")
        #expect(try builder.build("open-path", parameters: [QueryItem(name: "path", value: "a b/c?d")]).url == "notes:///a%20b/c%3Fd")
        #expect(
            try builder.build("open-web", parameters: [QueryItem(name: "host", value: "example.com"), QueryItem(name: "rest", value: "x")]).url
                == "webview://example.com/x"
        )
        for value in ["", "a//b", "/a", "a/"] {
            #expect {
                try builder.build("open-path", parameters: [QueryItem(name: "path", value: value)])
            } throws: { error in
                guard let error = error as? RoundtripError else { return false }
                return error.code == .invalidParameter && error.parameter == "path"
                    && error.message
                        == "'path' is the rest of the path of the route notes:///:path*: one or more non-empty segments joined with '/' (such as 'folder/note'), with no empty segment, leading or trailing '/'"
            }
        }
        #expect {
            try builder.build("web-home", parameters: [QueryItem(name: "host", value: "")])
        } throws: { error in
            (error as? RoundtripError)?.message
                == "'host' is the host of the route webview://:host: it may not be empty; give a host such as 'example.com'"
        }
        #expect {
            try builder.build("open-path")
        } throws: { error in
            (error as? RoundtripError)?.code == .missingParameter
        }
    }
}

/// The router's rest and host edges: precedence, and work bounded by the URL's length.
@Suite("Router: rest and host placeholders")
struct RouterRestAndHostTests {
    /// Routes with literal, placeholder and rest edges at several depths of one path, so a path
    /// of `a` segments walks into each and backs out.
    static let hostileRoutes = [
        "app:///:p*",
        "app:///a/a/a/a/end",
        "app:///a/:x/a/:q*",
        "app:///:x/:y/:z/done",
        "app:///a/:x/:y/:z/:w/:v/stop",
        "app:///a/a/a/a/a/a/:r*",
    ]

    static func router() throws -> Router {
        try Router(actions: hostileRoutes.enumerated().map { index, url in try RouterTests.action("r\(index)", url) })
    }

    static func steps(_ router: Router, _ url: String) throws -> (match: Router.Match?, steps: Int) {
        var steps = 0
        let match = router.route(try URLSplit(url), steps: &steps)
        return (match, steps)
    }

    /// Every trie node is read at most once per lookup and the empty-segment scan runs once, so
    /// the work is at most (routes + 2) times the path's length, and doubling the path at most
    /// doubles it (no quadratic term) — with and without a match.
    @Test(arguments: ["", "/", "//a", "/end"])
    func workIsLinearInThePathOnAHostilePath(tail: String) throws {
        let router = try Self.router()
        var previous: Int?
        for count in [500, 1_000, 2_000, 4_000] {
            let path = "/" + Array(repeating: "a", count: count).joined(separator: "/") + tail
            let (match, steps) = try Self.steps(router, "app://" + path)
            let length = path.utf8.count
            #expect(steps <= (Self.hostileRoutes.count + 2) * (length + 1), "\(steps) steps for a path of \(length) bytes")
            if let previous { #expect(steps <= 2 * previous + 64, "\(steps) steps after \(previous) for half the path") }
            previous = steps
            // Without an empty segment the path ends at the deepest rest that takes it.
            #expect((match?.actionIndex).map { Self.hostileRoutes[$0] } == (tail.isEmpty || tail == "/end" ? "app:///a/a/a/a/a/a/:r*" : nil))
        }
    }

    @Test func literalsThenPlaceholdersThenTheRestWin() throws {
        let router = try Self.router()
        #expect(try Self.steps(router, "app:///a/a/a/a/end").match?.actionIndex == 1)
        #expect(try Self.steps(router, "app:///b/c/d/done").match?.placeholders.map(\.rawValue) == ["b", "c", "d"])
        #expect(try Self.steps(router, "app:///a/b/a/c/d").match?.placeholders.map(\.rawValue) == ["b", "c/d"])
        #expect(try Self.steps(router, "app:///b/c").match?.placeholders.map(\.rawValue) == ["b/c"])
        #expect(try Self.steps(router, "app:///").match == nil)
    }

    @Test func aHostPlaceholderTakesAnyHostItsSchemesLiteralHostsDoNotRoute() throws {
        let router = try Router(actions: [
            try RouterTests.action("any", "web://:host/:rest*"),
            try RouterTests.action("home", "web://home.example/start"),
        ])
        #expect(try Self.steps(router, "web://home.example/start").match?.actionIndex == 1)
        let match = try #require(try Self.steps(router, "web://Other.Example/a/b").match)
        #expect(match.actionIndex == 0)
        #expect(match.placeholders.map(\.name) == ["host", "rest"])
        #expect(match.placeholders.map(\.rawValue) == ["Other.Example", "a/b"])
        #expect(try Self.steps(router, "web:///a").match == nil)
        #expect(try Self.steps(router, "web://u@h/a").match == nil)
        #expect(try Self.steps(router, "web://h:1/a").match == nil)
        #expect(try Self.steps(router, "other://h/a").match == nil)
    }
}
