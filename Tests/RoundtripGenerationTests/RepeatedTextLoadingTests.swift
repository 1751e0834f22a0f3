import Foundation
import PropertyBased
import Roundtrip
import RoundtripGeneration
import RoundtripSimulator
import RoundtripTestSupport
import RoundtripYAML
import Testing

/// Loading JSON recognises a repeated parameter definition, and an action's whole `parameters`
/// mapping, by its text, and reads it once. Random specs that repeat definitions and mappings
/// word for word, with and without findings, across conventions, response prefixes and route
/// placeholders, must load exactly as they load without recognising text (from the parsed
/// document alone): the same findings at the same places, or the same spec, compared through
/// the receiver code generated from it (which spells out every action and parameter).
@Suite("Spec loading from JSON: repeats recognised by their text load as a fresh read")
struct RepeatedTextLoadingTests {
    @Test func randomSpecsLoadTheSameWithAndWithoutRecognisingText() async {
        await propertyCheck(count: 400, input: Gen.uint64()) { seed in
            var writer = RepeatingSpecWriter(seed: seed)
            let text = RepeatingSpecWriter.rendered(writer.spec(), unique: false)
            let bytes = Array(text.utf8)
            let byText = Result { () throws(SpecError) in try SpecLoader.load(json: bytes) }
            let byDocument = loadWithoutRecognisingText(bytes)
            expectSameLoad(byText, byDocument, case: "seed \(seed)", text: text)
        }
    }

    /// Past the first misses, a spec whose definitions mostly differ stops looking them up and
    /// reads each whole. Its last 40 actions repeat 20 definitions (some with a finding): after
    /// 60 definitions that all differ, they load exactly as the same 40 actions do alone, where
    /// every repeat is looked up and found.
    @Test(arguments: [false, true])
    func definitionsReadPastTheLookupsLoadAsWhereTheyAreLookedUp(withFindings: Bool) {
        func action(_ index: Int, definition: Int) -> String {
            // A negative max-length is a finding, reported at each place its definition stands.
            let bound = withFindings && definition % 7 == 3 ? "-1" : "\(definition + 1)"
            return #""act\#(index)":{"url":"shop://act\#(index)","convention":"none","parameters":{"p\#(index)":"#
                + #"{"type":"string","max-length":\#(bound),"description":"definition \#(definition)"}}}"#
        }
        func spec(_ actions: [String]) -> String {
            #"{"roundtrip":1,"app":{"name":"Shop","schemes":["shop"]},"actions":{"# + actions.joined(separator: ",") + "}}"
        }
        let repeats = (60..<100).map { action($0, definition: $0 % 20) }
        let pastTheLookups = Result { () throws(SpecError) in try SpecLoader.load(json: spec((0..<60).map { action($0, definition: $0) } + repeats)) }
        let alone = Result { () throws(SpecError) in try SpecLoader.load(json: spec(repeats)) }
        let repeatNames = Set((60..<100).map { "actions.act\($0)" })
        switch (pastTheLookups, alone) {
        case (.success(let past), .success(let alone)):
            #expect(!withFindings && past.spec.actions.count == 100)
            var lastForty = past.spec
            lastForty.actions = Array(past.spec.actions.suffix(40))
            let configuration = GeneratorConfiguration(role: .receiver)
            #expect(
                SwiftGenerator.generate(lastForty, configuration: configuration, source: "s.json")
                    == SwiftGenerator.generate(alone.spec, configuration: configuration, source: "s.json")
            )
        case (.failure(let past), .failure(let alone)):
            // 9 of the 60 definitions that differ, and 6 of the 40 repeats.
            #expect(withFindings && past.diagnostics.count == 15, "\(past.diagnostics)")
            func findings(_ diagnostics: [SpecDiagnostic]) -> [String] {
                diagnostics.filter { diagnostic in repeatNames.contains { diagnostic.keyPath.hasPrefix($0 + ".") } }
                    .map { "\($0.rule) \($0.keyPath) \($0.message)" }
            }
            #expect(findings(alone.diagnostics).count == 6)
            #expect(findings(past.diagnostics) == findings(alone.diagnostics))
        default:
            Issue.record("one load failed, the other did not: \(pastTheLookups) \(alone)")
        }
    }
}

