import Foundation
import Roundtrip
import RoundtripTestSupport
import RoundtripYAML
import Testing

/// The parameter shapes of real URL APIs (`list: space`, `format: presence`, `multiline: any`,
/// prefix names such as `fld*`, bracket names such as `pickup[latitude]`): what loads, and every
/// wrong combination refused with its rule, key path and a message that says what to write.
@Suite("Spec loading: space lists, presence switches, multiline any, prefix and bracket names")
struct SpecLoaderParameterShapeTests {
    static let header = """
        # three header lines, so findings below start on line 4
        roundtrip: 1
        app: {name: T, schemes: [t], domains: [t.example.com]}

        """

    /// A spec whose one action `a` (convention none at `t://a`) declares `parameters`.
    static func parameters(_ yaml: String, convention: String = "none") -> String {
        header + "actions:\n  a: {url: \"t://a\", convention: \(convention), parameters: {\(yaml)}}\n"
    }

    struct Bad: Sendable, CustomTestStringConvertible {
        let yaml: String
        let rule: String
        let path: String
        let message: String
        var testDescription: String { rule + " at " + path }
    }

    static let bad: [Bad] = [
        // list: space
        Bad(
            yaml: parameters("tags: {list: space, default: [home, \"two words\"]}"),
            rule: "invalid-default",
            path: "actions.a.parameters.tags.default",
            message: "item 2 of the default holds a space, which separates the items of a space list; an item can never contain it"
        ),
        Bad(
            yaml: parameters("tags: {list: spaces}"),
            rule: "invalid-value",
            path: "actions.a.parameters.tags.list",
            message: "'spaces' is not one of repeated, comma, newline, space"
        ),
        Bad(
            yaml: parameters("tags: {max-items: 3}"),
            rule: "type-mismatch",
            path: "actions.a.parameters.tags.max-items",
            message: "'max-items' applies to list parameters; add 'list: repeated', 'comma', 'newline' or 'space'"
        ),
        // format: presence
        Bad(
            yaml: parameters("new-tab: {type: boolean, format: presence, default: \"false\"}"),
            rule: "invalid-default",
            path: "actions.a.parameters.new-tab.default",
            message: "a presence switch is false whenever its name is absent, so a default would never be used; drop 'default'"
        ),
        Bad(
            yaml: parameters("new-tab: {type: boolean, format: presence, required: true}"),
            rule: "invalid-value",
            path: "actions.a.parameters.new-tab.required",
            message:
                "a presence switch is false when its name is absent, so it cannot be required; drop 'required: true', or use format: true-false for a flag that must be given"
        ),
        Bad(
            yaml: parameters("new-tab: {type: boolean, format: presence, list: comma}"),
            rule: "type-mismatch",
            path: "actions.a.parameters.new-tab.list",
            message: "a presence switch is one flag (its name there or not), never a list"
        ),
        Bad(
            yaml: parameters("new-tab: {type: boolean, format: presence, enum: [\"true\"]}"),
            rule: "invalid-enum",
            path: "actions.a.parameters.new-tab.enum",
            message: "a presence switch is true or false by its name alone; drop 'enum'"
        ),
        Bad(
            yaml: parameters("new-tab: {type: boolean, format: presence, allow-empty: true}"),
            rule: "type-mismatch",
            path: "actions.a.parameters.new-tab.allow-empty",
            message: "a presence switch already reads 'name=' as true; drop 'allow-empty'"
        ),
        Bad(
            yaml: parameters("new-tab: {type: string, format: presence}"),
            rule: "type-mismatch",
            path: "actions.a.parameters.new-tab.format",
            message:
                "'format' applies to date parameters (a date format) and boolean parameters (yes-no, true-false or presence), not to a string parameter"
        ),
        Bad(
            yaml: parameters("when: {type: date, format: presence}"),
            rule: "type-mismatch",
            path: "actions.a.parameters.when.format",
            message: "'format: presence' applies to boolean parameters (a switch that is on when its name is there), not to a date parameter"
        ),
        Bad(
            yaml: header + "actions:\n  a: {url: \"t://a/:tab\", convention: none, parameters: {tab: {type: boolean, format: presence}}}\n",
            rule: "type-mismatch",
            path: "actions.a.parameters.tab.format",
            message: "':tab' is a route placeholder, which is always there, so a presence switch would always be true"
        ),
        Bad(
            yaml: header + "actions:\n  a: {url: \"t://a\", convention: none, query-value: {name: on, type: boolean, format: presence}}\n",
            rule: "convention-mismatch",
            path: "actions.a.query-value.format",
            message: "a whole query or fragment is a value, never a switch named in the query; use format: true-false"
        ),
        Bad(
            yaml: header + "actions:\n  a: {url: \"t://a\", convention: x-callback-url, returns: {done: {type: boolean, format: presence}}}\n",
            rule: "convention-mismatch",
            path: "actions.a.returns.done.format",
            message: "a returned value is read by name from the callback, so it is not a presence switch; use format: true-false"
        ),
        // multiline: any
        Bad(
            yaml: parameters("text: {multiline: sometimes}"),
            rule: "wrong-type",
            path: "actions.a.parameters.text.multiline",
            message: "expected true, false or any, found 'sometimes'; 'any' also takes a lone CR (classic Mac OS line endings) as a line break"
        ),
        Bad(
            yaml: parameters("n: {type: integer, multiline: any}"),
            rule: "type-mismatch",
            path: "actions.a.parameters.n.multiline",
            message: "'multiline' applies to string parameters, not to an integer parameter"
        ),
        Bad(
            yaml: parameters("lines: {list: newline, multiline: any}"),
            rule: "type-mismatch",
            path: "actions.a.parameters.lines.multiline",
            message: "a newline list splits on line breaks, so its items cannot hold them"
        ),
        Bad(
            yaml: header + "actions:\n  a: {url: \"t://a/:text\", convention: none, parameters: {text: {multiline: any}}}\n",
            rule: "type-mismatch",
            path: "actions.a.parameters.text.multiline",
            message: "':text' is a route placeholder: a path segment is one line, so 'multiline' does not apply"
        ),
        Bad(
            yaml: parameters("text: {multiline: true, default: \"a\\rb\"}"),
            rule: "invalid-default",
            path: "actions.a.parameters.text.default",
            message: "the default contains the control character U+000D"
        ),
        // Prefix names
        Bad(
            yaml: parameters("f*ld: {type: string}"),
            rule: "invalid-name",
            path: "actions.a.parameters.f*ld",
            message: "'*' may only end a parameter name, where it makes a prefix ('fld*' matches fldFront and fldBack)"
        ),
        Bad(
            yaml: parameters("\"*\": {type: string}"),
            rule: "invalid-name",
            path: "actions.a.parameters.*",
            message: "a prefix needs at least one character before '*'; to take any name use 'unknown-parameters: accept'"
        ),
        Bad(
            yaml: parameters("rt*: {type: string}"),
            rule: "reserved-parameter",
            path: "actions.a.parameters.rt*",
            message: "the prefix 'rt' would match Roundtrip's own 'rt-' parameters; choose a prefix that does not start them"
        ),
        Bad(
            yaml: parameters("rt-x*: {type: string}"),
            rule: "reserved-parameter",
            path: "actions.a.parameters.rt-x*",
            message: "parameters starting with 'rt-' belong to Roundtrip"
        ),
        Bad(
            yaml: parameters("x-*: {type: string}", convention: "x-callback-url"),
            rule: "reserved-parameter",
            path: "actions.a.parameters.x-*",
            message: "the prefix 'x-' would match 'x-"
        ),
        Bad(
            yaml: parameters("fld*: {type: string, required: true}"),
            rule: "invalid-value",
            path: "actions.a.parameters.fld*.required",
            message: "'fld*' is a prefix, which matches any number of names, none included, so it cannot be required"
        ),
        Bad(
            yaml: parameters("fld*: {type: string, default: x}"),
            rule: "invalid-default",
            path: "actions.a.parameters.fld*.default",
            message: "'fld*' is a prefix: no single name would carry a default"
        ),
        Bad(
            yaml: parameters("fld*: {type: string, list: repeated}"),
            rule: "type-mismatch",
            path: "actions.a.parameters.fld*.list",
            message: "'fld*' is a prefix, where each matched name carries one value"
        ),
        Bad(
            yaml: parameters("on*: {type: boolean, format: presence}"),
            rule: "type-mismatch",
            path: "actions.a.parameters.on*.format",
            message: "'on*' is a prefix, and a presence switch needs one name to be there or not"
        ),
        Bad(
            yaml: parameters("fld*: {type: string}, fldA*: {type: integer}"),
            rule: "duplicate-value",
            path: "actions.a.parameters.fldA*",
            message: "the prefixes 'fld*' and 'fldA*' are ambiguous: a name starting 'fldA' matches both"
        ),
        Bad(
            yaml: header + "actions:\n  a: {url: \"t://a\", convention: none, fragment: {name: \"part*\"}}\n",
            rule: "invalid-name",
            path: "actions.a.fragment.name",
            message: "a whole query or fragment is one value with one name; '*' (a prefix) applies to query parameters only"
        ),
        Bad(
            yaml: header + "actions:\n  a: {url: \"t://a\", convention: x-callback-url, returns: {\"id*\": {type: string}}}\n",
            rule: "invalid-name",
            path: "actions.a.returns.id*",
            message: "a returned value is named exactly; '*' (a prefix) applies to request parameters only"
        ),
    ]

