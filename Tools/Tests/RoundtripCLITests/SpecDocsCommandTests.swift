import Foundation
import Roundtrip
import RoundtripToolsTestSupport
import Testing

/// `roundtrip spec docs`: the reference of a spec in Markdown and HTML, whose example requests
/// the same binary's `request handle` accepts.
@Suite("CLI: spec docs")
struct SpecDocsCommandTests {
    /// Every committed spec, relative to the repository root.
    static let specs: [String] = ["Examples", "Tests/Fixtures/specs"].flatMap { folder in
        let names = (try? FileManager.default.contentsOfDirectory(atPath: CommandLineRunner.repositoryRoot.appendingPathComponent(folder).path)) ?? []
        return names.filter { $0.hasSuffix(".yaml") }.sorted().map { "\(folder)/\($0)" }
    }

    static let thingsActions = ["add", "add-project", "update", "update-project", "show", "search", "version", "json"]
    static let signingSecret = "docs-signing-secret"
    static let now = "1800000000"

    func roundtrip(_ arguments: [String], environment: [String: String] = [:]) throws -> CommandLineRunner.Result {
        try CommandLineRunner.run(arguments, environment: environment)
    }

    func docs(_ spec: String, _ extra: [String] = []) throws -> String {
        let run = try roundtrip(["spec", "docs", spec] + extra)
        #expect(run.exitCode == 0, "\(run.stderr)")
        return run.stdout
    }