/// Loading YAML recognises a repeated flow mapping (`{type: integer, maximum: 9}`) by its text
/// when no alias is inside it, as loading JSON does. JSON is YAML: the same random specs, read by
/// Roundtrip's own YAML reader, must load exactly as they load when their definitions are
/// compared as parsed values.
@Suite("Spec loading from YAML: flow mappings recognised by their text load as a fresh read")
struct RepeatedFlowTextLoadingTests {
    @Test func randomSpecsLoadTheSameWithAndWithoutRecognisingText() async {
        await propertyCheck(count: 300, input: Gen.uint64()) { seed in
            var writer = RepeatingSpecWriter(seed: seed)
            let text = RepeatingSpecWriter.rendered(writer.spec(), unique: false)
            // Read by Roundtrip's own YAML reader, not handed to Yams (which keeps no text ends).
            guard case .document = FastYAMLReader.read(text, expansionLimit: .max) else {
                Issue.record("seed \(seed): the YAML reader left the text to Yams\n\(text)")
                return
            }
            let byText = Result { () throws(SpecError) in try SpecLoader.load(yaml: text) }
            let byContent = Result { () throws(SpecError) in
                try SpecLoader.load(document: try YAMLDocumentReader.read(text), file: nil, source: nil)
            }
            expectSameLoad(byText, byContent, case: "seed \(seed)", text: text)
        }
    }

    /// The committed specs, written by hand in flow and block style (the real apps' in
    /// `Examples/`, the fixtures'), load the same with and without text recognition.
    @Test(arguments: Fixture.specPaths)
    func everyCommittedSpecLoadsTheSameWithAndWithoutRecognisingText(_ specPath: String) throws {
        let text = try String(contentsOfFile: Fixture.repositoryPath(specPath), encoding: .utf8)
        let byText = Result { () throws(SpecError) in try SpecLoader.load(yaml: text) }
        let byContent = Result { () throws(SpecError) in
            try SpecLoader.load(document: try YAMLDocumentReader.read(text), file: nil, source: nil)
        }
        expectSameLoad(byText, byContent, case: specPath, text: text)
    }
}

/// Loads JSON from the parsed document alone: no object is recognised by its text.
private func loadWithoutRecognisingText(_ bytes: [UInt8]) -> Result<SpecLoader.Loaded, SpecError> {
    Result { () throws(SpecError) in
        let document: DocumentNode
        do {
            document = try JSONParser.parse(bytes)
        } catch {
            throw SpecError(file: nil, diagnostics: [])
        }
        return try SpecLoader.load(document: document, file: nil, source: nil)
    }
}

/// Two loads of the same text agree: the same findings, or the same spec, compared through the
/// receiver code generated from it (which spells out every action and parameter). `name` says
/// which text it was in a failure (its seed, or its file).
private func expectSameLoad(
    _ left: Result<SpecLoader.Loaded, SpecError>,
    _ right: Result<SpecLoader.Loaded, SpecError>,
    case name: String,
    text: String
) {
    switch (left, right) {
    case (.failure(let left), .failure(let right)):
        if left.diagnostics != right.diagnostics {
            Issue.record("\(name): findings differ\n\(left.diagnostics)\n\(right.diagnostics)\n\(text)")
        }
    case (.success(let left), .success(let right)):
        #expect(left.readingDiagnostics == right.readingDiagnostics, "\(name)")
        let configuration = GeneratorConfiguration(role: .receiver)
        if SwiftGenerator.generate(left.spec, configuration: configuration, source: "s.json")
            != SwiftGenerator.generate(right.spec, configuration: configuration, source: "s.json")
        {
            Issue.record("\(name): the specs differ\n\(text)")
        }
    default:
        Issue.record("\(name): one load failed, the other did not\n\(left)\n\(right)\n\(text)")
    }
}

