import Foundation
import Roundtrip
import RoundtripTestSupport
import RoundtripYAML
import Testing

/// The fast reader against libyaml (through Yams) on every construct it reads: the same tree,
/// the same texts, the same places.
@Suite("Fast YAML reader: the same documents as libyaml")
struct FastYAMLReaderTests {
    static let supported: [String] = [
        "a: 1\n",
        "a: 1",
        "# comment\n\na: b   # trailing\n\n# end\n",
        "---\na: b\n",
        "--- # comment\na: b\n...\n",
        "a:\n  b:\n    c: d\n  e: f\ng: h\n",
        "a:\n- x\n- y\nb: z\n",
        "a:\n  - x\n  -   y\n",
        "- a\n- b: c\n  d: e\n- - f\n  - g\n",
        "-\n  a: b\n-\n  - c\n",
        "a: [x, y, 'z', \"w\"]\nb: {c: d, 'e': \"f\", g: [h, {i: j}]}\n",
        "a: [x, y, ]\nb: {c: d,}\nc: []\nd: {}\n",
        "a: [\n  x,   # first\n  y\n]\n",
        "a: [\nx,\n]\nb: {\nc: d}\n",
        "{\"roundtrip\": 1, \"app\": {\"name\": \"A\", \"schemes\": [\"x-y\"]}, \"n\": -1.5e3, \"t\": true, \"z\": null}",
        "{\"a\":\"b\",\"c\":[1,2]}\n",
        "url: things:///add?x=1#frag\nother: http://example.com/a:b\n",
        "a: b#c\nd: 'it''s'\ne: \"tab\\tnew\\nline \\u00e9 \\x41 \\U0001F600 \\\\ \\\" \\/\"\n",
        "a: ''\nb: \"\"\nc:\nd: ~\ne: null\n",
        "a: -1\nb: -x\nc: ?x\nd: :x\ne: x:y\n",
        "\"quoted key\": 1\n'single key' : 2\nplain key  : 3\n",
        "a: é ü 日本\n'ключ': значение\n",
        "text: |\n  line one\n  line two\n\n  after a gap\nnext: x\n",
        "text: |-\n  stripped\n\n\nnext: x\n",
        "text: |+\n  kept\n\n\nnext: x\n",
        "text: >\n  folded\n  into one\n\n  paragraph two\nnext: x\n",
        "text: >-\n  a\n  b\n",
        "- |\n  in a list\n- x\n",
        "text: |\n    deeper indent\n    # not a comment\nz: 1\n",
        "text: |\n\n  leading empty\n",
        "text: |\nnext: empty literal\n",
        "base: &base\n  a: 1\n  b: [2, 3]\nother: *base\nlist: &l [x, y]\nagain: *l\nscalar: &s value\ncopy: *s\n",
        "a: &x\n- 1\n- 2\nb: *x\n",
        "- &a 1\n- *a\n- [*a, &b {k: v}, *b]\n",
        "a:   b\nc:\n\n\n  d\n",
        "\u{FEFF}a: b\n",
        "a: 1 # comment with: colon\n",
        "k: \"a: b\"\nl: 'c # d'\n",
        "top:\n    four: spaces\n    list:\n        - deep\n",
        // Spaces before a flow key's ':' followed by a space, and after a quoted key any ':'.
        "a: {b : c, d  : [e]}\n",
        "a: {'b' :{}, \"c\" :[d]}\n",
    ]

    @Test(arguments: supported)
    func readsLikeLibyaml(_ text: String) throws {
        let (fast, yams) = DocumentComparison.readBoth(text)
        guard case .document(let node) = fast else {
            Issue.record("the fast reader did not read \(text.debugDescription): \(fast)")
            return
        }
        let expected = try #require(yams, "Yams refused \(text.debugDescription)")
        #expect(DocumentComparison.difference(node, expected) == nil, "\(text.debugDescription)")
    }