    func temporaryFile(_ name: String, _ contents: String? = nil) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roundtrip-docs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent(name).path
        if let contents { try contents.write(toFile: path, atomically: true, encoding: .utf8) }
        return path
    }

    // MARK: - Reading the Markdown back

    /// One action's section of the Markdown: its name and its lines.
    struct ActionSection {
        let name: String
        let lines: [String]

        /// The code block under `### heading`.
        func codeBlock(after heading: String) -> String? {
            guard let start = lines.firstIndex(of: "### " + heading),
                let fence = lines[start...].firstIndex(where: { $0.hasPrefix("```") }),
                fence + 1 < lines.count, lines[fence + 1..<lines.count].contains(where: { $0.hasPrefix("```") })
            else { return nil }
            // Only the block before the next heading belongs to this one.
            if let next = lines[(start + 1)...].firstIndex(where: { $0.hasPrefix("#") }), next < fence { return nil }
            return lines[fence + 1]
        }

        /// The codes of the fact `- **term:** …` (the texts between backticks).
        func fact(_ term: String) -> (text: String, codes: [String])? {
            guard let line = lines.first(where: { $0.hasPrefix("- **\(term):** ") }) else { return nil }
            let codes = line.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map {
                String($0.element)
            }
            return (line, codes)
        }
    }

    func sections(_ markdown: String) -> [ActionSection] {
        var sections: [ActionSection] = []
        var name: String?
        var lines: [String] = []
        for line in markdown.components(separatedBy: "\n") {
            if line.hasPrefix("## ") {
                if let name { sections.append(ActionSection(name: name, lines: lines)) }
                name = line.hasPrefix("## `") && line.hasSuffix("`") ? String(line.dropFirst(4).dropLast()) : nil
                lines = []
            } else {
                lines.append(line)
            }
        }
        if let name { sections.append(ActionSection(name: name, lines: lines)) }
        return sections
    }

    /// The variable that holds each hmac key's secret, from the "Signing requests" table.
    func keyVariables(_ markdown: String) -> [String: String] {
        var variables: [String: String] = [:]
        for line in markdown.components(separatedBy: "\n") where line.hasPrefix("| `") && line.contains("`hmac-sha256`") {
            let codes = line.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map {
                String($0.element)
            }
            if codes.count >= 3, line.contains("environment variable") { variables[codes[0]] = codes[2] }
        }
        return variables
    }

    /// Decides the example request of each action with `request handle`, as its reader would
    /// send it: secrets replaced, signed when the action requires it, from an allowed source.
    func expectExamplesAccepted(_ spec: String, markdown: String) throws -> Int {
        let keyVariables = keyVariables(markdown)
        var decided = 0
        for section in sections(markdown) {
            let shown = try #require(section.codeBlock(after: "Example request"), "\(spec): \(section.name) has no example request")
            var environment: [String: String] = [:]
            var url = shown
            // `<secret from VAR>` stands for the secret; the example's placeholder is `example-secret-from-VAR`.
            while let open = url.range(of: "<secret from "), let close = url[open.upperBound...].firstIndex(of: ">") {
                let variable = String(url[open.upperBound..<close])
                environment[variable] = "example-secret-from-" + variable
                url.replaceSubrange(open.lowerBound...close, with: "example-secret-from-" + variable)
            }
            if section.lines.contains(where: { $0.hasPrefix("Sign the URL before sending it") }) {
                let keys = try #require(section.fact("Keys")?.codes, "\(section.name) needs a signature and names no key")
                let keyID = try #require(keys.first { keyVariables[$0] != nil }, "\(section.name): no hmac key with a secret-env")
                environment[keyVariables[keyID]!] = Self.signingSecret
                url += (url.contains("?") ? "&" : "?") + "rt-kid=\(keyID)&rt-ts=\(Self.now)&rt-id=docs-\(decided)"
                url += "&rt-sig=" + SignatureFixture.hmacSHA256(url, secret: Self.signingSecret)
            }
            var arguments = ["request", "handle", "--spec", spec, url, "--json", "--now", Self.now]
            // The note under an example names the source it needs: `request handle --source ID`.
            if let note = section.lines.first(where: { $0.contains("try it with") }),
                let command = note.split(separator: "`").first(where: { $0.hasPrefix("request handle --source ") })
            {
                arguments += ["--source", String(command.dropFirst("request handle --source ".count))]
            }
            let run = try roundtrip(arguments, environment: environment)
            #expect(run.exitCode == 0, "\(spec): \(section.name): \(url)\n\(run.stdout)\(run.stderr)")
            #expect(run.json?["action"] as? String == section.name)
            decided += 1
        }
        return decided
    }

    // MARK: - Tests

    @Test(arguments: specs)
    func everyExampleRequestIsAccepted(_ spec: String) throws {
        let markdown = try docs(spec)
        let decided = try expectExamplesAccepted(spec, markdown: markdown)
        #expect(decided == sections(markdown).count)
        #expect(decided > 0)
    }

    @Test func theCommittedSpecsAreAllDocumented() {
        #expect(Self.specs.contains("Examples/things.yaml"))
        #expect(Self.specs.contains("Tests/Fixtures/specs/rich.yaml"))
        #expect(Self.specs.count >= 9)
    }

    @Test func markdownHasEveryActionParameterAndExample() throws {
        let markdown = try docs("Examples/things.yaml")
        #expect(markdown.hasPrefix("# Things URL API\n"))
        #expect(sections(markdown).map(\.name) == Self.thingsActions)
        for action in Self.thingsActions {
            #expect(markdown.contains("| [`\(action)`](#\(action)) | `things:///\(action)` | `x-callback-url` |"))
        }
        let update = try #require(sections(markdown).first { $0.name == "update" })
        for parameter in ["auth-token", "id", "title", "notes", "checklist-items", "completed", "creation-date"] {
            #expect(update.lines.contains { $0.hasPrefix("| `\(parameter)` |") }, "\(parameter)")
        }
        #expect(
            update.lines.contains(
                "| `auth-token` | secret | **yes** |   | must equal the app's secret (`THINGS_AUTH_TOKEN`) | The user's Things URL authorization token. |"
            )
        )
        #expect(update.lines.contains("| `x-things-id` | string | **yes** |   |   | The ID of the to-do updated. |"))
        let example = try #require(update.codeBlock(after: "Example request"))
        #expect(example.hasPrefix("things:///update?auth-token=<secret from THINGS_AUTH_TOKEN>&id=example&title=example&"))
        #expect(update.codeBlock(after: "Example answer")?.hasPrefix("example-caller://callback/success?rt-state=") == true)
        #expect(update.lines.contains { $0.hasPrefix("- **Secret:** `auth-token` must equal the secret the app holds in `THINGS_AUTH_TOKEN`") })
        #expect(markdown.contains("`x-callback-url`: send `x-success`, `x-error`, and `x-cancel` with the URLs to come back to, and `x-source`"))
    }

    /// A spec with every kind of key, so that the reference shows each.
    static let everyKey = """
        roundtrip: 1
        app:
          name: Docs Test
          app-id: ABCDE12345.com.example.docs
          schemes: [docs-test]
          domains: [docs.example.com]
          description: Every key the reference documents.
        sources: {allow: [com.example.caller], deny: [com.apple.mobilesafari], unknown: reject}
        signatures: optional
        keys:
          caller-2026: {algorithm: hmac-sha256, secret-env: DOCS_TEST_SECRET}
          partner: {algorithm: ed25519, public-key: "A6EHv/POEL4dcN0Y50vAmWfk1jCbpQ1fHdyGZBJVMbg="}
        query-encoding: form
        actions:
          create:
            url: ["docs-test:///create", "docs-test://x-callback-url/create"]
            convention: x-callback-url
            outcomes: [success, error]
            unknown-parameters: accept
            description: Create a note.
            returns:
              id: {type: uuid, required: true, description: The new note.}
              labels: {type: string, list: repeated}
            parameters:
              text: {type: string, required: true, multiline: true, max-length: 500, description: The text.}
              tags: {type: string, list: comma, min-items: 1, max-items: 5, max-length: 20, default: [inbox]}
              tag: {type: string, list: repeated, max-items: 3}
              lines: {type: string, list: newline, max-items: 10}
              pinned: {type: boolean, format: yes-no, default: "no"}
              archived: {type: boolean}
              priority: {type: integer, minimum: 1, maximum: 5}
              amount: {type: decimal, minimum: 0.01, maximum: 100}
              ref: {type: uuid}
              link: {type: url}
              due: {type: date, format: yyyy-MM-dd, allow-empty: true}
              at: {type: date}
              meta: {type: json, max-length: 100}
              file: {type: base64, max-bytes: 64}
              code: {type: string, pattern: "[A-Z]{3}-[0-9]{2}", min-length: 6}
              color: {type: string, enum: [red, green]}
              token: {type: secret, secret-env: DOCS_TEST_TOKEN}
          pay:
            url: https://docs.example.com/pay/:account
            convention: return-url
            return-parameter: back
            response-prefix: pay_
            outcomes: [approved, declined]
            signatures: required
            returns:
              receipt: {type: string, required: true}
            parameters:
              amount: {type: decimal, required: true, minimum: 0.01}
          logout:
            url: https://docs.example.com/logout
            convention: ulc
            sources: {deny: [com.apple.mobilesafari]}
          add-task:
            url: docs-test://task
            convention: none
            signatures: "off"
            query-value: {name: task, type: string, required: true, max-length: 200}
            fragment: {name: due, type: date, format: yyyyMMddHHmm}
        """

    /// An example the app refuses without a source application says so, and how to try it.
    static let sourceNotes: [(sources: String, note: String?)] = [
        (
            "{allow: [com.example.pos]}",
            "The app accepts the request only from `com.example.pos`; try it with `request handle --source com.example.pos`."
        ),
        (
            "{allow: [com.example.a, com.example.b], unknown: reject}",
            "The app accepts the request only from `com.example.a` or `com.example.b`; try it with `request handle --source com.example.a`."
        ),
        (
            "{unknown: reject}",
            "The app refuses a request whose source the system does not report (`untrusted-source`); try it with a calling app's bundle ID, `request handle --source com.example.caller`."
        ),
        (
            "{deny: [com.example.caller], unknown: reject}",
            "The app refuses a request whose source the system does not report (`untrusted-source`); try it with a calling app's bundle ID, `request handle --source com.example.other`."
        ),
        ("{allow: []}", "The app accepts no calling app (`allow` is empty), so it refuses this request from anywhere."),
        ("{deny: [com.apple.mobilesafari]}", nil),
    ]

    @Test(arguments: sourceNotes)
    func anExampleThatNeedsASourceSaysSo(_ sources: String, _ note: String?) throws {
        let text = "roundtrip: 1\napp: {name: N, schemes: [n]}\nactions:\n  a: {convention: x-callback-url, sources: \(sources)}\n"
        let spec = try temporaryFile("sources.yaml", text)
        let markdown = try docs(spec)
        let section = try #require(sections(markdown).first)
        let notes = section.lines.filter { $0.hasPrefix("The app ") }
        #expect(notes == (note.map { [$0] } ?? []))
        if note?.contains("try it with") == true {
            #expect(try expectExamplesAccepted(spec, markdown: markdown) == 1)
        }
    }

    /// Code spans in a description read as CommonMark reads them.
    static let codeSpans: [(description: String, html: String)] = [
        ("a `b` c", "<p>a <code>b</code> c</p>"),
        ("a ``b `c` d`` e", "<p>a <code>b `c` d</code> e</p>"),
        ("``` `` ```", "<p><code>``</code></p>"),
        ("`` `x` ``", "<p><code>`x`</code></p>"),
        ("one ` alone", "<p>one ` alone</p>"),
        ("``a` b", "<p>``a` b</p>"),
        ("`a` and ``b``", "<p><code>a</code> and <code>b</code></p>"),
    ]

    @Test(arguments: codeSpans)
    func aDescriptionsCodeSpansReadAsCommonMarkReadsThem(_ description: String, _ html: String) throws {
        let quoted = description.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        let text = "roundtrip: 1\napp: {name: N, schemes: [n]}\nactions:\n  a: {convention: x-callback-url, description: \"\(quoted)\"}\n"
        let page = try docs(try temporaryFile("spans.yaml", text), ["--format", "html"])
        #expect(page.contains(html), "\(page.components(separatedBy: "<section id=\"action-a\">").last?.prefix(400) ?? "")")
        #expect(!page.contains("<code></code>"))
    }

    @Test func anActionThatNeverSucceedsSaysItHasNoSuccessCallback() throws {
        let text = "roundtrip: 1\napp: {name: N, schemes: [n]}\nactions:\n  a: {convention: x-callback-url, outcomes: [error]}\n"
        let section = try #require(sections(try docs(try temporaryFile("error-only.yaml", text))).first)
        #expect(section.lines.contains("Nothing: the action never answers success (its outcomes are `error`), so there is no `x-success` callback."))
        #expect(!section.lines.contains { $0.contains("may carry any parameters") })
    }

    /// Without a `callbacks` list the policy paragraph names IANA's registry (and its copy's
    /// date) and the platform's schemes, and what `allow-schemes` lets through, the app's in the
    /// paragraph and an action's own among its facts.
    @Test func theCallbackPolicySaysWhichSchemesAreForbiddenAndWhichAllowed() throws {
        let text = """
            roundtrip: 1
            app: {name: N, schemes: [n]}
            allow-schemes: [vscode]
            actions:
              a: {convention: x-callback-url}
              b: {convention: x-callback-url, allow-schemes: [spotify, ms-word]}
            """
        let markdown = try docs(try temporaryFile("allow-schemes.yaml", text))
        #expect(markdown.contains("any scheme in IANA's URI scheme registry but `https:` (the copy of \(URISchemeRegistry.date))"))
        #expect(markdown.contains("`x-man-page:`") && markdown.contains("`macappstore:`"))
        #expect(markdown.contains("The spec allows these forbidden schemes all the same (allow-schemes): `vscode:`."))
        let sections = sections(markdown)
        #expect(sections.first { $0.name == "a" }?.fact("Callbacks may use") == nil)
        #expect(sections.first { $0.name == "b" }?.fact("Callbacks may use")?.codes == ["spotify:", "ms-word:"])
    }

    @Test func everyKeyIsDocumentedAndEveryExampleAccepted() throws {
        let spec = try temporaryFile("every-key.yaml", Self.everyKey)
        let markdown = try docs(spec)
        #expect(try expectExamplesAccepted(spec, markdown: markdown) == 4)
        let create = try #require(sections(markdown).first { $0.name == "create" })
        let rows: [String] = [
            "| `text` | string | **yes** |   | at most 500 characters; line breaks and tabs allowed | The text. |",
            "| `tags` | string, comma list | no | `inbox` | items separated by `,`; 1 to 5 items; at most 20 characters |   |",
            "| `tag` | string, repeated list | no |   | the name once per item; at most 3 items |   |",
            "| `lines` | string, newline list | no |   | items on separate lines; at most 10 items |   |",
            "| `pinned` | boolean (`yes` or `no`, in any letter case) | no | `no` |   |   |",
            "| `archived` | boolean (`true`, `false`, `1` or `0`) | no |   |   |   |",
            "| `priority` | integer | no |   | from 1 to 5 |   |",
            "| `amount` | decimal | no |   | from 0.01 to 100 |   |",
            "| `ref` | uuid | no |   |   |   |",
            "| `link` | url | no |   |   |   |",
            "| `due` | date `yyyy-MM-dd` | no |   | may be empty (`due=`) |   |",
            "| `at` | date (ISO 8601) | no |   |   |   |",
            "| `meta` | json | no |   | at most 100 characters; JSON text |   |",
            "| `file` | base64 | no |   | at most 64 bytes once decoded; standard base64 with padding |   |",
            "| `code` | string | no |   | matches `[A-Z]{3}-[0-9]{2}`; at least 6 characters |   |",
            "| `color` | string | no |   | one of `red`, `green` |   |",
            "| `token` | secret | no |   | must equal the app's secret (`DOCS_TEST_TOKEN`) |   |",
            "| `id` | uuid | **yes** |   |   | The new note. |",
            "| `labels` | string, repeated list | no |   | the name once per item |   |",
        ]
        for row in rows { #expect(create.lines.contains(row), "\(row)") }
        for fact in [
            "- **Routes:** `docs-test:///create`, `docs-test://x-callback-url/create`",
            "- **Convention:** `x-callback-url`: send `x-success` and `x-error` with the URLs to come back to, and `x-source` with your app's name; the app opens one of them when it is done, an error with `errorCode` and `errorMessage`.",
            "- **Outcomes:** `success`, `error`",
            "- **Undeclared parameters:** passed to the app as text (still decoded strictly)",
            "- **Query encoding:** `form`: a `+` reads as a space; send a plus as `%2B`",
            "- **Sources:** only `com.example.caller`; never `com.apple.mobilesafari`; a request whose source the system does not report is refused (`untrusted-source`).",
            "- **Keys:** `caller-2026` (hmac-sha256), `partner` (ed25519)",
            "- **Callbacks:** any absolute URL the default rules allow ([Callbacks](#callbacks)).",
        ] {
            #expect(create.lines.contains(fact), "\(fact)")
        }
        #expect(create.lines.contains { $0.hasPrefix("- **Signatures:** optional: a signed request must verify") })
        #expect(
            create.lines.contains(
                "The app accepts the request only from `com.example.caller`; try it with `request handle --source com.example.caller`."
            )
        )

        let pay = try #require(sections(markdown).first { $0.name == "pay" })
        #expect(pay.lines.contains("| `account` | string | **yes** |   | a route segment |   |"))
        #expect(
            pay.lines.contains(
                "- **Convention:** `return-url`: send `back` with the URL to come back to; the app opens it with `pay_responseType=<outcome>` and each returned value as `pay_<name>`, after your own query items, which it never overwrites."
            )
        )
        #expect(pay.lines.contains { $0.hasPrefix("- **Signatures:** required: an unsigned request is refused with `missing-signature`") })
        #expect(pay.lines.contains("What the `approved` answer carries, each name after the prefix `pay_`:"))
        #expect(
            pay.codeBlock(after: "Example answer")
                == "example-caller://callback?rt-state=ZXhhbXBsZS1ydC1zdGF0ZQ&pay_responseType=approved&pay_receipt=example"
        )

        let logout = try #require(sections(markdown).first { $0.name == "logout" })
        #expect(logout.lines.contains { $0.contains("send `ulc-success` and `ulc-error`") })
        #expect(logout.codeBlock(after: "Example answer") == "https://caller.example.com/callback/success?rt-state=ZXhhbXBsZS1ydC1zdGF0ZQ")

        let task = try #require(sections(markdown).first { $0.name == "add-task" })
        #expect(task.lines.contains("| `task` | string | **yes** |   | the whole query; at most 200 characters |   |"))
        #expect(task.lines.contains("| `due` | date `yyyyMMddHHmm` | no |   | the fragment |   |"))
        #expect(task.codeBlock(after: "Example request") == "docs-test://task?example#202603140930")
        #expect(task.lines.contains("None: the convention is none."))

        #expect(
            markdown.contains(
                "| `caller-2026` | `hmac-sha256` | a shared secret; the app reads it from the environment variable `DOCS_TEST_SECRET` |"
            )
        )
        #expect(markdown.contains("| `partner` | `ed25519` | Ed25519; the app holds the public key `A6EHv/POEL4dcN0Y50vAmWfk1jCbpQ1fHdyGZBJVMbg=` |"))
        #expect(
            markdown.contains(
                "any scheme beginning `x-apple`, or one of these schemes, which the platform handles itself: `about:`, `afp:`, `app-prefs:`"
            )
        )
    }

    static let hostile = """
        roundtrip: 1
        app:
          name: "Evil <script>alert('app')</script> & \\"Co\\""
          schemes: [evil]
          description: "</style><script>alert(1)</script> <img src=https://tracker.example/x.png> & | pipe | # not a heading"
        actions:
          "say<hi>&'\\"":
            url: evil://say
            convention: none
            description: "- starts like a list <b>bold</b> &amp; [link](https://example.com) *star*"
            parameters:
              text: {type: string, required: true, description: "a | b <i>c</i> \\"quoted\\" 'single'", pattern: "<[a-z]+>"}
              choice: {type: string, enum: ["<a>", "b|c"]}
        """

    @Test func hostileTextIsEscapedInHTML() throws {
        let spec = try temporaryFile("hostile.yaml", Self.hostile)
        let html = try docs(spec, ["--format", "html"])
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        // The hostile text is there, escaped ("&lt;img src=https://…"), and no element of it is.
        for forbidden in ["<script", "<img", "<b>", "<i>", "</style><", "src=\"", "<link", "@import", "url("] {
            #expect(!html.contains(forbidden), "\(forbidden)")
        }
        #expect(html.contains("<title>Evil &lt;script&gt;alert(&#39;app&#39;)&lt;/script&gt; &amp; &quot;Co&quot; URL API</title>"))
        #expect(html.contains("&lt;/style&gt;&lt;script&gt;alert(1)&lt;/script&gt; &lt;img src=https://tracker.example/x.png&gt; &amp; | pipe |"))
        #expect(html.contains("<section id=\"action-say.3chi.3e.26.27.22\">"))
        #expect(html.contains("<h2><code>say&lt;hi&gt;&amp;&#39;&quot;</code></h2>"))
        #expect(html.contains("<td role=\"cell\" data-label=\"Description\">a | b &lt;i&gt;c&lt;/i&gt; &quot;quoted&quot; &#39;single&#39;</td>"))
        #expect(
            html.contains(
                "<pre aria-label=\"Example request to say&lt;hi&gt;&amp;&#39;&quot;\"><code>evil://say?text=%3Ca%3E&amp;choice=%3Ca%3E</code></pre>"
            )
        )

        let markdown = try docs(spec)
        #expect(markdown.contains("# Evil \\<script\\>alert('app')\\</script\\> &amp; \"Co\" URL API"))
        #expect(markdown.contains("\\- starts like a list \\<b\\>bold\\</b\\> &amp;amp; \\[link\\](https://example.com) \\*star\\*"))
        #expect(markdown.contains("| `text` | string | **yes** |   | matches `<[a-z]+>` | a \\| b \\<i\\>c\\</i\\> \"quoted\" 'single' |"))
        #expect(markdown.contains("one of `<a>`, `b\\|c`"))
    }

    @Test func htmlIsOneResponsiveSelfContainedPage() throws {
        let output = try temporaryFile("things.html")
        let run = try roundtrip(["spec", "docs", "Examples/things.yaml", "--output", output])
        #expect(run.exitCode == 0, "\(run.stderr)")
        #expect(run.stdout.isEmpty)
        let html = try String(contentsOfFile: output, encoding: .utf8)
        #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
        #expect(html.contains("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"))
        #expect(html.contains("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">"))
        #expect(html.contains("@media (prefers-color-scheme: dark)"))
        #expect(html.contains("overflow-x: auto"))
        #expect(html.contains("overflow-wrap: anywhere"))
        // On a phone a row is a card: each cell carries its column's name, which the style
        // sheet shows before it, and no table is wider than the screen.
        #expect(html.contains("@media (max-width: 40rem) {"))
        #expect(html.contains("content: attr(data-label); float: left;"))
        #expect(html.contains("table { min-width: 0; }"))
        #expect(html.contains("<td role=\"cell\" data-label=\"Route\"><code>things:///add</code></td>"))
        #expect(html.contains("<td role=\"cell\" data-label=\"Default\"></td>"))
        #expect(html.components(separatedBy: "<td").count == html.components(separatedBy: "<td role=\"cell\" data-label=\"").count)
        #expect(html.contains("<th role=\"columnheader\" scope=\"col\">Rules</th>"))
        for action in Self.thingsActions {
            #expect(html.contains("<section id=\"action-\(action)\">"))
            #expect(html.contains("<a href=\"#action-\(action)\"><code>\(action)</code></a>"))
        }
        let markdownFile = try temporaryFile("things.md")
        #expect(try roundtrip(["spec", "docs", "Examples/things.yaml", "--output", markdownFile]).exitCode == 0)
        #expect(try String(contentsOfFile: markdownFile, encoding: .utf8).hasPrefix("# Things URL API\n"))
    }

    @Test func aSpecThatDoesNotLoadExits2WithTheLoadersErrors() throws {
        let spec = try temporaryFile(
            "broken.yaml",
            "roundtrip: 1\napp: {name: X, schemes: [x]}\nactions:\n  a:\n    convention: bogus\n    paramters: {}\n"
        )
        let run = try roundtrip(["spec", "docs", spec])
        #expect(run.exitCode == 2)
        #expect(run.stdout.isEmpty)
        #expect(
            run.stderr.contains(
                "broken.yaml:5:17: error: actions.a.convention: 'bogus' is not one of x-callback-url, ulc, return-url, none, custom [invalid-value]"
            )
        )
        #expect(run.stderr.contains("broken.yaml:6:5: error: actions.a.paramters: unknown key 'paramters' (did you mean 'parameters'?)"))
        let missing = try roundtrip(["spec", "docs", "Examples/no-such-spec.yaml"])
        #expect(missing.exitCode == 2)
        #expect(missing.stderr.contains("[unreadable]"))
        let format = try roundtrip(["spec", "docs", "Examples/things.yaml", "--format", "pdf"])
        #expect(format.exitCode == 2)
    }

    // MARK: - In a browser

    static let chromium: String? = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// Debian's headless chromium reads the page as a reader's browser would: every action's
    /// section is in the DOM, and nothing in it loads from elsewhere.
    @Test(.enabled(if: chromium != nil, "chromium is not installed (.ci/run installs it)"))
    func theHTMLRendersInChromiumWithEveryActionAndNothingExternal() throws {
        let page = try temporaryFile("things.html")
        #expect(try roundtrip(["spec", "docs", "Examples/things.yaml", "--format", "html", "--output", page]).exitCode == 0)
        let dom = try dumpDOM(URL(fileURLWithPath: page).absoluteString)
        #expect(dom.contains("<h1>Things URL API</h1>"), "\(dom.prefix(500))")
        for action in Self.thingsActions {
            #expect(dom.contains("<section id=\"action-\(action)\">"), "\(action)")
            #expect(dom.contains("<h2><code>\(action)</code></h2>"), "\(action)")
        }
        #expect(dom.components(separatedBy: "<section id=\"action-").count - 1 == Self.thingsActions.count)
        for external in [
            "<script", "<link", "<img", "<iframe", "<object", "<embed", "<video", "<audio", "<source", " src=", "url(", "@import", "@font-face",
        ] {
            #expect(!dom.contains(external), "\(external)")
        }
        let hrefs = dom.components(separatedBy: "href=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        #expect(!hrefs.isEmpty)
        #expect(hrefs.allSatisfy { $0.hasPrefix("#") }, "\(hrefs)")
    }

    func dumpDOM(_ url: String) throws -> String {
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("roundtrip-docs-chromium-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: profile) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        process.arguments = [
            "90", Self.chromium!, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
            "--user-data-dir=\(profile.path)", "--dump-dom", url,
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
