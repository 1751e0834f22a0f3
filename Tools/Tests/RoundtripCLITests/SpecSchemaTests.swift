import Foundation
import Roundtrip
import RoundtripToolsTestSupport
import RoundtripYAML
import Testing
import Yams

/// `roundtrip spec schema` against the loader: the committed schema is the command's output,
/// every spec the project ships validates against it, and a table of broken specs, one problem
/// each, is refused by both the schema and `SpecLoader`.
///
/// The schema is checked by a real JSON Schema validator, Python's `jsonschema`
/// (`Draft202012Validator`), on each spec converted to JSON the way an editor's YAML language
/// server sees it (YAML 1.2's core schema: `true` is a Boolean, `yes` and `off` are text).
@Suite("CLI: spec schema")
struct SpecSchemaTests {
    static let schemaPath = "schema/roundtrip-spec.schema.json"

    // MARK: The command

    @Test("prints the committed schema and exits 0")
    func printsTheCommittedSchema() throws {
        let run = try CommandLineRunner.run(["spec", "schema"])
        #expect(run.exitCode == 0, "\(run.stderr)")
        let committed = try String(contentsOf: CommandLineRunner.repositoryRoot.appendingPathComponent(Self.schemaPath), encoding: .utf8)
        #expect(
            run.stdout == committed,
            "\(Self.schemaPath) is not what `roundtrip spec schema` prints; regenerate it: swift run --package-path Tools roundtrip spec schema > \(Self.schemaPath)"
        )
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(json["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
    }

    /// Every key of the format, at the top level and in each definition, with a description an
    /// editor shows; the key sets are the loader's.
    @Test("describes every key the loader reads")
    func describesEveryKey() throws {
        let data = try Data(contentsOf: CommandLineRunner.repositoryRoot.appendingPathComponent(Self.schemaPath))
        let schema = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let definitions = try #require(schema["$defs"] as? [String: Any])
        let parameterKeys = [
            "type", "required", "default", "enum", "pattern", "min-length", "max-length", "minimum", "maximum", "format", "list",
            "min-items", "max-items", "multiline", "allow-empty", "max-bytes", "secret-env", "description", "schema",
        ]
        let expected: [(String, [String: Any]?, [String])] = [
            (
                "the file", schema,
                [
                    "roundtrip", "app", "callbacks", "sources", "signatures", "keys", "answers", "callback-match", "allow-schemes",
                    "query-encoding", "names", "actions",
                ]
            ),
            (
                "app", definitions["app"] as? [String: Any],
                ["name", "app-id", "schemes", "domains", "description", "webcredentials", "app-clip", "android"]
            ),
            (
                "app.android", definitions["android"] as? [String: Any],
                ["package", "packages", "sha256-cert-fingerprints", "login-credentials", "dynamic-rules"]
            ),
            ("sources", definitions["sources"] as? [String: Any], ["allow", "deny", "unknown"]),
            ("a key", definitions["key"] as? [String: Any], ["algorithm", "secret-env", "keychain", "public-key"]),
            ("answers", definitions["answers"] as? [String: Any], ["signatures", "key"]),
            (
                "an action", definitions["action"] as? [String: Any],
                [
                    "url", "convention", "return-parameter", "response-prefix", "outcomes", "unknown-parameters", "parameters", "query-value",
                    "fragment", "sources", "signatures", "returns", "query-encoding", "description", "answers", "callback-match",
                    "select", "required-callbacks", "requires-one-of", "allow-schemes", "callback-parameters", "answer",
                    "error-returns", "state-parameter", "ignore-parameters", "forbid-parameters", "names", "exclusive", "forbid-schemes",
                    "invalid-callback", "path-parameters",
                ]
            ),
            ("a parameter", definitions["parameter"] as? [String: Any], parameterKeys),
            (
                "a query-value or fragment", definitions["named-value"] as? [String: Any],
                ["name"] + parameterKeys.filter { !["list", "min-items", "max-items"].contains($0) }
            ),
        ]
        for (name, object, keys) in expected {
            let properties = try #require(object?["properties"] as? [String: [String: Any]], "\(name) has no properties")
            #expect(Set(properties.keys) == Set(keys), "\(name)")
            #expect(object?["additionalProperties"] as? Bool == false, "\(name) takes unknown keys")
            for (key, property) in properties {
                #expect((property["description"] as? String)?.isEmpty == false, "\(name): \(key) has no description")
            }
        }
    }

    @Test("is a valid draft 2020-12 schema")
    func isAValidSchema() throws {
        let verdicts = try Self.verdicts.get()
        #expect(verdicts.schemaProblem == nil, "\(verdicts.schemaProblem ?? "")")
    }

    // MARK: Valid specs

    /// Every spec the project ships (Examples/, Tests/Fixtures/specs/) and every YAML block of the
    /// spec format's reference, a block without `roundtrip:` completed with a minimal app.
    static let shippedSpecs: [SpecText] = {
        let root = CommandLineRunner.repositoryRoot
        var specs: [SpecText] = []
        for folder in ["Examples", "Tests/Fixtures/specs"] {
            let directory = root.appendingPathComponent(folder)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            for name in names.sorted() where name.hasSuffix(".yaml") || name.hasSuffix(".yml") {
                let text = (try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)) ?? ""
                specs.append(SpecText("\(folder)/\(name)", text))
            }
        }
        let reference = "Sources/Roundtrip/Documentation.docc/SpecFileFormat.md"
        let markdown = (try? String(contentsOf: root.appendingPathComponent(reference), encoding: .utf8)) ?? ""
        for (index, block) in yamlBlocks(of: markdown).enumerated() {
            let complete = block.split(separator: "\n").contains { $0.hasPrefix("roundtrip:") } ? block : header + block
            specs.append(SpecText("\(reference), YAML block \(index + 1)", complete))
        }
        return specs
    }()