/// A definition repeated under another name (`{"type":"integer"}` as `amount` and as `id`) is
/// read once and renamed. Random specs whose definitions repeat under the pool's names must load
/// exactly as the same specs with a description of its own in every definition, where nothing
/// repeats and every definition is read: the same findings (but for their columns, which the
/// descriptions move), or the same spec once the descriptions are taken out.
@Suite("Spec loading: a definition repeated under another name loads as a fresh read")
struct RenamedRepeatLoadingTests {
    @Test func randomSpecsLoadAsIfNoDefinitionRepeated() async {
        await propertyCheck(count: 300, input: Gen.uint64()) { seed in
            var writer = RepeatingSpecWriter(seed: seed)
            let marked = writer.spec()
            let shared = RepeatingSpecWriter.rendered(marked, unique: false)
            let unshared = RepeatingSpecWriter.rendered(marked, unique: true)
            let sharedLoad = Result { () throws(SpecError) in try SpecLoader.load(json: shared) }
            let unsharedLoad = Result { () throws(SpecError) in try SpecLoader.load(json: unshared) }
            func findings(_ diagnostics: [SpecDiagnostic]) -> [String] {
                diagnostics.map { "\($0.severity) \($0.rule) \($0.keyPath) \($0.line.map(String.init) ?? "-") \($0.message)" }
            }
            // The receiver generated from the spec with its descriptions taken out spells out every
            // action and parameter.
            func code(_ spec: Spec) -> String {
                var spec = spec
                for action in spec.actions.indices {
                    for parameter in spec.actions[action].parameters.indices { spec.actions[action].parameters[parameter].description = nil }
                }
                return SwiftGenerator.generate(spec, configuration: GeneratorConfiguration(role: .receiver), source: "s.json")
            }
            switch (sharedLoad, unsharedLoad) {
            case (.failure(let left), .failure(let right)):
                if findings(left.diagnostics) != findings(right.diagnostics) {
                    Issue.record("seed \(seed): findings differ\n\(left.diagnostics)\n\(right.diagnostics)\n\(shared)")
                }
            case (.success(let left), .success(let right)):
                #expect(findings(left.readingDiagnostics) == findings(right.readingDiagnostics), "seed \(seed)")
                if code(left.spec) != code(right.spec) { Issue.record("seed \(seed): the specs differ\n\(shared)") }
            default:
                Issue.record("seed \(seed): one load failed, the other did not\n\(sharedLoad)\n\(unsharedLoad)\n\(shared)")
            }
        }
    }

    @Test func aRenamedRepeatKeepsItsOwnName() throws {
        let spec = try SpecLoader.load(
            json: #"{"roundtrip":1,"app":{"name":"T","schemes":["t"]},"actions":{"a":{"url":"t://a","convention":"none","parameters":{"#
                + #""first":{"type":"integer","maximum":9},"second":{"type":"integer","maximum":9},"fld*":{"type":"integer","maximum":9}}}}}"#
        ).spec
        let parameters = spec.actions[0].parameters
        #expect(parameters.map(\.name) == ["first", "second", "fld*"])
        #expect(parameters.map(\.isPrefix) == [false, false, true])
        #expect(parameters.allSatisfy { $0.type == .integer && $0.maximum == 9 })
    }

    /// A set whose definitions repeat the last set's, in order, under other names, is that set's
    /// parameters renamed; each name is still checked where it stands.
    @Test func aSetRepeatingTheLastSetsDefinitionsUnderOtherNamesChecksEachName() throws {
        func spec(secondNames: (String, String)) -> String {
            let first = #"{"a":{"type":"integer","maximum":9},"b":{"type":"string","max-length":4}}"#
            let second = #"{"\#(secondNames.0)":{"type":"integer","maximum":9},"\#(secondNames.1)":{"type":"string","max-length":4}}"#
            return #"{"roundtrip":1,"app":{"name":"T","schemes":["t"]},"actions":{"#
                + #""one":{"url":"t://one","convention":"return-url","response-prefix":"ifcc_","parameters":\#(first)},"#
                + #""two":{"url":"t://two","convention":"return-url","response-prefix":"ifcc_","parameters":\#(second)}}}"#
        }
        let parameters = try SpecLoader.load(json: spec(secondNames: ("c*", "d"))).spec.actions[1].parameters
        #expect(parameters.map(\.name) == ["c*", "d"])
        #expect(parameters.map(\.isPrefix) == [true, false])
        #expect(parameters.map(\.type) == [.integer, .string])
        #expect(parameters.map(\.maximum) == [9, nil])
        #expect(parameters.map(\.maximumLength) == [nil, 4])
        do {
            _ = try SpecLoader.load(json: spec(secondNames: ("c", "ifcc_total")))
            Issue.record("a name with the response prefix should be refused")
        } catch {
            #expect(error.diagnostics.map(\.keyPath) == ["actions.two.parameters.ifcc_total"])
            #expect(error.diagnostics.map(\.rule) == ["reserved-parameter"])
        }
    }
}

