import Foundation
import Roundtrip
import RoundtripTestSupport
import RoundtripYAML
import Testing

@Suite("Spec loading: every key, every problem with its place")
struct SpecLoaderTests {
    static let header = """
        # three header lines, so findings below start on line 4
        roundtrip: 1
        app: {name: T, schemes: [t], domains: [t.example.com]}

        """

    @Test func loadsTheDesignDocumentExample() throws {
        let loaded = try SpecLoader.load(contentsOf: Fixture.path("specs/terminal.yaml"))
        let spec = loaded.spec
        #expect(spec.app.appID == "ABCDE12345.com.example.terminal")
        #expect(spec.app.bundleID == "com.example.terminal")
        #expect(spec.sources.deny == ["com.apple.mobilesafari"])
        #expect(spec.callbacks?.count == 5)
        let charge = try #require(spec.action(named: "charge"))
        #expect(charge.convention == .returnURL)
        #expect(charge.responsePrefix == "ifcc_")
        #expect(charge.outcomes == ["approved", "declined", "cancelled", "error"])
        #expect(charge.parameters.map(\.name) == ["amount", "currency", "invoiceNumber", "due"])
        #expect(charge.parameter(named: "currency")?.defaultValue == "USD")
        #expect(charge.parameter(named: "amount")?.minimum == Decimal(string: "0.01"))
        #expect(spec.action(named: "add-task")?.queryValue?.name == "task")
        #expect(spec.action(named: "add-task")?.fragment?.type == .date(try DateFormat("yyyyMMddHHmm")))
    }

    @Test func jsonIsAcceptedAsYAML() throws {
        let json = #"{"roundtrip": 1, "app": {"name": "J", "schemes": ["j"]}, "actions": {"go": {"url": "j://go", "convention": "none"}}}"#
        #expect(try SpecLoader.load(yaml: json).spec.actions.first?.routes.first?.text == "j://go")
    }

    @Test func xCallbackActionsDeriveTheirRoutesFromTheSchemes() throws {
        let spec = try SpecLoader.load(yaml: Self.header + "actions:\n  add: {convention: x-callback-url}\n").spec
        #expect(spec.actions[0].routes.map(\.text) == ["t://x-callback-url/add"])
    }