    @Test("the shipped specs are found")
    func shippedSpecsAreFound() {
        let names = Self.shippedSpecs.map(\.name)
        #expect(names.contains("Examples/things.yaml"))
        #expect(names.contains("Tests/Fixtures/specs/rich.yaml"))
        #expect(names.filter { $0.contains("SpecFileFormat.md") }.count >= 10)
    }

    @Test("every shipped spec loads and validates against the schema", arguments: shippedSpecs)
    func shippedSpecValidates(_ spec: SpecText) throws {
        try Self.expectAcceptedByBoth(spec)
    }

    @Test(
        "every shipped spec and near miss also validates as a YAML 1.1 reader (PyYAML) reads it, where yes, no, on and off are Booleans",
        arguments: shippedSpecs + accepted
    )
    func validatesUnderYAML11(_ spec: SpecText) throws {
        let errors = try Self.schemaErrors(of: spec.asReadByYAML11)
        #expect(errors.isEmpty, "the schema refused it as YAML 1.1 reads it: \(errors)")
    }

    // MARK: Near misses, accepted by both

    /// Specs that spell things the loader accepts in more than one way, or combine keys at the
    /// edge of a rule: the schema must not be stricter than the loader.
    static let accepted: [SpecText] = [
        SpecText("a quoted version", "roundtrip: '1'\napp: {name: Notes, schemes: [notes]}\nactions: {a: {convention: x-callback-url}}\n"),
        SpecText(
            "one scheme and one domain, not lists",
            "roundtrip: 1\napp: {name: Notes, schemes: notes, domains: '*.example.com'}\nactions: {a: {convention: x-callback-url}}\n"
        ),
        SpecText(
            "an empty description",
            "roundtrip: 1\napp: {name: Notes, schemes: [notes], description: }\nactions: {a: {convention: x-callback-url}}\n"
        ),
        SpecText(
            "one callback base with a port",
            header + "callbacks: 'https://pos.example.com:8443/return'\nactions: {a: {convention: x-callback-url}}\n"
        ),
        SpecText("required: yes", parameter: "{type: string, required: 'yes'}"),
        SpecText("required: True", parameter: "{type: string, required: True}"),
        SpecText("quoted decimal bounds", parameter: "{type: decimal, minimum: '0.01', maximum: '100000'}"),
        SpecText("negative integer bounds", parameter: "{type: integer, minimum: -5, maximum: 5}"),
        // An editor reads these as the numbers 1000, 5, 0.5 and 16; so does the loader.
        SpecText("bounds in exponent form", parameter: "{type: decimal, minimum: 1e3, maximum: 2.5E+4}"),
        SpecText("a quoted bound in exponent form", parameter: "{type: decimal, maximum: '1.5e2'}"),
        SpecText("bounds with a sign or a bare point", parameter: "{type: decimal, minimum: .5, maximum: +5}"),
        SpecText("a hexadecimal bound", parameter: "{type: integer, maximum: 0x10}"),
        SpecText("quoted lengths", parameter: "{type: string, min-length: '1', max-length: '32'}"),
        SpecText("an integer default as text", parameter: "{type: integer, default: '-12'}"),
        SpecText("an integer enum", parameter: "{type: integer, enum: [1, 2, 3], default: 2}"),
        SpecText("a decimal default", parameter: "{type: decimal, default: 12.50}"),
        SpecText("a true-false default of 1", parameter: "{type: boolean, default: 1}"),
        SpecText("a true-false default of false", parameter: "{type: boolean, default: false}"),
        SpecText("a yes-no default of No", parameter: "{type: boolean, format: yes-no, default: 'No'}"),
        SpecText("a UUID default", parameter: "{type: uuid, default: 7d444840-9dc0-11d1-b245-5ffdce74fad2}"),
        SpecText("a URL default", parameter: "{type: url, default: 'https://example.com/a?b=c'}"),
        SpecText("a date format", parameter: "{type: date, format: yyyyMMddHHmm}"),
        SpecText("an empty integer default with allow-empty", parameter: "{type: integer, allow-empty: true, default: ''}"),
        SpecText("a list with bounds and a default", parameter: "{type: string, list: comma, min-items: 1, max-items: 20, default: [home, work]}"),
        SpecText("an integer list default", parameter: "{type: integer, list: repeated, default: [1, 2]}"),
        SpecText("a newline list with multiline false", parameter: "{type: string, list: newline, multiline: false}"),
        SpecText("multiline on a string by default", parameter: "{multiline: true, max-length: 100}"),
        SpecText("max-bytes on base64", parameter: "{type: base64, max-bytes: 65536}"),
        SpecText(
            "a json schema with every keyword",
            parameter:
                "{type: json, schema: {type: object, required: [a], additional-properties: false, properties: {a: {type: integer, minimum: 1, maximum: 9}, b: {type: array, items: {type: string, max-length: 3, enum: [x, y]}}}}}"
        ),
        SpecText("a secret", parameter: "{type: secret, secret-env: NOTES_TOKEN, required: true, description: The token.}"),
        SpecText("an enum of one value, not a list", parameter: "{type: string, enum: only}"),
        SpecText("x-callback-url outcomes as one value", action: "{convention: x-callback-url, outcomes: success}"),
        SpecText(
            "a return-url action with every key of its own",
            action:
                "{convention: return-url, url: 'notes://a/1.0/', return-parameter: back, response-prefix: r_, outcomes: [done, failed], returns: {id: {type: uuid}}}"
        ),
        SpecText(
            "a parameter named returnURL when the return parameter is another",
            action: "{convention: return-url, url: 'notes://a', return-parameter: back, response-prefix: r_, parameters: {returnURL: {type: url}}}"
        ),
        SpecText(
            "query-value and fragment",
            action:
                "{convention: none, url: 'todolist://www.acme.com', query-value: {name: task, required: true}, fragment: {name: due, type: date, format: yyyyMMddHHmm}}"
        ),
        SpecText(
            "routes with placeholders and an empty host",
            action: "{convention: none, url: ['https://notes.example.com/notes/:id', 'notes:///open/:id'], parameters: {id: {type: integer}}}"
        ),
        SpecText("a bare scheme", action: "{convention: none, url: 'maps-app://'}"),
        SpecText(
            "a rest placeholder and a host placeholder",
            action: "{convention: none, url: ['webview://:host/:rest*', 'webview://:host/open/:rest*'], parameters: {host: {max-length: 253}}}"
        ),
        SpecText("a ulc route in capitals", action: "{convention: ulc, url: 'HTTPS://notes.example.com/logout'}"),
        SpecText(
            "an x-callback-url action named with a percent-encoded space, without url",
            header + "actions: {'add%20note': {convention: x-callback-url}}\n"
        ),
        SpecText(
            "an x-callback-url action named with a space, with a url",
            header + "actions: {'add note': {convention: x-callback-url, url: 'notes://add'}}\n"
        ),
        SpecText(
            "signatures with a Keychain key and an unpadded base64url public key",
            header
                + "signatures: required\nkeys:\n  a: {algorithm: hmac-sha256, keychain: partner}\n"
                + "  b: {algorithm: ed25519, public-key: A6EHv_POEL4dcN0Y50vAmWfk1jCbpQ1fHdyGZBJVMbg}\nactions: {a: {convention: x-callback-url}}\n"
        ),
        SpecText(
            "top-level signatures without keys, every action off",
            header + "signatures: required\nactions: {a: {convention: x-callback-url, signatures: off}}\n"
        ),
        SpecText(
            "an action's sources, query-encoding and unknown-parameters",
            action:
                "{convention: x-callback-url, sources: {allow: com.example.pos, unknown: reject}, query-encoding: form, unknown-parameters: accept}"
        ),
        SpecText("returns: {}", action: "{convention: x-callback-url, returns: {}}"),
        SpecText(
            "select, required-callbacks and requires-one-of",
            action:
                "{convention: x-callback-url, select: {mode: new}, required-callbacks: success, requires-one-of: [[a, b]], parameters: {a: {type: string}, b: {type: string}}}"
        ),
        SpecText("an empty actions mapping", header + "actions: {}\n"),
        SpecText(
            "allow-schemes at the top level and in an action",
            header + "allow-schemes: [vscode, HTTP]\nactions: {a: {convention: x-callback-url, allow-schemes: spotify}}\n"
        ),
        SpecText(
            "parameter shapes: a space list, a presence switch, multiline any, prefix and bracket names",
            action:
                "{convention: none, url: 'notes://a', parameters: {tags: {list: space}, new-tab: {type: boolean, format: presence}, text: {multiline: any}, 'fld*': {type: string, required: false}, 'pickup[latitude]': {type: decimal}}}"
        ),
    ]