    @Test(arguments: bad)
    func refusesWithItsPlaceAndWhatToWrite(_ bad: Bad) {
        guard let found = specLoadError(bad.yaml, rule: bad.rule, path: bad.path) else { return }
        #expect(found.message.contains(bad.message), "\(found.message)")
    }

    /// Every shape loads into the fields the decision reads.
    @Test func theShapesLoadIntoTheirFields() throws {
        let yaml = Self.parameters(
            """
            tags: {list: space, max-items: 5}, new-tab: {type: boolean, format: presence}, body: {multiline: any},
            note: {multiline: yes}, fld*: {type: string}, fldFront: {type: integer}, "pickup[latitude]": {type: decimal}
            """
        )
        let action = try #require(try SpecLoader.load(yaml: yaml).spec.action(named: "a"))
        #expect(action.parameter(named: "tags")?.list == .space)
        #expect(action.parameter(named: "new-tab")?.isPresenceSwitch == true)
        let body = try #require(action.parameter(named: "body"))
        #expect(body.isMultiline && body.allowsLoneCarriageReturn)
        let note = try #require(action.parameter(named: "note"))
        #expect(note.isMultiline && !note.allowsLoneCarriageReturn, "a YAML 1.1 word for true is multiline: true")
        let prefix = try #require(action.parameter(named: "fld*"))
        #expect(prefix.isPrefix && prefix.namePrefix == "fld")
        #expect(prefix.matchesPrefix("fldBack") && !prefix.matchesPrefix("fld") && !prefix.matchesPrefix("fieldBack"))
        #expect(action.parameter(taking: "fldFront")?.type == .integer, "the exact name wins")
        #expect(action.parameter(taking: "fldBack")?.name == "fld*")
        #expect(action.parameter(named: "pickup[latitude]")?.type == .decimal)
    }

    /// What a ledger writes back reads back the same: `multiline: any`, `format: presence` and
    /// `list: space` survive ``ParameterDefinition``.
    @Test func theShapesSurviveTheirDefinitionText() throws {
        let parameters = [
            ParameterSpec(name: "tags", list: .space),
            ParameterSpec(name: "body", isMultiline: true, allowsLoneCarriageReturn: true),
            ParameterSpec(name: "flag", type: .boolean, booleanFormat: .yesNo),
        ]
        let read = try ParameterDefinition.parameters(fromJSON: ParameterDefinition.json(parameters))
        #expect(read.map(\.list) == [.space, nil, nil])
        #expect(read.map(\.allowsLoneCarriageReturn) == [false, true, false])
        #expect(read.map(\.isMultiline) == [false, true, false])
    }
}
