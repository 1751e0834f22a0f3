import Foundation
import PropertyBased
import Roundtrip
import RoundtripYAML
import Testing

/// The values a rest placeholder (`:name*`) and a host placeholder (`:host`) can carry, through
/// the public decision (`Endpoint.evaluate`) and builder (`RequestBuilder.build`): a rest is a
/// relative path under its route (RFC 3986 section 5.2.4's dot segments removed, nothing that
/// leaves the route), a host is a host (no byte a host cannot hold, raw or encoded), and the
/// builder and the decision accept exactly the same values.
@Suite("Route values: the rest of the path and the host")
struct RouteValueTests {
    static let yaml = """
        roundtrip: 1
        app: {name: Notes, schemes: [notes, webview]}
        actions:
          open-path: {url: "notes:///folder/:path*", convention: none}
          settings: {url: "notes:///folder/settings", convention: none}
          open-web: {url: "webview://:host/:rest*", convention: none}
          web-home: {url: "webview://:host", convention: none}
          web-settings: {url: "webview://settings/general", convention: none}
          encoded-literal: {url: "webview://caf%C3%A9.example/menu", convention: none}
        """

    static let spec = Result { try SpecLoader.load(yaml: yaml).spec }

    static func endpoint() throws -> Endpoint { try Endpoint(spec: try spec.get()) }
    static func builder() throws -> RequestBuilder { try RequestBuilder(partner: try spec.get()) }

    /// The decision's outcome for a URL: the action and its values, or the refusal's code.
    static func decide(_ url: String) throws -> Result<(action: String, values: [String: String]), RoundtripError> {
        let endpoint = try endpoint()
        do {
            let request = try endpoint.evaluate(url)
            return .success((request.actionName, request.canonicalParameters))
        } catch {
            return .failure(error)
        }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let url: String
        /// The action and values when accepted; `nil` when refused with `code`.
        let accepted: (action: String, values: [String: String])?
        let code: RoundtripError.Code?
        var testDescription: String { url }

        static func accepts(_ url: String, _ action: String, _ values: [String: String]) -> Case {
            Case(url: url, accepted: (action, values), code: nil)
        }
        static func refuses(_ url: String, _ code: RoundtripError.Code = .invalidParameter) -> Case {
            Case(url: url, accepted: nil, code: code)
        }
    }

    static let restCases: [Case] = [
        .accepts("notes:///folder/a/b", "open-path", ["path": "a/b"]),
        // Dot segments, raw and encoded, are removed as RFC 3986 section 5.2.4 removes them.
        .accepts("notes:///folder/a/./b", "open-path", ["path": "a/b"]),
        .accepts("notes:///folder/a/%2e/b", "open-path", ["path": "a/b"]),
        .accepts("notes:///folder/a/../b", "open-path", ["path": "b"]),
        .accepts("notes:///folder/a/%2E%2e/b", "open-path", ["path": "b"]),
        .accepts("notes:///folder/a/.%2E/b", "open-path", ["path": "b"]),
        .accepts("notes:///folder/./a", "open-path", ["path": "a"]),
        // Three dots, or a dot inside a name, are names.
        .accepts("notes:///folder/.../a.b/.c", "open-path", ["path": ".../a.b/.c"]),
        .accepts("notes:///folder/%2e%2e%2e", "open-path", ["path": "..."]),
        // Leaving the route, raw or encoded.
        .refuses("notes:///folder/../secret"),
        .refuses("notes:///folder/%2e%2e/%2e%2e/etc/passwd"),
        .refuses("notes:///folder/%2E%2E/x"),
        .refuses("notes:///folder/a/../../x"),
        .refuses("notes:///folder/.."),
        // A last dot segment leaves a trailing '/' (`/folder/a/..` is `/folder/`).
        .refuses("notes:///folder/a/.."),
        .refuses("notes:///folder/a/%2e"),
        .refuses("notes:///folder/."),
        // An encoded '/' makes one segment two, or the value absolute.
        .refuses("notes:///folder/%2Fetc%2Fpasswd"),
        .refuses("notes:///folder/a%2fb"),
        .refuses("notes:///folder/a/b%2F"),
        .refuses("notes:///folder/..%2F..%2Fetc"),
        // A raw empty segment still matches no rest placeholder.
        .refuses("notes:///folder/a//b", .unknownRoute),
        .refuses("notes:///folder/a/", .unknownRoute),
    ]