    @Test("near misses are accepted by both the schema and the loader", arguments: accepted)
    func nearMissIsAccepted(_ spec: SpecText) throws {
        try Self.expectAcceptedByBoth(spec)
    }

    // MARK: Broken specs, refused by both

    /// One problem each, with the loader's rule for it.
    static let broken: [Broken] = [
        // Unknown keys.
        Broken("unknown-key", "a top-level key", header + "version: 2\nactions: {a: {convention: x-callback-url}}\n"),
        Broken(
            "unknown-key",
            "an app key",
            "roundtrip: 1\napp: {name: Notes, schemes: [notes], bundle: x}\nactions: {a: {convention: x-callback-url}}\n"
        ),
        Broken("unknown-key", "an action key", action: "{convention: x-callback-url, urls: ['notes://a']}"),
        Broken("unknown-key", "a parameter key", parameter: "{type: string, maxlength: 5}"),
        Broken("unknown-key", "a sources key", header + "sources: {allowed: [com.example.a]}\nactions: {a: {convention: x-callback-url}}\n"),
        Broken(
            "unknown-key",
            "a signing key's key",
            header + "keys: {k: {algorithm: hmac-sha256, secret-env: K, secret: abc}}\nactions: {a: {convention: x-callback-url}}\n"
        ),
        Broken("unknown-key", "a query-value key", action: "{convention: none, url: 'notes://a', query-value: {name: q, kind: string}}"),
        // Missing keys and the version.
        Broken("missing-key", "no roundtrip", "app: {name: Notes, schemes: [notes]}\nactions: {a: {convention: x-callback-url}}\n"),
        Broken(
            "unsupported-version",
            "roundtrip: 2",
            "roundtrip: 2\napp: {name: Notes, schemes: [notes]}\nactions: {a: {convention: x-callback-url}}\n"
        ),
        Broken("missing-key", "no app", "roundtrip: 1\nactions: {a: {convention: x-callback-url, url: 'notes://a'}}\n"),
        Broken("missing-key", "no app name", "roundtrip: 1\napp: {schemes: [notes]}\nactions: {a: {convention: x-callback-url}}\n"),
        Broken("empty-value", "an empty app name", "roundtrip: 1\napp: {name: '', schemes: [notes]}\nactions: {a: {convention: x-callback-url}}\n"),
        Broken("missing-key", "no actions", header),
        Broken("missing-key", "no convention", action: "{url: 'notes://a'}"),
        Broken("missing-key", "a return-url action without url", action: "{convention: return-url, response-prefix: r_}"),
        Broken(
            "missing-key",
            "an x-callback-url action without url, and no schemes",
            "roundtrip: 1\napp: {name: Notes}\nactions: {a: {convention: x-callback-url}}\n"
        ),
        Broken("missing-key", "a query-value without name", action: "{convention: none, url: 'notes://a', query-value: {type: string}}"),
        // Wrong types.
        Broken("wrong-type", "app as a list", "roundtrip: 1\napp: [Notes]\nactions: {a: {convention: x-callback-url, url: 'notes://a'}}\n"),
        Broken("wrong-type", "actions as a list", header + "actions: [a]\n"),
        Broken("wrong-type", "parameters as a list", action: "{convention: x-callback-url, parameters: [text]}"),
        Broken("wrong-type", "a description as a mapping", action: "{convention: x-callback-url, description: {text: x}}"),
        Broken("wrong-type", "required: maybe", parameter: "{type: string, required: maybe}"),
        Broken("wrong-type", "max-length: -1", parameter: "{type: string, max-length: -1}"),
        Broken("wrong-type", "max-length: 2.5", parameter: "{type: string, max-length: 2.5}"),
        Broken("wrong-type", "minimum: abc", parameter: "{type: decimal, minimum: abc}"),
        Broken("wrong-type", "minimum: 1e38, beyond a bound's range", parameter: "{type: decimal, minimum: 1e38}"),
        Broken("wrong-type", "maximum: -1e40", parameter: "{type: decimal, maximum: -1e40}"),
        Broken("wrong-type", "an exponent without digits", parameter: "{type: decimal, minimum: 1e}"),
        Broken("wrong-type", "a list's default as one value", parameter: "{type: string, list: comma, default: home}"),
        Broken("wrong-type", "a single value's default as a list", parameter: "{type: string, default: [home]}"),
        // Bad values.
        Broken(
            "invalid-scheme",
            "a scheme starting with a digit",
            "roundtrip: 1\napp: {name: Notes, schemes: [notes, 1notes]}\nactions: {a: {convention: none, url: 'notes://a'}}\n"
        ),
        Broken(
            "invalid-domain",
            "a domain with applinks:",
            "roundtrip: 1\napp: {name: Notes, schemes: [notes], domains: ['applinks:notes.example.com']}\nactions: {a: {convention: x-callback-url}}\n"
        ),
        Broken(
            "invalid-callback-base",
            "a callback base with a fragment",
            header + "callbacks: ['caller://done#x']\nactions: {a: {convention: x-callback-url}}\n"
        ),
        Broken("invalid-value", "signatures: sometimes", header + "signatures: sometimes\nactions: {a: {convention: x-callback-url}}\n"),
        Broken("invalid-value", "query-encoding: url", header + "query-encoding: url\nactions: {a: {convention: x-callback-url}}\n"),
        Broken("invalid-value", "sources unknown: deny", header + "sources: {unknown: deny}\nactions: {a: {convention: x-callback-url}}\n"),
        Broken("invalid-value", "convention: xcallback", action: "{convention: xcallback, url: 'notes://a'}"),
        Broken("invalid-value", "unknown-parameters: allow", action: "{convention: x-callback-url, unknown-parameters: allow}"),
        Broken("invalid-value", "type: text", parameter: "{type: text}"),
        Broken("invalid-value", "list: csv", parameter: "{type: string, list: csv}"),
        Broken("invalid-value", "a boolean format: yes", parameter: "{type: boolean, format: 'yes'}"),
        Broken("invalid-value", "an x-callback-url outcome done", action: "{convention: x-callback-url, outcomes: [success, done]}"),
        Broken(
            "invalid-value",
            "a key algorithm rsa",
            header + "keys: {k: {algorithm: rsa, secret-env: K}}\nactions: {a: {convention: x-callback-url}}\n"
        ),
        Broken("empty-value", "enum: []", parameter: "{type: string, enum: []}"),
        Broken("empty-value", "outcomes: []", action: "{convention: return-url, url: 'notes://a', response-prefix: r_, outcomes: []}"),
        Broken("empty-value", "url: []", action: "{convention: none, url: []}"),
        Broken(
            "duplicate-value",
            "an outcome twice",
            action: "{convention: return-url, url: 'notes://a', response-prefix: r_, outcomes: [done, done]}"
        ),
        Broken("duplicate-value", "a route twice", action: "{convention: none, url: ['notes://a', 'notes://a']}"),
        Broken("empty-range", "max-items: 0", parameter: "{type: string, list: comma, max-items: 0}"),
        Broken("invalid-default", "an integer default abc", parameter: "{type: integer, default: abc}"),
        Broken("invalid-enum", "a decimal enum 1e3", parameter: "{type: decimal, enum: ['1e3']}"),
        Broken("invalid-default", "a yes-no default true", parameter: "{type: boolean, format: yes-no, default: true}"),
        Broken("invalid-default", "a true-false default yes", parameter: "{type: boolean, default: 'yes'}"),
        Broken("invalid-enum", "a UUID enum that is not one", parameter: "{type: uuid, enum: [not-a-uuid]}"),
        Broken("invalid-default", "a URL default without scheme", parameter: "{type: url, default: 'no scheme'}"),
        Broken("invalid-default", "an empty integer default without allow-empty", parameter: "{type: integer, default: ''}"),
        Broken("invalid-default", "a list default with an empty item", parameter: "{type: string, list: comma, default: [home, '']}"),
        // Routes.
        Broken(
            "invalid-route",
            "an x-callback-url action whose name is not a path segment, without url",
            header + "actions: {'add note': {convention: x-callback-url}}\n"
        ),
        Broken(
            "invalid-route",
            "an x-callback-url action named with a % not before two hex digits, without url",
            header + "actions: {'a%zz': {convention: x-callback-url}}\n"
        ),
        Broken(
            "invalid-route",
            "an x-callback-url action named with a bare : segment, without url",
            header + "actions: {'a/:': {convention: x-callback-url}}\n"
        ),
        Broken("ulc-not-https", "a ulc action on a custom scheme", action: "{convention: ulc, url: 'notes://logout'}"),
        Broken("http-route", "an http route", action: "{convention: none, url: 'http://notes.example.com/a'}"),
        Broken("invalid-route", "a route with a query", action: "{convention: none, url: 'notes://a?x=1'}"),
        Broken("invalid-route", "a route with a port", action: "{convention: none, url: 'https://notes.example.com:8443/a'}"),
        Broken("invalid-route", "a host placeholder on https", action: "{convention: none, url: 'https://:host/a'}"),
        Broken("invalid-route", "a host placeholder with a star", action: "{convention: none, url: 'webview://:host*/a'}"),
        // Keys that do not apply to the parameter's type.
        Broken("missing-key", "a secret without secret-env", parameter: "{type: secret}"),
        Broken("type-mismatch", "a secret with a default", parameter: "{type: secret, secret-env: T, default: abc}"),
        Broken("type-mismatch", "a secret with an enum", parameter: "{type: secret, secret-env: T, enum: [a, b]}"),
        Broken("type-mismatch", "a secret with a pattern", parameter: "{type: secret, secret-env: T, pattern: '[a-z]+'}"),
        Broken("type-mismatch", "a secret with max-length", parameter: "{type: secret, secret-env: T, max-length: 10}"),
        Broken("type-mismatch", "a secret list", parameter: "{type: secret, secret-env: T, list: comma}"),
        Broken("type-mismatch", "a json list", parameter: "{type: json, list: repeated}"),
        Broken("empty-range", "max-bytes 0", parameter: "{type: base64, max-bytes: 0}"),
        Broken("invalid-value", "a secret-env that is no variable name", parameter: "{type: secret, secret-env: NOTES-TOKEN}"),
        Broken(
            "invalid-value",
            "a signing key's secret-env that is no variable name",
            header + "keys: {k: {algorithm: hmac-sha256, secret-env: 1KEY}}\nactions: {a: {convention: x-callback-url}}\n"
        ),
        Broken("invalid-default", "an empty list default", parameter: "{list: comma, default: []}"),
        Broken("type-mismatch", "a secret with allow-empty", parameter: "{type: secret, secret-env: T, allow-empty: true}"),
        Broken("type-mismatch", "secret-env on a string", parameter: "{type: string, secret-env: T}"),
        Broken("type-mismatch", "multiline on an integer", parameter: "{type: integer, multiline: true}"),
        Broken("type-mismatch", "max-bytes on a string", parameter: "{type: string, max-bytes: 10}"),
        Broken("type-mismatch", "schema on a string", parameter: "{type: string, schema: {type: object}}"),
        Broken("unknown-key", "a schema keyword in JSON Schema's spelling", parameter: "{type: json, schema: {type: string, maxLength: 3}}"),
        Broken("invalid-enum", "a schema enum without a type", parameter: "{type: json, schema: {enum: [a]}}"),
        Broken("type-mismatch", "min-items without list", parameter: "{type: string, min-items: 1}"),
        Broken("type-mismatch", "max-items without list", parameter: "{type: string, max-items: 3}"),
        Broken("type-mismatch", "format on a string", parameter: "{type: string, format: yyyy-MM-dd}"),
        Broken("type-mismatch", "minimum on a string", parameter: "{type: string, minimum: 1}"),
        Broken("type-mismatch", "maximum on a date", parameter: "{type: date, maximum: 5}"),
        Broken("type-mismatch", "a multiline newline list", parameter: "{type: string, list: newline, multiline: true}"),
        Broken("type-mismatch", "a returned secret", action: "{convention: x-callback-url, returns: {token: {type: secret, secret-env: T}}}"),
        // Keys that do not apply to the action's convention.
        Broken("convention-mismatch", "return-parameter on x-callback-url", action: "{convention: x-callback-url, return-parameter: back}"),
        Broken("convention-mismatch", "response-prefix on ulc", action: "{convention: ulc, url: 'https://notes.example.com/a', response-prefix: r_}"),
        Broken("convention-mismatch", "outcomes on none", action: "{convention: none, url: 'notes://a', outcomes: [done]}"),
        Broken("convention-mismatch", "required-callbacks on none", action: "{convention: none, url: 'notes://a', required-callbacks: [success]}"),
        Broken("empty-value", "an empty select", action: "{convention: none, url: 'notes://a', select: {}}"),
        Broken("empty-value", "an empty select value", action: "{convention: none, url: 'notes://a', select: {mode: ''}}"),
        Broken("reserved-parameter", "an rt- select name", action: "{convention: none, url: 'notes://a', select: {rt-mode: new}}"),
        Broken(
            "invalid-value",
            "a select of five pairs",
            action: "{convention: none, url: 'notes://a', select: {a: '1', b: '1', c: '1', d: '1', e: '1'}}"
        ),
        Broken(
            "invalid-value",
            "a requires-one-of group of one",
            action: "{convention: none, url: 'notes://a', requires-one-of: [a], parameters: {a: {type: string}}}"
        ),
        Broken(
            "invalid-value",
            "a cancel callback required of ulc",
            action: "{convention: ulc, url: 'https://notes.example.com/a', required-callbacks: [cancel]}"
        ),
        Broken("convention-mismatch", "query-value on x-callback-url", action: "{convention: x-callback-url, query-value: {name: q}}"),
        Broken(
            "convention-mismatch",
            "query-value with parameters",
            action: "{convention: none, url: 'notes://a', query-value: {name: q}, parameters: {p: {type: string}}}"
        ),
        Broken("convention-mismatch", "a fragment list", action: "{convention: none, url: 'notes://a', fragment: {name: f, list: comma}}"),
        Broken("convention-mismatch", "returns on none", action: "{convention: none, url: 'notes://a', returns: {id: {type: uuid}}}"),
        Broken("convention-mismatch", "returns on ulc", action: "{convention: ulc, url: 'https://notes.example.com/a', returns: {id: {type: uuid}}}"),
        // Reserved names.
        Broken("reserved-parameter", "an rt- parameter", action: "{convention: x-callback-url, parameters: {rt-p: {type: string}}}"),
        Broken("reserved-parameter", "an x-success parameter", action: "{convention: x-callback-url, parameters: {x-success: {type: url}}}"),
        Broken(
            "reserved-parameter",
            "a ulc-error parameter",
            action: "{convention: ulc, url: 'https://notes.example.com/a', parameters: {ulc-error: {type: url}}}"
        ),
        Broken(
            "reserved-parameter",
            "a returnURL parameter beside the default return parameter",
            action: "{convention: return-url, url: 'notes://a', response-prefix: r_, parameters: {returnURL: {type: url}}}"
        ),
        Broken("reserved-parameter", "an rt- returned name", action: "{convention: x-callback-url, returns: {rt-x: {type: string}}}"),
        Broken(
            "reserved-parameter",
            "a returned responseType",
            action: "{convention: return-url, url: 'notes://a', response-prefix: r_, returns: {responseType: {type: string}}}"
        ),
        // Signatures and keys.
        Broken("signatures-without-keys", "an action's signatures without keys", action: "{convention: x-callback-url, signatures: required}"),
        Broken(
            "signatures-without-keys",
            "top-level signatures without keys",
            header + "signatures: optional\nactions: {a: {convention: x-callback-url}}\n"
        ),
        Broken(
            "missing-key",
            "an hmac-sha256 key without its secret",
            header + "keys: {k: {algorithm: hmac-sha256}}\nactions: {a: {convention: x-callback-url}}\n"
        ),
        Broken(
            "invalid-key",
            "an hmac-sha256 key with a public key",
            header + "keys: {k: {algorithm: hmac-sha256, secret-env: K, public-key: \(publicKey)}}\nactions: {a: {convention: x-callback-url}}\n"
        ),
        Broken(
            "missing-key",
            "an ed25519 key without public-key",
            header + "keys: {k: {algorithm: ed25519}}\nactions: {a: {convention: x-callback-url}}\n"
        ),
        Broken(
            "invalid-key",
            "an ed25519 key of 31 bytes",
            header
                + "keys: {k: {algorithm: ed25519, public-key: \"A6EHv/POEL4dcN0Y50vAmWfk1jCbpQ1fHdyGZBJVMQ==\"}}\nactions: {a: {convention: x-callback-url}}\n"
        ),
        Broken("missing-key", "a key without algorithm", header + "keys: {k: {secret-env: K}}\nactions: {a: {convention: x-callback-url}}\n"),
        // Parameter shapes.
        Broken("invalid-default", "a presence switch with a default", parameter: "{type: boolean, format: presence, default: 'false'}"),
        Broken("invalid-value", "a required presence switch", parameter: "{type: boolean, format: presence, required: true}"),
        Broken("wrong-type", "multiline neither true, false nor any", parameter: "{multiline: sometimes}"),
        Broken(
            "invalid-name",
            "a star inside a parameter name",
            action: "{convention: none, url: 'notes://a', parameters: {'f*ld': {type: string}}}"
        ),
        Broken("invalid-value", "a required prefix", action: "{convention: none, url: 'notes://a', parameters: {'fld*': {required: true}}}"),
        // allow-schemes.
        Broken(
            "unallowable-scheme",
            "allow-schemes with a script scheme",
            header + "allow-schemes: [JavaScript]\nactions: {a: {convention: x-callback-url}}\n"
        ),
        Broken("invalid-scheme", "allow-schemes with a colon", action: "{convention: x-callback-url, allow-schemes: ['spotify:']}"),
    ]

