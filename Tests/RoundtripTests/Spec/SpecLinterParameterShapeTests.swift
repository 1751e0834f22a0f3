import Roundtrip
import RoundtripYAML
import Testing

/// Findings about parameter shapes whose meaning hangs on how callers spell them: a presence
/// switch whose misspelling would be dropped, and a space list that a `+` would not split; and
/// the safe forms, which are not flagged.
@Suite("Spec lint: presence switches and space lists")
struct SpecLinterParameterShapeTests {
    static let rules: Set<String> = ["presence-switch-unchecked", "space-list-plus"]

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        /// The action's keys after `url` and `convention`.
        let action: String
        /// Rule, key path and severity of every expected finding among ``rules``, in order.
        let findings: [String]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "a switch where undeclared names are dropped",
            action: "unknown-parameters: ignore, parameters: {new-tab: {type: boolean, format: presence}}",
            findings: ["warning presence-switch-unchecked at actions.a.parameters.new-tab.format"]
        ),
        Case(
            name: "a switch where undeclared names are accepted",
            action: "unknown-parameters: accept, parameters: {new-tab: {type: boolean, format: presence}}",
            findings: ["warning presence-switch-unchecked at actions.a.parameters.new-tab.format"]
        ),
        Case(
            name: "a switch where undeclared names are refused",
            action: "parameters: {new-tab: {type: boolean, format: presence}}",
            findings: []
        ),
        Case(
            name: "a space list where a plus is a plus",
            action: "parameters: {tags: {list: space, max-items: 5}}",
            findings: ["note space-list-plus at actions.a.parameters.tags.list"]
        ),
        Case(
            name: "a space list under form encoding",
            action: "query-encoding: form, parameters: {tags: {list: space, max-items: 5}}",
            findings: []
        ),
    ]

    @Test(arguments: cases)
    func findings(_ example: Case) throws {
        let yaml = "roundtrip: 1\napp: {name: T, schemes: [t]}\nactions:\n  a: {url: \"t://a\", convention: none, \(example.action)}\n"
        let found = SpecLinter.lint(try SpecLoader.load(yaml: yaml).spec).filter { Self.rules.contains($0.rule) }
        #expect(found.map { "\($0.severity) \($0.rule) at \($0.keyPath)" } == example.findings)
    }

    @Test func theSwitchFindingSaysWhatToDo() throws {
        let yaml = """
            roundtrip: 1
            app: {name: T, schemes: [t]}
            actions:
              a: {url: "t://a", convention: none, unknown-parameters: ignore, parameters: {new-tab: {type: boolean, format: presence}}}
            """
        let finding = try #require(SpecLinter.lint(try SpecLoader.load(yaml: yaml).spec).first { $0.rule == "presence-switch-unchecked" })
        #expect(
            finding.message
                == "'new-tab' is a presence switch on an action with 'unknown-parameters: ignore': a misspelled switch is dropped instead of refused, and reads as off; use 'unknown-parameters: reject' so a caller learns of the typo"
        )
    }
}
