import Foundation
import Roundtrip
import RoundtripTestSupport
import RoundtripYAML
import Testing

/// Keys in combinations the loader refuses (a key that does not apply to the parameter's type,
/// list or place), each with its rule, key path and a message that says what to do.
@Suite("Spec loading: keys in combinations that do not apply")
struct SpecLoaderCombinationTests {
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
            message: "add 'list: repeated', 'comma', 'newline' or 'space'"
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