    @Test("the broken table covers at least 25 specs, each named once")
    func brokenTableIsLarge() {
        #expect(Self.broken.count >= 25)
        #expect(Set(Self.broken.map(\.spec.name)).count == Self.broken.count)
        let names = (Self.shippedSpecs + Self.accepted + Self.broken.map(\.spec)).map(\.name)
        #expect(Set(names).count == names.count, "the verdicts are kept by name")
    }

    @Test("a broken spec is refused by both the schema and the loader", arguments: broken)
    func brokenSpecIsRefused(_ broken: Broken) throws {
        do {
            _ = try SpecLoader.load(yaml: broken.spec.text)
            Issue.record("the loader accepted it")
        } catch {
            let rules = error.diagnostics.filter { $0.severity == .error }.map(\.rule)
            #expect(rules.contains(broken.rule), "the loader refused it, but for \(rules), not \(broken.rule): \(error.diagnostics.map(\.message))")
        }
        let errors = try Self.schemaErrors(of: broken.spec)
        #expect(!errors.isEmpty, "the schema accepted it")
    }

    // MARK: - Support

    /// A spec's text and its name in test output.
    struct SpecText: Sendable, CustomTestStringConvertible {
        let name: String
        let text: String
        var testDescription: String { name }

        init(_ name: String, _ text: String) {
            self.name = name
            self.text = text
        }