    @Test func keysLoad() throws {
        let spec = try TestSpecs.spec("rich")
        #expect(spec.key(id: "pos-2026")?.material == .secretEnvironment("ROUNDTRIP_TEST_SECRET"))
        #expect(spec.key(id: "partner-a")?.algorithm == .ed25519)
        #expect(spec.action(named: "pay")?.signatures == .required)
        #expect(spec.action(named: "add")?.signatures == .off)
        #expect(spec.action(named: "open")?.sources.unknown == .reject)
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
            yaml: "roundtrip: 2\napp: {name: A}\nactions: {}\n",
            rule: "unsupported-version",
            path: "roundtrip",
            line: 1,
            message: "version 1, not 2"
        ),
        Bad(yaml: "app: {name: A}\nactions: {}\n", rule: "missing-key", path: "roundtrip", line: nil, message: "roundtrip: 1"),
        Bad(yaml: "roundtrip: 1\nactions: {}\n", rule: "missing-key", path: "app", line: nil, message: "describe the 'app'"),
        Bad(yaml: header + "actoins: {}\n", rule: "unknown-key", path: "actoins", line: 4, message: "did you mean 'actions'?"),
        Bad(
            yaml: "roundtrip: 1\napp: {name: A, schemes: [\"1bad\"]}\nactions: {}\n",
            rule: "invalid-scheme",
            path: "app.schemes[0]",
            line: 2,
            message: "not a URL scheme"
        ),
        Bad(
            yaml: "roundtrip: 1\napp: {name: A, domains: [\"https://a.example.com\"]}\nactions: {}\n",
            rule: "invalid-domain",
            path: "app.domains[0]",
            line: 2,
            message: "not a host name"
        ),
        Bad(
            yaml: header + "actions:\n  a: {url: \"t://a\"}\n",
            rule: "missing-key",
            path: "actions.a.convention",
            line: 5,
            message: "needs a 'convention'"
        ),
        Bad(
            yaml: header + "actions:\n  a: {url: \"t://a\", convention: callback}\n",
            rule: "invalid-value",
            path: "actions.a.convention",
            line: 5,
            message: "'callback' is not one of"
        ),
        Bad(yaml: header + "actions:\n  a: {convention: none}\n", rule: "missing-key", path: "actions.a.url", line: 5, message: "needs a 'url'"),
        Bad(
            yaml: header + "actions:\n  a: {url: \"t://a?x=1\", convention: none}\n",
            rule: "invalid-route",
            path: "actions.a.url",
            line: 5,
            message: "may not have a query"
        ),
        Bad(
            yaml: header + "actions:\n  a: {url: \"t://a\", convention: ulc}\n",
            rule: "ulc-not-https",
            path: "actions.a.url",
            line: 5,
            message: "must be an https universal link"
        ),
        Bad(
            yaml: header + "actions:\n  \"do it\": {convention: x-callback-url}\n",
            rule: "invalid-route",
            path: "actions.do it.url",
            line: 5,
            message: "its name 'do it' cannot be the path"
        ),
        Bad(
            yaml: header + "actions:\n  a: {url: \"http://t.example.com/a\", convention: none}\n",
            rule: "http-route",
            path: "actions.a.url",
            line: 5,
            message: "never open apps"
        ),
        Bad(
            yaml: header + "actions:\n  a: {url: \"t://a\", convention: none, response-prefix: p_}\n",
            rule: "convention-mismatch",
            path: "actions.a.response-prefix",
            line: 5,
            message: "return-url actions only"
        ),
        Bad(
            yaml: header + "actions:\n  a: {url: \"t://a\", convention: none, parameters: {rt-x: {}}}\n",
            rule: "reserved-parameter",
            path: "actions.a.parameters.rt-x",
            line: 5,
            message: "belong to Roundtrip"
        ),
        Bad(
            yaml: header + "actions:\n  a: {url: \"t://x-callback-url/a\", convention: x-callback-url, parameters: {x-success: {}}}\n",
            rule: "reserved-parameter",
            path: "actions.a.parameters.x-success",
            line: 5,
            message: "callback parameter"
        ),
        Bad(
            yaml: header + "actions:\n  a: {url: \"t://a\", convention: return-url, response-prefix: p_, parameters: {returnURL: {}}}\n",
            rule: "reserved-parameter",
            path: "actions.a.parameters.returnURL",
            line: 5,
            message: "return parameter"
        ),
        Bad(
            yaml: header + "actions:\n  a: {url: \"t://a\", convention: none, parameters: {n: {type: float}}}\n",
            rule: "invalid-value",
            path: "actions.a.parameters.n.type",
            line: 5,
            message: "unknown type 'float'"
        ),
        Bad(
            yaml: header + "actions:\n  a: {url: \"t://a\", convention: none, parameters: {n: {type: integer, minimum: 5, maximum: 1}}}\n",
            rule: "empty-range",
            path: "actions.a.parameters.n",
            line: 5,
            message: "minimum 5 is greater than maximum 1"
        ),
        Bad(
            yaml: header + "actions:\n  a: {url: \"t://a\", convention: none, parameters: {n: {type: string, minimum: 5}}}\n",
            rule: "type-mismatch",
            path: "actions.a.parameters.n.minimum",
            line: 5,
            message: "integer and decimal"
        ),
        Bad(
            yaml: header + "actions:\n  a: {url: \"t://a\", convention: none, parameters: {n: {type: integer, default: x}}}\n",
            rule: "invalid-default",
            path: "actions.a.parameters.n.default",
            line: 5,
            message: "whole number"
        ),
        Bad(
            yaml: header + "actions:\n  a: {url: \"t://a\", convention: none, parameters: {n: {enum: [a], default: b}}}\n",
            rule: "invalid-default",
            path: "actions.a.parameters.n.default",
            line: 5,
            message: "must be one of a"
        ),
        Bad(
            yaml: header + "actions:\n  a: {url: \"t://a\", convention: none, parameters: {n: {pattern: \"[a-\"}}}\n",
            rule: "invalid-pattern",
            path: "actions.a.parameters.n.pattern",
            line: 5,
            message: "not a valid regular expression"
        ),
        Bad(
            yaml: header + "actions:\n  a: {url: \"t://a\", convention: none, parameters: {d: {type: date, format: EEE}}}\n",
            rule: "invalid-format",
            path: "actions.a.parameters.d.format",
            line: 5,
            message: "unsupported field"
        ),
        Bad(
            yaml: header + "actions:\n  a: {url: \"t://a\", convention: none, parameters: {n: {enum: [a, b], type: integer}}}\n",
            rule: "invalid-enum",
            path: "actions.a.parameters.n.enum",
            line: 5,
            message: "'a' is not a valid integer"
        ),
        Bad(
            yaml: header + "actions:\n  a: {url: \"t://a\", convention: x-callback-url, query-value: {name: q}}\n",
            rule: "convention-mismatch",
            path: "actions.a.query-value",
            line: 5,
            message: "works only with convention none"
        ),
        Bad(
            yaml: header + "actions:\n  a: {url: \"t://x-callback-url/a\", convention: x-callback-url, query-value: {name: q}}\n",
            rule: "convention-mismatch",
            path: "actions.a.query-value",
            line: 5,
            message: "only with convention none"
        ),
        Bad(
            yaml: header + "actions:\n  a: {url: \"t://a\", convention: none}\n  b: {url: \"T://A\", convention: none}\n",
            rule: "duplicate-route",
            path: "actions.b.url",
            line: 6,
            message: "already the route of action 'a'"
        ),
        Bad(
            yaml: header + "signatures: required\nactions:\n  a: {url: \"t://a\", convention: none}\n",
            rule: "signatures-without-keys",
            path: "actions.a.signatures",
            line: nil,
            message: "declares no 'keys'"
        ),
        Bad(
            yaml: header + "keys:\n  k: {algorithm: hmac-sha256, secret: abc}\nactions: {}\n",
            rule: "unknown-key",
            path: "keys.k.secret",
            line: 5,
            message: "unknown key 'secret'"
        ),
        Bad(
            yaml: header + "keys:\n  k: {algorithm: ed25519, public-key: \"AAAA\"}\nactions: {}\n",
            rule: "invalid-key",
            path: "keys.k.public-key",
            line: 5,
            message: "exactly 32 raw bytes"
        ),
        Bad(
            yaml: header + "callbacks: [\"pos://x?y=1#z\"]\nactions: {}\n",
            rule: "invalid-callback-base",
            path: "callbacks[0]",
            line: 4,
            message: "no fragment or user-info"
        ),
        Bad(
            yaml: header + "sources: {unknown: maybe}\nactions: {}\n",
            rule: "invalid-value",
            path: "sources.unknown",
            line: 4,
            message: "'maybe' is not one of allow, reject"
        ),
        Bad(
            yaml: "roundtrip: 1\napp: {name: A}\napp: {name: B}\nactions: {}\n",
            rule: "duplicate-key",
            path: "app",
            line: 3,
            message: "repeats the key"
        ),
        Bad(yaml: "roundtrip: 1\napp: [\n", rule: "syntax", path: "", line: 3, message: "not valid YAML or JSON"),
        Bad(yaml: "- a\n- b\n", rule: "wrong-type", path: "", line: 1, message: "expected a mapping"),
    ]

    @Test(arguments: bad)
    func reportsProblemsWithTheirPlace(_ bad: Bad) {
        guard let found = specLoadError(bad.yaml, rule: bad.rule, path: bad.path) else { return }
        #expect(found.message.contains(bad.message), "\(found.message)")
        if let line = bad.line { #expect(found.line == line, "\(found)") }
    }

    @Test func allProblemsAreReportedAtOnce() {
        let yaml =
            Self.header
            + "actions:\n  a: {url: \"t://a\", convention: bogus}\n  b: {convention: none}\n  c: {url: \"t://c\", convention: none, colour: red}\n"
        do {
            _ = try SpecLoader.load(yaml: yaml)
        } catch {
            #expect(Set(error.diagnostics.map(\.keyPath)).isSuperset(of: ["actions.a.convention", "actions.b.url", "actions.c.colour"]))
        }
    }

    @Test func unreadableFileIsReportedAsSuch() {
        do {
            _ = try SpecLoader.load(contentsOf: "/nonexistent/spec.yaml")
        } catch {
            #expect(error.isUnreadable)
            #expect(error.description.contains("cannot be read"))
        }
    }

    @Test func lintWarnsAboutUnregisteredSchemesAndDomains() throws {
        let yaml = """
            roundtrip: 1
            app: {name: A, app-id: bad, schemes: [a], domains: [a.example.com]}
            actions:
              x: {url: "b://x", convention: none}
              y: {url: "https://b.example.com/y", convention: ulc}
            """
        let rules = try SpecLoader.load(yaml: yaml).diagnostics.map(\.rule)
        #expect(rules.contains("route-scheme-not-registered"))
        #expect(rules.contains("route-domain-not-associated"))
        #expect(rules.contains("invalid-app-id"))
        #expect(rules.contains("custom-scheme-hijackable"))
    }

    /// YAML that nested aliases blow up: eight levels of ten turn 300 bytes into 10^8 nodes,
    /// which Yams would hash whole as a mapping key; a hundred actions of a hundred parameters of
    /// a hundred values turn 2 KB into a million nodes for the reader. Found while writing the
    /// spec-loader fuzz target: either hung the loader (and `roundtrip serve`'s inspector).
    static let aliasBombs: [String] = [
        (["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
            + (1...8).map { level in
                "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]"
            } + ["? *a8\n: key"]).joined(separator: "\n"),
        header + "actions:\n"
            + "  a0: {url: 't://a', convention: none, parameters: {q: &P {type: string, enum: ["
            + Array(repeating: "x", count: 100).joined(separator: ", ") + "]}}}\n"
            + "  a1: &B {url: 't://b', convention: none, parameters: {" + (0..<100).map { "p\($0): *P" }.joined(separator: ", ") + "}}\n"
            + (2..<100).map { "  a\($0): *B\n" }.joined(),
    ]

    @Test(.timeLimit(.minutes(1)), arguments: aliasBombs)
    func aliasesThatExpandTheFileTooFarAreRefusedBeforeReading(_ yaml: String) {
        do {
            _ = try SpecLoader.load(yaml: yaml, file: "bomb.yaml")
            Issue.record("loaded an alias bomb")
        } catch {
            #expect(error.isUnreadable)
            #expect(error.diagnostics.map(\.rule) == ["alias-expansion"])
            #expect(
                error.diagnostics.first?.message
                    == "its aliases (*name) expand the file to more than 100000 nodes; write the repeated parts out instead of nesting aliases"
            )
        }
    }

    @Test func anchorsAndAliasesWithinReasonStillLoad() throws {
        let yaml =
            Self.header + """
                actions:
                  buy:
                    url: t://buy
                    convention: none
                    parameters: &parameters
                      count: {type: integer, default: "1"}
                  sell:
                    url: t://sell
                    convention: none
                    parameters: *parameters
                """
        let spec = try SpecLoader.load(yaml: yaml).spec
        #expect(spec.action(named: "sell")?.parameters.map(\.name) == ["count"])
    }

    /// The same flow mapping text holding an alias means what the alias names where it stands:
    /// `{type: *t}` is a string in one action and an integer in the other, because the anchor
    /// `&t` is set again between them. A repeated definition is recognised by its text only
    /// when no alias is inside it.
    @Test func aRepeatedFlowMappingWithAnAliasIsReadWhereItStands() throws {
        let yaml =
            Self.header + """
                actions:
                  buy:
                    url: t://buy
                    convention: none
                    parameters:
                      label: {type: &t string}
                      note: {type: *t}
                  count:
                    url: t://count
                    convention: none
                    parameters:
                      total: {type: &t integer}
                      items: {type: *t}
                """
        let spec = try SpecLoader.load(yaml: yaml).spec
        #expect(spec.action(named: "buy")?.parameters.map(\.type) == [.string, .string])
        #expect(spec.action(named: "count")?.parameters.map(\.type) == [.integer, .integer])
    }
}