    @Test(arguments: restCases)
    func theRestOfThePath(_ check: Case) throws {
        try Self.expect(check)
    }

    static let hostCases: [Case] = [
        .accepts("webview://Example.COM/a", "open-web", ["host": "example.com", "rest": "a"]),
        .accepts("webview://ex%61mple.com/a", "open-web", ["host": "example.com", "rest": "a"]),
        .accepts("webview://a-b_c~d!$&'()*+,;=.example", "web-home", ["host": "a-b_c~d!$&'()*+,;=.example"]),
        .accepts("webview://[::1]/x", "open-web", ["host": "[::1]", "rest": "x"]),
        .accepts("webview://[FE80::1]", "web-home", ["host": "[fe80::1]"]),
        .accepts("webview://[v1.fe80::a+en1]", "web-home", ["host": "[v1.fe80::a+en1]"]),
        // Non-ASCII names are decoded and lowercased (Unicode's default case mapping).
        .accepts("webview://%C3%89COLE.example/x", "open-web", ["host": "école.example", "rest": "x"]),
        // One host reaches one action, however it is encoded or cased.
        .accepts("webview://%73ettings/general", "web-settings", [:]),
        .accepts("webview://SETTINGS/general", "web-settings", [:]),
        .accepts("webview://%53%45TTINGS/general", "web-settings", [:]),
        .accepts("webview://CAF%C3%A9.example/menu", "encoded-literal", [:]),
        .accepts("webview://caf%C3%89.EXAMPLE/menu", "encoded-literal", [:]),
        .accepts("webview://caf%c3%a9.example/menu", "encoded-literal", [:]),
        // Bytes no host can hold, percent-encoded (raw, they end the host or are malformed).
        .refuses("webview://evil.com%2F.example.com/x"),
        .refuses("webview://user%40evil.com/x"),
        .refuses("webview://evil.com%3A8080/x"),
        .refuses("webview://evil.com%3Fa/x"),
        .refuses("webview://evil.com%23a/x"),
        .refuses("webview://evil.com%5Ca/x"),
        .refuses("webview://evil%20com/x"),
        .refuses("webview://evil%25com/x"),
        .refuses("webview://evil%3Ccom%3E/x"),
        .refuses("webview://evil%5Ecom/x"),
        .refuses("webview://evil%7Ccom/x"),
        .refuses("webview://%5B%3A%3A1%5D/x"),
        .refuses("webview://evil%7Fcom/x"),
        .refuses("webview://evil%00com/x"),
        .refuses("webview://evil%09com/x"),
        .refuses("webview://evil%C2%85com/x"),
        .refuses("webview://evil%E2%80%AEcom/x"),
        .refuses("webview://evil%FFcom/x", .invalidEncoding),
        // IP literals are IPv6 or IPvFuture, unencoded, without a zone.
        .refuses("webview://[::1%25en0]/x"),
        .refuses("webview://[example.com]/x"),
        .refuses("webview://[]/x"),
        .refuses("webview://[v1.]/x"),
        // Raw, these end the host or are not URLs at all.
        .refuses("webview://evil.com\\a/x", .malformedURL),
        .refuses("webview://evil com/x", .malformedURL),
    ]

    @Test(arguments: hostCases)
    func theHost(_ check: Case) throws {
        try Self.expect(check)
    }

    static func expect(_ check: Case, sourceLocation: SourceLocation = #_sourceLocation) throws {
        switch (try decide(check.url), check.accepted) {
        case (.success(let got), let expected?):
            #expect(got.action == expected.action, sourceLocation: sourceLocation)
            #expect(got.values == expected.values, sourceLocation: sourceLocation)
        case (.failure(let error), nil):
            #expect(error.code == check.code, "\(error.message)", sourceLocation: sourceLocation)
        case (.success(let got), nil):
            Issue.record("accepted as \(got.action) \(got.values), expected \(check.code?.rawValue ?? "")", sourceLocation: sourceLocation)
        case (.failure(let error), _?):
            Issue.record("refused: \(error.code.rawValue) \(error.message)", sourceLocation: sourceLocation)
        }
    }