        /// The name prefix of the same text read as YAML 1.1 reads it.
        static let yaml11Prefix = "YAML 1.1: "

        /// The same text, to be read as a YAML 1.1 reader reads it.
        var asReadByYAML11: SpecText { SpecText(Self.yaml11Prefix + name, text) }

        /// A spec whose one action `a` is `action`, in flow style.
        init(_ name: String, action: String) {
            self.init(name, SpecSchemaTests.header + "actions:\n  a: \(action)\n")
        }

        /// A spec whose one x-callback-url action has the parameter `p`, defined by `parameter`.
        init(_ name: String, parameter: String) {
            self.init(name, SpecSchemaTests.header + "actions:\n  a:\n    convention: x-callback-url\n    parameters:\n      p: \(parameter)\n")
        }
    }

    /// A spec with one problem, and the loader's rule for it.
    struct Broken: Sendable, CustomTestStringConvertible {
        let rule: String
        let spec: SpecText
        var testDescription: String { "\(rule): \(spec.name)" }

        init(_ rule: String, _ name: String, _ text: String) {
            self.rule = rule
            spec = SpecText(name, text)
        }

        init(_ rule: String, _ name: String, action: String) {
            self.rule = rule
            spec = SpecText(name, action: action)
        }

        init(_ rule: String, _ name: String, parameter: String) {
            self.rule = rule
            spec = SpecText(name, parameter: parameter)
        }
    }

