import Foundation
import Roundtrip
import RoundtripYAML
import Testing

/// Specs the loader refuses because a request could never satisfy them, or because two values
/// would share a name: each finding with its rule, key path, line and exact message.
@Suite("Spec loading: names, placeholders, routes, defaults and enums")
struct SpecLoaderRuleTests {
    /// Three lines, so the `actions:` key is on line 4 and the first action on line 5.
    static let header = """
        # three header lines, so findings below start on line 4
        roundtrip: 1
        app: {name: T, schemes: [t], domains: [t.example.com]}

        """

    /// A spec whose actions are the given lines (each `name: {…}`).
    static func actions(_ lines: String...) -> String {
        header + "actions:\n" + lines.map { "  " + $0 + "\n" }.joined()
    }

    /// A spec whose one action `a` (convention none at `t://a`) declares `parameters`.
    static func parameters(_ yaml: String) -> String {
        actions("a: {url: \"t://a\", convention: none, parameters: {\(yaml)}}")
    }

    struct Bad: Sendable, CustomTestStringConvertible {
        let yaml: String
        let rule: String
        let path: String
        let line: Int
        var column: Int? = nil
        let message: String
        var testDescription: String { rule + " at " + path }
    }

    static let names: [Bad] = [
        Bad(
            yaml: actions(#"a: {url: "t://a", convention: none, parameters: {x: {type: string}}, fragment: {name: x}}"#),
            rule: "duplicate-value",
            path: "actions.a.fragment.name",
            line: 5,
            message: "the fragment is named 'x', which is already the name of a parameter of this action; give it a name of its own"
        ),
        Bad(
            yaml: actions(#"a: {url: "t://a/:x", convention: none, query-value: {name: x}}"#),
            rule: "duplicate-value",
            path: "actions.a.query-value.name",
            line: 5,
            message:
                "the query-value is named 'x', which is already the name of a route placeholder (':x') of this action; give it a name of its own"
        ),
        Bad(
            yaml: actions(#"a: {url: "t://a/:x", convention: none, fragment: {name: x, type: integer}}"#),
            rule: "duplicate-value",
            path: "actions.a.fragment.name",
            line: 5,
            message:
                "the fragment is named 'x', which is already the name of a route placeholder (':x') of this action; give it a name of its own"
        ),
        Bad(
            yaml: actions(#"a: {url: "t://a", convention: none, query-value: {name: q}, fragment: {name: q}}"#),
            rule: "duplicate-value",
            path: "actions.a.fragment.name",
            line: 5,
            message: "the fragment is named 'q', which is already the name of the query-value of this action; give it a name of its own"
        ),
        Bad(
            yaml: actions(#"a: {url: "t://a/:x/:x", convention: none}"#),
            rule: "invalid-route",
            path: "actions.a.url",
            line: 5,
            message: "the route 't://a/:x/:x' has the placeholder ':x' twice; give each placeholder its own name"
        ),
        Bad(
            yaml: actions(#""a\u0007b": {url: "t://a", convention: none}"#),
            rule: "invalid-name",
            path: "actions.a\u{7}b",
            line: 5,
            message: "the action name contains the control character U+0007; names may not hold control characters or bidi overrides"
        ),
        Bad(
            yaml: "roundtrip: 1\napp: {name: \"Notes\\u202E\", schemes: [t]}\nactions:\n  a: {url: \"t://a\", convention: none}\n",
            rule: "invalid-name",
            path: "app.name",
            line: 2,
            message: "the app's name contains the control character U+202E; names may not hold control characters or bidi overrides"
        ),
        Bad(
            yaml: actions(#"a: {convention: x-callback-url, returns: {"i\u009Bd": {type: string}}}"#),
            rule: "invalid-name",
            path: "actions.a.returns.i\u{9B}d",
            line: 5,
            message: "the returned value's name contains the control character U+009B; names may not hold control characters or bidi overrides"
        ),
        Bad(
            yaml: parameters(#"t: {type: secret, secret-env: NOTES-TOKEN}"#),
            rule: "invalid-value",
            path: "actions.a.parameters.t.secret-env",
            line: 5,
            message: "'NOTES-TOKEN' is not an environment variable name: a letter or '_', then letters, digits or '_' (such as NOTES_TOKEN)"
        ),
        Bad(
            yaml: header + "keys:\n  k: {algorithm: hmac-sha256, secret-env: 1KEY}\nactions:\n  a: {url: \"t://a\", convention: none}\n",
            rule: "invalid-value",
            path: "keys.k.secret-env",
            line: 5,
            message: "'1KEY' is not an environment variable name: a letter or '_', then letters, digits or '_' (such as NOTES_TOKEN)"
        ),
    ]

    static let routes: [Bad] = [
        Bad(
            yaml: actions(#"a: {url: ["notes://a/:id", "notes://b"], convention: none}"#),
            rule: "invalid-route",
            path: "actions.a.url[1]",
            line: 5,
            column: 30,
            message:
                "the routes 'notes://a/:id' and 'notes://b' of the action 'a' carry different placeholders (:id and none); every route of an action must carry the same placeholder names, since each is a required parameter"
        ),
        Bad(
            yaml: actions(#"a: {url: ["t://a/:id", "t://b/:key"], convention: none}"#),
            rule: "invalid-route",
            path: "actions.a.url[1]",
            line: 5,
            message:
                "the routes 't://a/:id' and 't://b/:key' of the action 'a' carry different placeholders (:id and :key); every route of an action must carry the same placeholder names, since each is a required parameter"
        ),
        Bad(
            yaml: actions(#"a: {url: ["notes://a", "NOTES://A"], convention: none}"#),
            rule: "duplicate-value",
            path: "actions.a.url[1]",
            line: 5,
            column: 26,
            message: "the route 'NOTES://A' is listed twice (as 'notes://a': scheme and host compare without regard to letter case)"
        ),
        Bad(
            yaml: actions(#"a: {url: ["t://a", "t://a"], convention: none}"#),
            rule: "duplicate-value",
            path: "actions.a.url[1]",
            line: 5,
            message: "the route 't://a' is listed twice"
        ),
        Bad(
            yaml: header + "actions:\n  a:\n    convention: ulc\n    url:\n      - https://t.example.com/a\n      - t://a\n",
            rule: "ulc-not-https",
            path: "actions.a.url[1]",
            line: 9,
            column: 9,
            message: "a Universal Link Callback action must be an https universal link, not 't:'"
        ),
        Bad(
            yaml: actions(#"a: {url: "t://n/:id", convention: none}"#, #"b: {url: "t://n/:key/edit", convention: none}"#),
            rule: "duplicate-route",
            path: "actions.b.url",
            line: 6,
            message: "the route 't://n/:key/edit' has placeholder ':key' where another route has ':id'; use one name"
        ),
        Bad(
            yaml: actions(#"a: {url: "t://n/:id", convention: none}"#, #"b: {url: ["t://m", "t://n/:key/edit"], convention: none}"#),
            rule: "duplicate-route",
            path: "actions.b.url[1]",
            line: 6,
            message: "the route 't://n/:key/edit' has placeholder ':key' where another route has ':id'; use one name"
        ),
        // An action that cannot be read is left out; the conflict is still placed at its own action.
        Bad(
            yaml: actions(
                #"x: {url: "t://x"}"#,
                #"a: {url: "t://n/:id", convention: none}"#,
                #"b: {url: ["t://m", "t://n/:key/edit"], convention: none}"#
            ),
            rule: "duplicate-route",
            path: "actions.b.url[1]",
            line: 7,
            message: "the route 't://n/:key/edit' has placeholder ':key' where another route has ':id'; use one name"
        ),
    ]

    static let placeholders: [Bad] = [
        Bad(
            yaml: actions(#"a: {url: "t://a/:id", convention: none, parameters: {id: {type: integer, required: false}}}"#),
            rule: "invalid-value",
            path: "actions.a.parameters.id.required",
            line: 5,
            message:
                "':id' is a route placeholder, which is always required (the route matches only when its segment is there); drop 'required: false'"
        ),
        Bad(
            yaml: actions(#"a: {url: "t://a/:id", convention: none, parameters: {id: {type: integer, default: 7}}}"#),
            rule: "invalid-default",
            path: "actions.a.parameters.id.default",
            line: 5,
            message:
                "':id' is a route placeholder, which always has a value (the route matches only when its segment is there), so a default would never be used; drop it"
        ),
        Bad(
            yaml: actions(#"a: {url: "t://a/:id", convention: none, parameters: {id: {type: date, allow-empty: true}}}"#),
            rule: "invalid-value",
            path: "actions.a.parameters.id.allow-empty",
            line: 5,
            message:
                "':id' is a route placeholder, which matches only a non-empty path segment, so 'allow-empty' never applies; drop it, or carry a value that may be cleared in a query parameter"
        ),
        Bad(
            yaml: actions(#"a: {url: "t://a/:text", convention: none, parameters: {text: {multiline: true}}}"#),
            rule: "type-mismatch",
            path: "actions.a.parameters.text.multiline",
            line: 5,
            message:
                "':text' is a route placeholder: a path segment is one line, so 'multiline' does not apply; carry multi-line text in a query parameter"
        ),
        Bad(
            yaml: actions(#"a: {url: "t://a/:lines", convention: none, parameters: {lines: {list: newline}}}"#),
            rule: "type-mismatch",
            path: "actions.a.parameters.lines.list",
            line: 5,
            message: "':lines' is a route placeholder: a path segment is one line, so it cannot be a newline list; use 'list: comma'"
        ),
    ]

    static let values: [Bad] = [
        Bad(
            yaml: parameters(#"s: {default: "a\u202Eb"}"#),
            rule: "invalid-default",
            path: "actions.a.parameters.s.default",
            line: 5,
            message: "the default contains the control character U+202E"
        ),
        Bad(
            yaml: parameters(#"s: {default: "a\u0007b"}"#),
            rule: "invalid-default",
            path: "actions.a.parameters.s.default",
            line: 5,
            message: "the default contains the control character U+0007"
        ),
        Bad(
            yaml: parameters(#"s: {default: "a\nb"}"#),
            rule: "invalid-default",
            path: "actions.a.parameters.s.default",
            line: 5,
            message: "the default contains the control character U+000A; only a multiline string may hold line breaks and tabs"
        ),
        Bad(
            yaml: parameters(#"s: {multiline: true, default: "a\rb"}"#),
            rule: "invalid-default",
            path: "actions.a.parameters.s.default",
            line: 5,
            message: "the default contains the control character U+000D"
        ),
        Bad(
            yaml: parameters(#"j: {type: json, default: "[1,\n2]"}"#),
            rule: "invalid-default",
            path: "actions.a.parameters.j.default",
            line: 5,
            message: "the default contains the control character U+000A; only a multiline string may hold line breaks and tabs"
        ),
        Bad(
            yaml: parameters(#"tags: {list: comma, default: [a, "b,c"]}"#),
            rule: "invalid-default",
            path: "actions.a.parameters.tags.default",
            line: 5,
            message: "item 2 of the default holds ',', which separates the items of a comma list; an item can never contain it"
        ),
        Bad(
            yaml: parameters(#"lines: {list: newline, default: ["a\r\nb"]}"#),
            rule: "invalid-default",
            path: "actions.a.parameters.lines.default",
            line: 5,
            message: "item 1 of the default holds a line break, which separates the items of a newline list; an item can never contain it"
        ),
        Bad(
            yaml: parameters(#"tags: {list: repeated, default: ["a\tb"]}"#),
            rule: "invalid-default",
            path: "actions.a.parameters.tags.default",
            line: 5,
            message: "item 1 of the default contains the control character U+0009; only a multiline string may hold line breaks and tabs"
        ),
        Bad(
            yaml: parameters(#"tags: {list: comma, default: []}"#),
            rule: "invalid-default",
            path: "actions.a.parameters.tags.default",
            line: 5,
            message: "a list's default needs at least one item; leave 'default' out for none"
        ),
        Bad(
            yaml: parameters(#"tags: {list: comma, enum: [home, "a,b"]}"#),
            rule: "invalid-enum",
            path: "actions.a.parameters.tags.enum",
            line: 5,
            message: "enum value 2 holds ',', which separates the items of a comma list; an item can never contain it"
        ),
        Bad(
            yaml: parameters(#"s: {enum: ["a\u2066b"]}"#),
            rule: "invalid-enum",
            path: "actions.a.parameters.s.enum",
            line: 5,
            message: "enum value 1 contains the control character U+2066"
        ),
    ]

    static let keys: [Bad] = [
        Bad(
            yaml: parameters("j: {type: json, list: repeated}"),
            rule: "type-mismatch",
            path: "actions.a.parameters.j.list",
            line: 5,
            message:
                "'list' does not apply to a json parameter: JSON text holds commas and line breaks, which separate the items of comma and newline lists; take one JSON array instead"
        ),
        Bad(
            yaml: parameters("b: {type: base64, max-bytes: 0}"),
            rule: "empty-range",
            path: "actions.a.parameters.b.max-bytes",
            line: 5,
            message: "max-bytes 0 allows no bytes at all; give the most bytes a value may decode to, at least 1"
        ),
        Bad(
            yaml: actions(#"a: {url: "t://a", convention: none, outcomes: [success]}"#),
            rule: "convention-mismatch",
            path: "actions.a.outcomes",
            line: 5,
            message: "'outcomes' applies to return-url and x-callback-url actions only; an action with convention none never answers"
        ),
        Bad(
            yaml: actions(#"a: {url: "https://t.example.com/a", convention: ulc, outcomes: [success]}"#),
            rule: "convention-mismatch",
            path: "actions.a.outcomes",
            line: 5,
            message:
                "'outcomes' applies to return-url and x-callback-url actions only; a Universal Link Callback answers with success (ulc-success) or error (ulc-error)"
        ),
        Bad(
            yaml: actions(#"a: {convention: x-callback-url, return-parameter: back}"#),
            rule: "convention-mismatch",
            path: "actions.a.return-parameter",
            line: 5,
            message:
                "'return-parameter' applies to return-url actions only; an x-callback-url request names its callbacks x-success, x-error and x-cancel"
        ),
        Bad(
            yaml: actions(#"a: {url: "https://t.example.com/a", convention: ulc, return-parameter: back}"#),
            rule: "convention-mismatch",
            path: "actions.a.return-parameter",
            line: 5,
            message:
                "'return-parameter' applies to return-url actions only; a Universal Link Callback request names its callbacks ulc-success and ulc-error"
        ),
        Bad(
            yaml: actions(#"a: {url: "t://a", convention: none, return-parameter: back}"#),
            rule: "convention-mismatch",
            path: "actions.a.return-parameter",
            line: 5,
            message: "'return-parameter' applies to return-url actions only; an action with convention none never answers"
        ),
        Bad(
            yaml: actions(#"a: {convention: x-callback-url, response-prefix: p_}"#),
            rule: "convention-mismatch",
            path: "actions.a.response-prefix",
            line: 5,
            message:
                "'response-prefix' applies to return-url actions only; an x-callback-url answer goes to the caller's own x-success, x-error or x-cancel URL, with its parameters unprefixed"
        ),
        Bad(
            yaml: actions(#"a: {url: "https://t.example.com/a", convention: ulc, response-prefix: p_}"#),
            rule: "convention-mismatch",
            path: "actions.a.response-prefix",
            line: 5,
            message: "'response-prefix' applies to return-url actions only; a Universal Link Callback appends nothing to its callbacks"
        ),
        Bad(
            yaml: actions(#"a: {url: "t://a", convention: none, response-prefix: p_}"#),
            rule: "convention-mismatch",
            path: "actions.a.response-prefix",
            line: 5,
            message: "'response-prefix' applies to return-url actions only; an action with convention none never answers"
        ),
    ]

    @Test(arguments: names + routes + placeholders + values + keys)
    func refuses(_ bad: Bad) {
        guard let found = specLoadError(bad.yaml, rule: bad.rule, path: bad.path) else { return }
        #expect(found.message == bad.message)
        #expect(found.line == bad.line, "\(found)")
        if let column = bad.column { #expect(found.column == column, "\(found)") }
    }

    /// A placeholder declared under `parameters` to give it a type is required like an
    /// undeclared one, and the values a request can carry still load.
    @Test func aDeclaredPlaceholderIsRequiredAndReceivableValuesLoad() throws {
        let spec = try SpecLoader.load(
            yaml: Self.actions(
                #"a: {url: "t://a/:id", convention: none, parameters: {id: {type: integer, required: true}, text: {multiline: true, default: "a\r\nb\tc"}}}"#,
                #"b: {url: ["t://b/:id", "t://c/:id/view"], convention: none, parameters: {id: {type: integer}}}"#,
                #"c: {url: "t://d", convention: none, parameters: {tags: {list: comma, default: [home, work], enum: [home, work]}, on: {type: boolean, format: yes-no, enum: ["yes"]}}}"#
            )
        ).spec
        #expect(spec.action(named: "a")?.parameter(named: "id")?.isRequired == true)
        #expect(spec.action(named: "a")?.parameter(named: "text")?.defaultValue == "a\r\nb\tc")
        #expect(spec.action(named: "b")?.parameter(named: "id")?.isRequired == true)
        #expect(spec.action(named: "c")?.parameter(named: "tags")?.defaultItems == ["home", "work"])
    }

    /// A mapping with more members than the reader's key table indexes (31) is still read: every
    /// unknown key is reported, and the known keys after them still count.
    @Test func aMappingWithManyUnknownKeysIsReportedNotFatal() {
        let unknown = (0..<35).map { "k\($0): 1" }.joined(separator: ", ")
        let error = #expect(throws: SpecError.self) {
            try SpecLoader.load(yaml: Self.parameters("n: {\(unknown), type: integer, minimum: 5, maximum: 1}"))
        }
        let rules = error?.diagnostics.map(\.rule) ?? []
        #expect(rules.filter { $0 == "unknown-key" }.count == 35)
        #expect(error?.diagnostics.first { $0.keyPath == "actions.a.parameters.n.k34" }?.rule == "unknown-key")
        // minimum and maximum were read as an integer's bounds, after the unknown keys.
        #expect(rules.contains("empty-range"))
    }

    /// Actions that share a whole `parameters` mapping word for word are read once per context:
    /// the names a mapping may use depend on its action's convention and response prefix, and a
    /// route placeholder makes its parameter required in its own action only.
    @Test func aSharedParameterMappingIsReadInItsActionsContext() throws {
        let shared = #"{"x-success": {"type": "string"}, "ifcc_amount": {"type": "decimal"}, "id": {"type": "integer"}}"#
        let error = #expect(throws: SpecError.self) {
            try SpecLoader.load(
                json: #"""
                    {"roundtrip": 1, "app": {"name": "T", "schemes": ["t"]}, "actions": {
                      "a": {"url": "t://a", "convention": "return-url", "response-prefix": "pp_", "parameters": \#(shared)},
                      "b": {"url": "t://b", "convention": "return-url", "response-prefix": "ifcc_", "parameters": \#(shared)},
                      "c": {"url": "t://c", "convention": "x-callback-url", "parameters": \#(shared)}
                    }}
                    """#
            )
        }
        let reserved = error?.diagnostics.filter { $0.rule == "reserved-parameter" }.map { "\($0.keyPath) line \($0.line ?? 0)" }
        #expect(reserved == ["actions.b.parameters.ifcc_amount line 3", "actions.c.parameters.x-success line 4"])

        let spec = try SpecLoader.load(
            json: #"""
                {"roundtrip": 1, "app": {"name": "T", "schemes": ["t"]}, "actions": {
                  "a": {"url": "t://a", "convention": "none", "parameters": {"id": {"type": "integer"}}},
                  "b": {"url": "t://b/:id", "convention": "none", "parameters": {"id": {"type": "integer"}}},
                  "c": {"url": "t://c", "convention": "none", "parameters": {"id": {"type": "integer"}}}
                }}
                """#
        ).spec
        #expect(["a", "b", "c"].map { spec.action(named: $0)?.parameter(named: "id")?.isRequired } == [false, true, false])
        #expect(["a", "b", "c"].map { spec.action(named: $0)?.parameter(named: "id")?.type } == [.integer, .integer, .integer])
    }

    /// Two patterns that are canonically equivalent but not the same code points (a precomposed
    /// "é" and "e" with a combining acute accent) are two patterns: Swift's string equality would
    /// let one stand for the other in the loader's caches, but a regular expression tells them
    /// apart, and each action accepts only the form its own pattern writes.
    @Test(arguments: ["yaml", "json"])
    func canonicallyEquivalentPatternsStayDistinct(form: String) throws {
        let precomposed = "\u{00E9}"
        let decomposed = "e\u{0301}"
        let spec: Spec
        if form == "yaml" {
            spec = try SpecLoader.load(
                yaml: Self.actions(
                    #"a: {url: "t://a", convention: none, parameters: {v: {type: string, pattern: "\#(precomposed)"}}}"#,
                    #"b: {url: "t://b", convention: none, parameters: {v: {type: string, pattern: "\#(decomposed)"}}}"#,
                    #"c: {url: "t://c", convention: none, parameters: {v: {type: date, format: "yyyy'\#(precomposed)'MMdd"}}}"#,
                    #"d: {url: "t://d", convention: none, parameters: {v: {type: date, format: "yyyy'\#(decomposed)'MMdd"}}}"#
                )
            ).spec
        } else {
            spec = try SpecLoader.load(
                json: #"""
                    {"roundtrip": 1, "app": {"name": "T", "schemes": ["t"]}, "actions": {
                      "a": {"url": "t://a", "convention": "none", "parameters": {"v": {"type": "string", "pattern": "\u00e9"}}},
                      "b": {"url": "t://b", "convention": "none", "parameters": {"v": {"type": "string", "pattern": "e\u0301"}}},
                      "c": {"url": "t://c", "convention": "none", "parameters": {"v": {"type": "date", "format": "yyyy'\u00e9'MMdd"}}},
                      "d": {"url": "t://d", "convention": "none", "parameters": {"v": {"type": "date", "format": "yyyy'e\u0301'MMdd"}}}
                    }}
                    """#
            ).spec
        }
        #expect(spec.action(named: "b")?.parameter(named: "v")?.pattern?.source.unicodeScalars.count == 2)
        let endpoint = try Endpoint(spec: spec)
        let precomposedValue = "%C3%A9"
        let decomposedValue = "e%CC%81"
        #expect((try? endpoint.evaluate("t://a?v=\(precomposedValue)")) != nil)
        #expect((try? endpoint.evaluate("t://b?v=\(decomposedValue)")) != nil)
        #expect(throws: RoundtripError.self) { try endpoint.evaluate("t://b?v=\(precomposedValue)") }
        #expect(throws: RoundtripError.self) { try endpoint.evaluate("t://a?v=\(decomposedValue)") }
        #expect((try? endpoint.evaluate("t://c?v=2026\(precomposedValue)1125")) != nil)
        #expect((try? endpoint.evaluate("t://d?v=2026\(decomposedValue)1125")) != nil)
        #expect(throws: RoundtripError.self) { try endpoint.evaluate("t://d?v=2026\(precomposedValue)1125") }
    }

    /// A definition the spec repeats is read once, yet a finding in it is reported at every
    /// place it stands, each with its own key path and line, and a repeat that differs in any
    /// key, value or value type is read for itself.
    @Test func aRepeatedDefinitionIsReportedWhereverItStands() throws {
        let bad = #"{type: integer, minimum: 5, maximum: 1}"#
        let error = #expect(throws: SpecError.self) {
            try SpecLoader.load(
                yaml: Self.actions(
                    #"a: {url: "t://a", convention: none, parameters: {n: \#(bad)}}"#,
                    #"b: {url: "t://b", convention: none, parameters: {n: \#(bad)}}"#
                )
            )
        }
        let ranges = error?.diagnostics.filter { $0.rule == "empty-range" }.map { "\($0.keyPath) line \($0.line ?? 0)" }
        #expect(ranges == ["actions.a.parameters.n line 5", "actions.b.parameters.n line 6"])

        // JSON recognises a repeat by its text; a finding is still reported at each place.
        let jsonError = #expect(throws: SpecError.self) {
            try SpecLoader.load(
                json: #"""
                    {"roundtrip": 1, "app": {"name": "T", "schemes": ["t"]}, "actions": {
                      "a": {"url": "t://a", "convention": "none", "parameters": {"n": {"type": "integer", "minimum": 5, "maximum": 1}}},
                      "b": {"url": "t://b", "convention": "none", "parameters": {"n": {"type": "integer", "minimum": 5, "maximum": 1}}}
                    }}
                    """#
            )
        }
        let jsonRanges = jsonError?.diagnostics.filter { $0.rule == "empty-range" }.map { "\($0.keyPath) line \($0.line ?? 0)" }
        #expect(jsonRanges == ["actions.a.parameters.n line 2", "actions.b.parameters.n line 3"])

        let spec = try SpecLoader.load(
            json: #"""
                {"roundtrip": 1, "app": {"name": "T", "schemes": ["t"]}, "actions": {
                  "a": {"url": "t://a", "convention": "none", "parameters": {"n": {"type": "integer", "maximum": 9}, "m": {"type": "integer", "maximum": 9}}},
                  "b": {"url": "t://b", "convention": "none", "parameters": {"n": {"type": "integer", "maximum": 9}, "m": {"type": "integer", "maximum": 8}}},
                  "c": {"url": "t://c", "convention": "none", "parameters": {"n": {"type": "integer", "maximum": "9", "required": true}}},
                  "d": {"url": "t://d", "convention": "none", "parameters": {"n": {"type":"integer","maximum":9}, "m": {"type": "integ\u0065r", "maximum": 7}}}
                }}
                """#
        ).spec
        let maximums = ["a", "b"].flatMap { action in ["n", "m"].map { spec.action(named: action)?.parameter(named: $0)?.maximum } }
        #expect(maximums == [9, 9, 9, 8])
        #expect(spec.action(named: "b")?.parameter(named: "n")?.name == "n")
        #expect(spec.action(named: "c")?.parameter(named: "n")?.isRequired == true)
        #expect(spec.action(named: "a")?.parameter(named: "n")?.isRequired == false)
        // The same definition written with other spacing or escapes is read for itself, to the same result.
        #expect(spec.action(named: "d")?.parameter(named: "n")?.maximum == 9)
        #expect(spec.action(named: "d")?.parameter(named: "m")?.type == .integer)
        #expect(spec.action(named: "d")?.parameter(named: "m")?.maximum == 7)
    }
}