    @Test func theMessagesSayWhatIsWrong() throws {
        let messages = try ["notes:///folder/../x", "notes:///folder/a/..", "notes:///folder/a%2Fb", "webview://a%2Fb/x", "webview://%5B%3A%3A1%5D"]
            .map { url in
                guard case .failure(let error) = try Self.decide(url) else { return "" }
                return error.message
            }
        #expect(
            messages == [
                "'path' is the rest of the path of the route notes:///folder/:path*: a '..' segment with no segment before it would leave the route (RFC 3986 section 5.2.4)",
                "'path' is the rest of the path of the route notes:///folder/:path*: it ends in the dot segment '..', which leaves a trailing '/' (RFC 3986 section 5.2.4); one or more non-empty segments joined with '/' (such as 'folder/note')",
                "'path' is the rest of the path of the route notes:///folder/:path*: its segment 'a/b' holds an encoded '/' (%2F), which would make one segment two; one or more non-empty segments joined with '/' (such as 'folder/note')",
                "the host ':host' holds an encoded '/', which a host cannot hold (RFC 3986 section 3.2.2; the WHATWG URL Standard's forbidden domain code points)",
                "the host ':host' holds an encoded '[', which a host cannot hold (RFC 3986 section 3.2.2; the WHATWG URL Standard's forbidden domain code points)",
            ]
        )
    }

    /// A literal route's host must be a host too: it is compared decoded.
    @Test(arguments: ["webview://a%2Fb/x", "webview://a%40b/x", "webview://[::1%25en0]/x"])
    func aLiteralRouteHostThatIsNoHostIsRefused(url: String) throws {
        let yaml = """
            roundtrip: 1
            app: {name: Web, schemes: [webview]}
            actions:
              open: {url: "\(url)", convention: none}
            """
        #expect {
            try SpecLoader.load(yaml: yaml)
        } throws: { error in
            (error as? SpecError)?.diagnostics.contains {
                $0.rule == "invalid-route" && $0.message.contains("which a host cannot hold") || $0.message.contains("IP literal")
            } == true
        }
    }

    // MARK: - The builder

    static let restValues: [(value: String, url: String?)] = [
        ("a/b", "notes:///folder/a/b"),
        ("a/./b", "notes:///folder/a/b"),
        ("a/../b", "notes:///folder/b"),
        ("./a", "notes:///folder/a"),
        ("%2e%2e/a", "notes:///folder/%252e%252e/a"),
        (".../a", "notes:///folder/.../a"),
        ("../../etc/passwd", nil),
        ("/etc/passwd", nil),
        ("a//b", nil),
        ("a/..", nil),
        ("a/.", nil),
        ("..", nil),
        (".", nil),
        ("", nil),
    ]

    @Test(arguments: restValues)
    func theBuilderWritesTheRestWithoutDotSegments(value: String, url: String?) throws {
        let built = Result { try Self.builder().build("open-path", parameters: [QueryItem(name: "path", value: value)]).url }
        switch built {
        case .success(let written): #expect(written == url)
        case .failure(let error):
            #expect(url == nil, "\(error)")
            #expect((error as? RoundtripError)?.code == .invalidParameter)
        }
    }

    static let hostValues: [(value: String, url: String?)] = [
        ("example.com", "webview://example.com"),
        ("Example.COM", "webview://Example.COM"),
        ("école.example", "webview://%C3%A9cole.example"),
        ("[::1]", "webview://[::1]"),
        ("evil.com/.example.com", nil),
        ("user@evil.com", nil),
        ("evil.com:8080", nil),
        ("evil.com?a", nil),
        ("evil.com#a", nil),
        ("evil\\com", nil),
        ("evil com", nil),
        ("evil%2Fcom", nil),
        ("evil\u{0}com", nil),
        ("evil\u{202E}com", nil),
        ("[::1%en0]", nil),
        ("[example.com]", nil),
        ("", nil),
    ]

    @Test(arguments: hostValues)
    func theBuilderWritesOnlyHosts(value: String, url: String?) throws {
        let built = Result { try Self.builder().build("web-home", parameters: [QueryItem(name: "host", value: value)]).url }
        switch built {
        case .success(let written): #expect(written == url)
        case .failure(let error):
            #expect(url == nil, "\(error)")
            #expect((error as? RoundtripError)?.code == .invalidParameter)
        }
    }

    // MARK: - The builder and the decision accept the same values

    /// A segment of a rest value: names, dot segments, and text that looks like an escape.
    static let restSegment = Gen.element(of: ["a", "b", "é", ".", "..", "...", ".a", "%2e", "x y", "?", "#", ""]).compactMap { $0 }

    /// How the decision's URL writes one value segment: encoded as the builder does, or with its
    /// dots as `%2e`/`%2E` or raw (a URL parser's dots and encoded dots are the same segment).
    static func written(_ segment: String, dots: Int) -> String {
        guard !segment.isEmpty, segment.utf8.allSatisfy({ $0 == 0x2E }), segment.count <= 2 else { return QueryCodec.encodeComponent(segment) }
        let dot = ["%2e", "%2E", "."][dots % 3]
        return String(repeating: dot, count: segment.count)
    }

    @Test func theBuilderAndTheDecisionAcceptTheSameRestValues() async throws {
        let builder = try Self.builder()
        let endpoint = try Self.endpoint()
        await propertyCheck(count: 300, input: Self.restSegment.array(of: 1...6), Gen.int(in: 0...2)) { segments, dots in
            let value = segments.joined(separator: "/")
            let built = Result { try builder.build("open-path", parameters: [QueryItem(name: "path", value: value)]) }
            // The same value, each segment written as it is or with encoded dots.
            let url = "notes:///folder/" + segments.map { Self.written($0, dots: dots) }.joined(separator: "/")
            let decided = Result { try endpoint.evaluate(url) }
            switch (built, decided) {
            case (.success(let request), .success(let accepted)):
                // Both keep what RFC 3986 section 5.2.4 leaves, and the built URL says the same.
                let rebuilt = try endpoint.evaluate(request.url)
                #expect(accepted.actionName == "open-path", "\(url)")
                #expect(rebuilt.canonicalParameters == accepted.canonicalParameters, "\(value): \(request.url) and \(url)")
                #expect(!(accepted.canonicalParameters["path"] ?? "").split(separator: "/").contains { $0 == "." || $0 == ".." })
            case (.failure(let error), .failure(let refusal)):
                #expect((error as? RoundtripError)?.code == .invalidParameter, "\(value)")
                #expect(
                    [.invalidParameter, .unknownRoute].contains((refusal as? RoundtripError)?.code),
                    "\(url): \(refusal)"
                )
            case (.success(let request), .failure(let refusal)):
                Issue.record("the builder wrote \(request.url) for '\(value)', the decision refused \(url): \(refusal)")
            case (.failure(let error), .success):
                Issue.record("the builder refused '\(value)' (\(error)), the decision accepted \(url)")
            }
        }
    }

    /// Any host value the builder writes is decided back to it, lowercased; one it refuses, the
    /// decision refuses too when it arrives encoded.
    @Test func theBuilderAndTheDecisionAcceptTheSameHosts() async throws {
        let builder = try Self.builder()
        let endpoint = try Self.endpoint()
        let character = Gen.element(of: Array("aZ0-._~!$&'()*+,;=é/:@?#[]\\ %^|<>\u{1}")).compactMap { $0 }
        await propertyCheck(count: 300, input: character.array(of: 1...8).map { String($0) }) { value in
            let built = Result { try builder.build("web-home", parameters: [QueryItem(name: "host", value: value)]) }
            // An IP literal arrives as it is written; a name, encoded. Written raw, `/?#@` would
            // end the host: the builder refuses those, and the URL would say something else.
            let isLiteral = value.hasPrefix("[")
            if isLiteral, value.contains(where: { "/?#@".contains($0) }) {
                #expect(throws: RoundtripError.self) { try built.get() }
                return
            }
            let decided = Result { try endpoint.evaluate("webview://" + (isLiteral ? value : QueryCodec.encodeComponent(value))) }
            switch (built, decided) {
            case (.success(let request), .success(let accepted)):
                #expect(accepted.canonicalParameters == ["host": value.lowercased()], "\(value)")
                let again = try endpoint.evaluate(request.url)
                #expect(again.canonicalParameters == ["host": value.lowercased()], "\(request.url)")
            case (.failure, .failure(let refusal)):
                let codes: [RoundtripError.Code] =
                    isLiteral ? [.invalidParameter, .malformedURL, .invalidEncoding, .unknownRoute] : [.invalidParameter]
                #expect(codes.contains { $0 == (refusal as? RoundtripError)?.code }, "\(value): \(refusal)")
            case (.success(let request), .failure(let refusal)):
                Issue.record("the builder wrote \(request.url), the decision refused '\(value)' encoded: \(refusal)")
            case (.failure(let error), .success):
                Issue.record("the builder refused '\(value)' (\(error)), the decision accepted it encoded")
            }
        }
    }
}