    /// The start of a spec: the version and an app with a scheme.
    static let header = "roundtrip: 1\napp: {name: Notes, schemes: [notes]}\n"

    /// A valid ed25519 public key (32 bytes of standard base64).
    static let publicKey = "\"A6EHv/POEL4dcN0Y50vAmWfk1jCbpQ1fHdyGZBJVMbg=\""

    static func expectAcceptedByBoth(_ spec: SpecText) throws {
        do {
            _ = try SpecLoader.load(yaml: spec.text)
        } catch {
            Issue.record("the loader refused it: \(error.diagnostics.map { "\($0.keyPath): \($0.message)" })")
        }
        let errors = try schemaErrors(of: spec)
        #expect(errors.isEmpty, "the schema refused it: \(errors)")
    }

    /// The fenced YAML blocks of a Markdown text.
    static func yamlBlocks(of markdown: String) -> [String] {
        var blocks: [String] = []
        var current: [Substring]?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line.trimmingCharacters(in: .whitespaces) == "```yaml" {
                current = []
            } else if let lines = current, line.trimmingCharacters(in: .whitespaces) == "```" {
                blocks.append(lines.joined(separator: "\n") + "\n")
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    // MARK: The validator

    /// What the validator said about every spec of the tables, by spec name.
    struct Verdicts: Sendable {
        /// Why the schema itself is invalid, if it is.
        var schemaProblem: String?
        /// Each spec's errors, `path: message`.
        var errors: [String: [String]]
    }

    /// The schema's errors for a spec of the tables.
    static func schemaErrors(of spec: SpecText) throws -> [String] {
        let verdicts = try verdicts.get()
        return try #require(verdicts.errors[spec.name], "the validator gave no verdict on '\(spec.name)'")
    }

    /// Every spec of the tables, validated in one run of the validator (it starts in a few hundred
    /// milliseconds, so once, not once a spec).
    static let verdicts: Result<Verdicts, ValidatorFailure> = {
        let specs = shippedSpecs + accepted + broken.map(\.spec) + (shippedSpecs + accepted).map(\.asReadByYAML11)
        var instances: [Any] = []
        for spec in specs {
            do {
                instances.append(try editorJSON(spec.text, yaml11: spec.name.hasPrefix(SpecText.yaml11Prefix)))
            } catch {
                return .failure(ValidatorFailure(message: "'\(spec.name)' is not YAML: \(error)"))
            }
        }
        return Result { () throws(ValidatorFailure) in
            let output = try JSONSchemaValidator.validate(
                instances,
                schema: CommandLineRunner.repositoryRoot.appendingPathComponent(schemaPath)
            )
            var errors: [String: [String]] = [:]
            for (spec, messages) in zip(specs, output.results) { errors[spec.name] = messages }
            return Verdicts(schemaProblem: output.schemaProblem, errors: errors)
        }
    }()

    /// A YAML text as the JSON value an editor's YAML language server validates: YAML 1.2's core
    /// schema resolves plain scalars (`null`, `true`, `12`, `0.5`; `yes`, `off` and `1.0.0` stay
    /// text), and quoted and block scalars are text.
    ///
    /// With `yaml11`, as a YAML 1.1 reader (PyYAML, many editors' validators) hands it over:
    /// plain `yes`, `no`, `on` and `off` in any of their three casings are Booleans too.
    static func editorJSON(_ yaml: String, yaml11: Bool = false) throws -> Any {
        guard let root = try Yams.compose(yaml: yaml, .basic) else { return NSNull() }
        return value(of: root, yaml11: yaml11)
    }

    private static func value(of node: Node, yaml11: Bool) -> Any {
        switch node {
        case .scalar(let scalar):
            guard scalar.style == .plain else { return scalar.string }
            if yaml11, let flag = yaml11Boolean(scalar.string) { return flag }
            return coreSchemaValue(scalar.string)
        case .sequence(let sequence):
            return sequence.map { value(of: $0, yaml11: yaml11) }
        case .mapping(let mapping):
            var object: [String: Any] = [:]
            for (key, entry) in mapping { object[key.string ?? "\(key)"] = value(of: entry, yaml11: yaml11) }
            return object
        case .alias:
            return NSNull()
        }
    }

    /// A plain scalar that YAML 1.1's Boolean type reads as a Boolean ("Boolean
    /// Language-Independent Type for YAML 1.1"), as PyYAML resolves it.
    private static func yaml11Boolean(_ text: String) -> Bool? {
        let truths: Set = ["true", "True", "TRUE", "yes", "Yes", "YES", "on", "On", "ON"]
        let falsehoods: Set = ["false", "False", "FALSE", "no", "No", "NO", "off", "Off", "OFF"]
        return truths.contains(text) ? true : falsehoods.contains(text) ? false : nil
    }

    /// A plain scalar by YAML 1.2's core schema (YAML 1.2.2, section 10.3.2).
    private static func coreSchemaValue(_ text: String) -> Any {
        switch text {
        case "", "~", "null", "Null", "NULL": return NSNull()
        case "true", "True", "TRUE": return true
        case "false", "False", "FALSE": return false
        default: break
        }
        if text.wholeMatch(of: /[-+]?[0-9]+/) != nil, let integer = Int(text) { return integer }
        if text.wholeMatch(of: /[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?/) != nil, let number = Double(text) { return number }
        return text
    }
}

/// Why the schema could not be checked.
struct ValidatorFailure: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

/// Python's `jsonschema` package, run as a child process: a real JSON Schema validator.
enum JSONSchemaValidator {
    /// What one run found.
    struct Output {
        var schemaProblem: String?
        var results: [[String]]
    }

    /// The script: checks the schema against the draft 2020-12 meta-schema, then validates each
    /// instance, and prints `{"schemaProblem": …, "results": [[error, …], …]}`.
    static let script = """
        import json, sys
        from jsonschema import Draft202012Validator
        from jsonschema.exceptions import SchemaError
        with open(sys.argv[1], encoding="utf-8") as file:
            schema = json.load(file)
        with open(sys.argv[2], encoding="utf-8") as file:
            instances = json.load(file)
        problem = None
        try:
            Draft202012Validator.check_schema(schema)
        except SchemaError as error:
            problem = str(error)
        validator = Draft202012Validator(schema)
        results = []
        for instance in instances:
            errors = sorted(validator.iter_errors(instance), key=lambda error: [str(part) for part in error.absolute_path])
            results.append(["/" + "/".join(str(part) for part in error.absolute_path) + ": " + error.message for error in errors])
        print(json.dumps({"schemaProblem": problem, "results": results}))
        """

    /// The Python interpreters tried, in order: `ROUNDTRIP_PYTHON`, `python3` on the PATH, then
    /// the system's (where Debian's python3-jsonschema installs).
    static var candidates: [[String]] {
        var candidates: [[String]] = []
        if let python = ProcessInfo.processInfo.environment["ROUNDTRIP_PYTHON"], !python.isEmpty { candidates.append([python]) }
        candidates.append(["/usr/bin/env", "python3"])
        candidates.append(["/usr/bin/python3"])
        return candidates
    }

    static func validate(_ instances: [Any], schema: URL) throws(ValidatorFailure) -> Output {
        guard let python = candidates.first(where: hasValidator) else {
            throw ValidatorFailure(
                message: """
                    no JSON Schema validator: these tests need Python 3 with the jsonschema package (Draft202012Validator, \
                    jsonschema 4 or later). Install it with `apt-get install python3-jsonschema` or `pip install jsonschema`, \
                    or point ROUNDTRIP_PYTHON at an interpreter that has it.
                    """
            )
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roundtrip-schema-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let instancesFile = folder.appendingPathComponent("instances.json")
        let scriptFile = folder.appendingPathComponent("validate.py")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try JSONSerialization.data(withJSONObject: instances).write(to: instancesFile)
            try Data(script.utf8).write(to: scriptFile)
        } catch {
            throw ValidatorFailure(message: "could not write the validator's input: \(error)")
        }
        let run = Self.run(python + [scriptFile.path, schema.path, instancesFile.path])
        guard run.status == 0,
            let object = try? JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any],
            let results = object["results"] as? [[String]]
        else {
            throw ValidatorFailure(message: "the validator failed (exit \(run.status)): \(run.stderr)\(run.stdout)")
        }
        return Output(schemaProblem: object["schemaProblem"] as? String, results: results)
    }

    /// Whether the interpreter has `jsonschema` with draft 2020-12.
    static func hasValidator(_ python: [String]) -> Bool {
        run(python + ["-c", "from jsonschema import Draft202012Validator"]).status == 0
    }

    /// Runs a program to its end; stdout and stderr go to files, so neither pipe can fill and
    /// block it.
    static func run(_ command: [String]) -> (status: Int32, stdout: String, stderr: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roundtrip-python-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("stdout")
        let err = folder.appendingPathComponent("stderr")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            _ = FileManager.default.createFile(atPath: out.path, contents: nil)
            _ = FileManager.default.createFile(atPath: err.path, contents: nil)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: command[0])
            process.arguments = Array(command.dropFirst())
            process.standardOutput = try FileHandle(forWritingTo: out)
            process.standardError = try FileHandle(forWritingTo: err)
            try process.run()
            process.waitUntilExit()
            let stdout = (try? String(contentsOf: out, encoding: .utf8)) ?? ""
            let stderr = (try? String(contentsOf: err, encoding: .utf8)) ?? ""
            return (process.terminationStatus, stdout, stderr)
        } catch {
            return (-1, "", "\(error)")
        }
    }
}