    /// What the fast reader leaves to Yams, and Yams then reads (or refuses with its own error).
    static let leftToYams: [(String, String)] = [
        ("a: !!str 1\n", "tags"),
        ("%YAML 1.1\n---\na: b\n", "directives"),
        ("? a\n: b\n", "complex"),
        ("a: b\n---\nc: d\n", "several documents"),
        ("a: one\n  two\n", "spanning lines"),
        ("a: 'one\n  two'\n", "spanning lines"),
        ("a:\tb\n", "tabs"),
        ("a: \"x\ty\"\n", "tabs"),
        ("a: b\r\nc: d\r\n", "carriage returns"),
        ("a: b: c\n", "a mapping after 'key:' on the same line"),
        ("[a, b]: c\n", "more than one value on a line"),
        ("a: |2\n   x\n", "indentation indicators"),
        ("a: >\n  x\n    more\n  y\n", "more-indented"),
        ("a: @x\n", "reserved indicator"),
        ("a: [b\n", "never closes"),
        // libyaml refuses a name that runs into '[' or '{'.
        ("a: &x[1]\n", "anchor or alias name"),
        ("a: &x{b: c}\n", "anchor or alias name"),
        // libyaml's plain key goes on past spaces: ':' there must be followed by a space too
        // (`b :c` is one key, with no ':' after it; before a flow indicator the ':' is a syntax
        // error, "found unexpected ':'").
        ("a: {b:c}\n", "a flow mapping key without ':'"),
        ("a: {b :c}\n", "a flow mapping key without ':'"),
        ("a: {b:{}}\n", "a ':' inside a flow mapping key"),
        ("a: {b :{}}\n", "a ':' inside a flow mapping key"),
        ("a: {b  :[x]}\n", "a ':' inside a flow mapping key"),
        ("a: {x: 1, b :}\n", "a ':' inside a flow mapping key"),
        ("a: {b :,}\n", "a ':' inside a flow mapping key"),
    ]

    @Test(arguments: leftToYams)
    func leavesTheRestToYams(_ text: String, _ construct: String) throws {
        guard case .unsupported(let named) = FastYAMLReader.read(text, expansionLimit: 100_000) else {
            Issue.record("the fast reader read \(text.debugDescription)")
            return
        }
        #expect(named.contains(construct), "\(named)")
        // The public front end still answers: Yams reads it, or says why not.
        do {
            _ = try YAMLDocumentReader.read(text)
        } catch {
            #expect(error.diagnostics.count == 1)
            #expect(error.isUnreadable)
        }
    }

    @Test func aTextThatMayHoldAnAliasIsNeverHandedToYams() {
        let text = "a: &x [1]\nb: *x\n? complex\n: key\n"
        do {
            _ = try YAMLDocumentReader.read(text)
            Issue.record("read a text with an alias through Yams")
        } catch {
            #expect(error.diagnostics.map(\.rule) == ["alias-expansion"])
            #expect(error.diagnostics.first?.message.contains("complex mapping keys") == true)
            #expect(error.diagnostics.first?.line == 2)
        }
    }

    @Test func anAliasToNoAnchorIsASyntaxError() {
        guard case .failure(let diagnostic) = FastYAMLReader.read("a: *nowhere\n", expansionLimit: 100) else {
            Issue.record("read an alias to no anchor")
            return
        }
        #expect(diagnostic.rule == "syntax")
        #expect(diagnostic.message == "not valid YAML or JSON: the alias *nowhere refers to no anchor &nowhere defined before it")
        #expect(diagnostic.line == 1 && diagnostic.column == 4)
    }

    @Test func anUnquotedWildcardSaysToQuoteIt() throws {
        do {
            _ = try YAMLDocumentReader.read("app:\n  domains: [*.example.com]\n")
            Issue.record("read an unquoted *.example.com")
        } catch {
            let diagnostic = try #require(error.diagnostics.first)
            #expect(diagnostic.rule == "syntax")
            #expect(
                diagnostic.message == "not valid YAML or JSON: '*.example.com' starts with '*', which YAML reads as an alias; put the value in quotes"
            )
            #expect(diagnostic.line == 2 && diagnostic.column == 13)
        }
    }

    @Test(arguments: ["", "\n\n", "# only a comment\n", "---\n", "---\n...\n"])
    func anEmptyTextIsEmpty(_ text: String) {
        guard case .failure(let diagnostic) = FastYAMLReader.read(text, expansionLimit: 100) else {
            Issue.record("read an empty text")
            return
        }
        #expect(diagnostic.rule == "empty")
    }

    @Test func deepNestingIsRefusedNotOverflowed() {
        let text = String(repeating: "[", count: 300) + String(repeating: "]", count: 300)
        guard case .failure(let diagnostic) = FastYAMLReader.read(text, expansionLimit: 100_000) else {
            Issue.record("read 300 nested flow sequences")
            return
        }
        #expect(diagnostic.message.contains("nests deeper than 256 levels"))
    }

    /// Every spec the project ships reads the same through both readers.
    @Test func everyShippedSpecReadsLikeLibyaml() throws {
        let files = Fixture.specPaths.map { Fixture.repository.appendingPathComponent($0) }
        #expect(files.count >= 5)
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            let (fast, yams) = DocumentComparison.readBoth(text)
            guard case .document(let node) = fast else {
                Issue.record("the fast reader did not read \(file.lastPathComponent): \(fast)")
                continue
            }
            let expected = try #require(yams)
            #expect(DocumentComparison.difference(node, expected) == nil, "\(file.lastPathComponent)")
        }
    }
}