/// Writes a JSON spec whose actions draw their parameters from a small pool, so that
/// definitions and whole mappings repeat, sometimes in other spacing.
struct RepeatingSpecWriter {
    private var random: RoundtripSimulator.SeededRandomNumberGenerator

    init(seed: UInt64) {
        random = RoundtripSimulator.SeededRandomNumberGenerator(seed: seed)
    }

    /// Names, among them the conventions' own and a response prefix's, which some actions refuse.
    private static let names = ["amount", "id", "note", "x-success", "ifcc_total", "returnURL", "rt-id", "pp_code"]

    /// Definitions, among them some with findings and some that a placeholder refuses.
    private static let definitions = [
        #"{"type":"integer","minimum":1,"maximum":99}"#,
        #"{"type":"decimal","required":true,"minimum":0.01}"#,
        #"{"type":"string","enum":["a","b"],"default":"a"}"#,
        #"{"type":"string","pattern":"[a-z]+","max-length":8}"#,
        #"{"type":"date","format":"yyyyMMdd"}"#,
        #"{"type":"string","list":"comma"}"#,
        #"{"type":"integer","minimum":5,"maximum":1}"#,
        #"{"type":"strin"}"#,
        #"{"type":"string","multiline":true}"#,
        #"{"type":"boolean","format":"yes-no"}"#,
    ]

    private static let conventions: [(name: String, extra: [String])] = [
        ("none", [""]),
        ("return-url", [#","response-prefix":"ifcc_""#, #","response-prefix":"pp_""#, ""]),
        ("x-callback-url", [""]),
    ]

    private mutating func pick<Element>(_ elements: [Element]) -> Element {
        elements[Int(random.next() % UInt64(elements.count))]
    }

    /// The same definition, sometimes with spaces after its colons and commas.
    private mutating func spaced(_ text: String) -> String {
        random.next() % 4 == 0 ? text.replacingOccurrences(of: ",\"", with: ", \"").replacingOccurrences(of: "\":", with: "\": ") : text
    }

    private mutating func parameters() -> String {
        var used: [String] = []
        var members: [String] = []
        for _ in 0..<(1 + random.next() % 4) {
            let name = pick(Self.names)
            guard !used.contains(name) else { continue }
            used.append(name)
            // Each definition ends in a mark, where ``rendered(_:unique:)`` may add a description.
            members.append("\"\(name)\":\(spaced(pick(Self.definitions)).dropLast())\(Self.mark)}")
        }
        return "{" + members.joined(separator: ",") + "}"
    }

    /// Where a definition may take a description.
    private static let mark: Character = "\u{1}"

    /// A spec from ``spec()``: with its marks dropped, or with each replaced by a description
    /// of its own, so that no two definitions have the same text.
    static func rendered(_ marked: String, unique: Bool) -> String {
        var text = ""
        var count = 0
        for character in marked {
            guard character == mark else {
                text.append(character)
                continue
            }
            if unique {
                count += 1
                text += #","description":"d\#(count)""#
            }
        }
        return text
    }

    /// A spec of 2 to 9 actions, with a mark at the end of each definition (see
    /// ``rendered(_:unique:)``).
    mutating func spec() -> String {
        var written: [String] = []
        var actions: [String] = []
        for index in 0..<(2 + random.next() % 8) {
            let convention = pick(Self.conventions)
            // Most actions take a mapping written before, word for word.
            let parameters = !written.isEmpty && random.next() % 3 != 0 ? pick(written) : parameters()
            written.append(parameters)
            let route = pick(["", "/:id", "/:amount"])
            actions.append(
                "\"a\(index)\":{\"url\":\"t://a\(index)\(route)\",\"convention\":\"\(convention.name)\"\(pick(convention.extra)),\"parameters\":\(parameters)}"
            )
        }
        return #"{"roundtrip":1,"app":{"name":"T","schemes":["t"]},"actions":{"# + actions.joined(separator: ",\n") + "}}"
    }
}
