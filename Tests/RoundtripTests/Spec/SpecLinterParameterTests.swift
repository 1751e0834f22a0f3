import Roundtrip
import RoundtripYAML
import Testing

/// Findings about parameters: specs that load but carry a risk (secrets, undeclared parameters,
/// empty values, form encoding, bounds), each finding with a stable rule id and severity, and the
/// safe forms that are not flagged.
@Suite("Spec lint: findings about secrets, undeclared parameters, empty values, form encoding and bounds")
struct SpecLinterParameterTests {
    static let header = """
        roundtrip: 1
        app: {name: T, schemes: [t], domains: [t.example.com]}
        keys:
          k: {algorithm: hmac-sha256, secret-env: K}

        """

    /// The rules this suite is about; findings of other rules are not compared.
    static let rules: Set<String> = [
        "secret-over-open-scheme", "accepts-undeclared", "required-allows-empty", "form-encoding-plus", "multiline-unbounded",
        "unbounded-list",
    ]

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        /// The `actions` mapping (and any top-level keys before it).
        let yaml: String
        /// Rule, key path and severity of every expected finding among ``rules``, in order.
        let findings: [Finding]
        var testDescription: String { name }
    }

    struct Finding: Sendable, Hashable, CustomStringConvertible {
        let rule: String
        let path: String
        let severity: SpecDiagnostic.Severity

        init(_ rule: String, _ path: String, _ severity: SpecDiagnostic.Severity) {
            self.rule = rule
            self.path = path
            self.severity = severity
        }

        var description: String { "\(severity) \(rule) at \(path)" }
    }

    static let cases: [Case] = [
        // Secrets.
        Case(
            name: "a secret on a custom scheme, unsigned",
            yaml: "actions:\n  a: {url: 't:///a', convention: x-callback-url, parameters: {token: {type: secret, secret-env: T}}}\n",
            findings: [Finding("secret-over-open-scheme", "actions.a.parameters.token", .warning)]
        ),
        Case(
            name: "a secret on a custom scheme, signatures optional",
            yaml:
                "actions:\n  a: {url: 't://a', convention: none, signatures: optional, parameters: {token: {type: secret, secret-env: T}}}\n",
            findings: [Finding("secret-over-open-scheme", "actions.a.parameters.token", .warning)]
        ),
        Case(
            name: "a secret on a custom scheme, signatures required",
            yaml:
                "actions:\n  a: {url: 't://a', convention: none, signatures: required, parameters: {token: {type: secret, secret-env: T}}}\n",
            findings: []
        ),
        Case(
            name: "a secret on a universal link",
            yaml:
                "actions:\n  a: {url: 'https://t.example.com/a', convention: none, parameters: {token: {type: secret, secret-env: T}}}\n",
            findings: []
        ),
        Case(
            name: "a secret on a universal link and a custom scheme",
            yaml:
                "actions:\n  a: {url: ['https://t.example.com/a', 't://a'], convention: none, parameters: {token: {type: secret, secret-env: T}}}\n",
            findings: [Finding("secret-over-open-scheme", "actions.a.parameters.token", .warning)]
        ),
        Case(
            name: "a secret fragment on a custom scheme",
            yaml: "actions:\n  a: {url: 't://a', convention: none, fragment: {name: token, type: secret, secret-env: T}}\n",
            findings: [Finding("secret-over-open-scheme", "actions.a.fragment", .warning)]
        ),
        Case(
            name: "no secret on a custom scheme",
            yaml: "actions:\n  a: {url: 't://a', convention: none, parameters: {token: {type: string, max-length: 40}}}\n",
            findings: []
        ),
        // Undeclared parameters.
        Case(
            name: "accept, unsigned",
            yaml: "actions:\n  a: {url: 't://a', convention: none, unknown-parameters: accept}\n",
            findings: [Finding("accepts-undeclared", "actions.a.unknown-parameters", .note)]
        ),
        Case(
            name: "accept, signatures required by the app",
            yaml: "signatures: required\nactions:\n  a: {url: 't://a', convention: none, unknown-parameters: accept}\n",
            findings: []
        ),
        Case(
            name: "ignore, unsigned",
            yaml: "actions:\n  a: {url: 't://a', convention: none, unknown-parameters: ignore}\n",
            findings: []
        ),
        // Empty values.
        Case(
            name: "required and allow-empty",
            yaml: "actions:\n  a: {url: 't://a', convention: none, parameters: {due: {type: date, required: true, allow-empty: true}}}\n",
            findings: [Finding("required-allows-empty", "actions.a.parameters.due.allow-empty", .note)]
        ),
        Case(
            name: "a required returned value with allow-empty",
            yaml: "actions:\n  a: {convention: x-callback-url, returns: {id: {type: string, required: true, allow-empty: true}}}\n",
            findings: [Finding("required-allows-empty", "actions.a.returns.id.allow-empty", .note)]
        ),
        Case(
            name: "optional and allow-empty",
            yaml: "actions:\n  a: {url: 't://a', convention: none, parameters: {due: {type: date, allow-empty: true}}}\n",
            findings: []
        ),
        // Form encoding.
        Case(
            name: "form encoding and base64",
            yaml: "actions:\n  a: {url: 't://a', convention: none, query-encoding: form, parameters: {data: {type: base64, max-bytes: 64}}}\n",
            findings: [Finding("form-encoding-plus", "actions.a.parameters.data", .warning)]
        ),
        Case(
            name: "form encoding from the top level and a url",
            yaml: "query-encoding: form\nactions:\n  a: {url: 't://a', convention: none, parameters: {next: {type: url}}}\n",
            findings: [Finding("form-encoding-plus", "actions.a.parameters.next", .warning)]
        ),
        Case(
            name: "form at the top level, rfc3986 on the action",
            yaml:
                "query-encoding: form\nactions:\n  a: {url: 't://a', convention: none, query-encoding: rfc3986, parameters: {data: {type: base64}}}\n",
            findings: []
        ),
        Case(
            name: "form encoding and a base64 query-value and a url fragment",
            yaml:
                "actions:\n  a: {url: 't://a', convention: none, query-encoding: form, query-value: {name: data, type: base64}, fragment: {name: back, type: url}}\n",
            findings: [Finding("form-encoding-plus", "actions.a.query-value", .warning)]
        ),
        Case(
            name: "form encoding and a url placeholder, a path segment",
            yaml: "actions:\n  a: {url: 't://a/:next', convention: none, query-encoding: form, parameters: {next: {type: url}}}\n",
            findings: []
        ),
        Case(
            name: "a multiline query-value and fragment without max-length",
            yaml:
                "actions:\n  a: {url: 't://a', convention: none, query-value: {name: q, multiline: true}, fragment: {name: f, multiline: true, max-length: 9}}\n",
            findings: [Finding("multiline-unbounded", "actions.a.query-value.multiline", .note)]
        ),
        Case(
            name: "form encoding and a string",
            yaml: "actions:\n  a: {url: 't://a', convention: none, query-encoding: form, parameters: {q: {type: string}}}\n",
            findings: []
        ),
        // Bounds.
        Case(
            name: "multiline without max-length",
            yaml: "actions:\n  a: {url: 't://a', convention: none, parameters: {text: {multiline: true}}}\n",
            findings: [Finding("multiline-unbounded", "actions.a.parameters.text.multiline", .note)]
        ),
        Case(
            name: "multiline with max-length",
            yaml: "actions:\n  a: {url: 't://a', convention: none, parameters: {text: {multiline: true, max-length: 10000}}}\n",
            findings: []
        ),
        Case(
            name: "lists without max-items",
            yaml:
                "actions:\n  a: {url: 't://a', convention: none, parameters: {tags: {list: comma}, tag: {list: repeated, min-items: 1}, lines: {list: newline, max-items: 9}}}\n",
            findings: [
                Finding("unbounded-list", "actions.a.parameters.tags.list", .note),
                Finding("unbounded-list", "actions.a.parameters.tag.list", .note),
            ]
        ),
        Case(
            name: "everything at once, in order",
            yaml: """
                actions:
                  a:
                    url: t://a
                    convention: none
                    unknown-parameters: accept
                    query-encoding: form
                    parameters:
                      token: {type: secret, secret-env: T, required: true}
                      data: {type: base64, list: comma, required: true, allow-empty: true}
                      text: {multiline: true}

                """,
            findings: [
                Finding("secret-over-open-scheme", "actions.a.parameters.token", .warning),
                Finding("accepts-undeclared", "actions.a.unknown-parameters", .note),
                Finding("required-allows-empty", "actions.a.parameters.data.allow-empty", .note),
                Finding("form-encoding-plus", "actions.a.parameters.data", .warning),
                Finding("unbounded-list", "actions.a.parameters.data.list", .note),
                Finding("multiline-unbounded", "actions.a.parameters.text.multiline", .note),
            ]
        ),
    ]

    @Test(arguments: cases)
    func findsWhatIsRisky(_ example: Case) throws {
        let loaded = try SpecLoader.load(yaml: Self.header + example.yaml)
        let found = loaded.diagnostics.filter { Self.rules.contains($0.rule) }
        #expect(found.map { Finding($0.rule, $0.keyPath, $0.severity) } == example.findings)
        // The loader's diagnostics hold the linter's findings as they are.
        #expect(SpecLinter.lint(loaded.spec).filter { Self.rules.contains($0.rule) } == found)
    }

    /// Each message says what to do about the finding.
    static let advice: [(rule: String, yaml: String, fragments: [String])] = [
        (
            "secret-over-open-scheme",
            "actions:\n  a: {url: 't://a', convention: none, parameters: {token: {type: secret, secret-env: T}}}\n",
            ["'token' is a secret", "'t:'", "any app or web page can open it", "'signatures: required'", "universal link"]
        ),
        (
            "accepts-undeclared",
            "actions:\n  a: {url: 't://a', convention: none, unknown-parameters: accept}\n",
            ["checked for their encoding only", "'unknown-parameters: ignore'"]
        ),
        (
            "required-allows-empty",
            "actions:\n  a: {url: 't://a', convention: none, parameters: {n: {required: true, allow-empty: true}}}\n",
            ["'n' is required yet may be empty", "'n=' satisfies it", "drop 'allow-empty'"]
        ),
        (
            "form-encoding-plus",
            "actions:\n  a: {url: 't://a', convention: none, query-encoding: form, parameters: {d: {type: base64}}}\n",
            ["a '+' reads as a space", "base64's alphabet has '+'", "%2B", "'query-encoding: rfc3986'"]
        ),
        (
            "form-encoding-plus",
            "actions:\n  a: {url: 't://a', convention: none, query-encoding: form, parameters: {u: {type: url}}}\n",
            ["a URL may hold a '+'", "%2B"]
        ),
        (
            "multiline-unbounded",
            "actions:\n  a: {url: 't://a', convention: none, parameters: {text: {multiline: true}}}\n",
            ["no 'max-length'", "bound it with 'max-length'"]
        ),
        (
            "unbounded-list",
            "actions:\n  a: {url: 't://a', convention: none, parameters: {tags: {list: comma}}}\n",
            ["no 'max-items'", "bound it with 'max-items'"]
        ),
    ]

    @Test(arguments: 0..<advice.count)
    func messagesSayWhatToDo(_ index: Int) throws {
        let (rule, yaml, fragments) = Self.advice[index]
        let finding = try #require(try SpecLoader.load(yaml: Self.header + yaml).diagnostics.first { $0.rule == rule })
        for fragment in fragments {
            #expect(finding.message.contains(fragment), "\(finding.message)")
        }
    }

    /// Sources that let Safari in are named in the secret's warning (one finding, not two); sources
    /// that refuse it are not.
    @Test(arguments: [
        ("", true),
        ("sources: {unknown: reject}, ", true),
        ("sources: {allow: [com.apple.mobilesafari, a.b]}, ", true),
        ("sources: {deny: [com.apple.mobilesafari]}, ", false),
        ("sources: {allow: [com.example.pos]}, ", false),
    ])
    func theSecretWarningSaysWhenSafariMayCall(_ sources: String, _ named: Bool) throws {
        let yaml = Self.header + "actions:\n  a: {url: 't://a', convention: none, \(sources)parameters: {token: {type: secret, secret-env: T}}}\n"
        let findings = try SpecLoader.load(yaml: yaml).diagnostics.filter { $0.rule.hasPrefix("secret") }
        #expect(findings.count == 1)
        #expect(findings.first?.message.contains("add com.apple.mobilesafari to 'sources.deny'") == named, "\(findings)")
    }
}
