import Foundation
import PropertyBased
import Roundtrip
import RoundtripSimulator
import Testing

@testable import RoundtripGeneration

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
            let text = writer.spec()
            let bytes = Array(text.utf8)
            let byText = Result { () throws(SpecError) in try SpecLoader.load(json: bytes) }
            let byDocument = Result { () throws(SpecError) in
                let document: DocumentNode
                do {
                    document = try JSONParser.parse(bytes)
                } catch {
                    throw SpecError(file: nil, diagnostics: [])
                }
                return try SpecLoader.load(document: document, file: nil, source: nil)
            }
            switch (byText, byDocument) {
            case (.failure(let left), .failure(let right)):
                if left.diagnostics != right.diagnostics {
                    Issue.record("seed \(seed): findings differ\n\(left.diagnostics)\n\(right.diagnostics)\n\(text)")
                }
            case (.success(let left), .success(let right)):
                #expect(left.readingDiagnostics == right.readingDiagnostics, "seed \(seed)")
                let configuration = GeneratorConfiguration(role: .receiver)
                if SwiftGenerator.generate(left.spec, configuration: configuration, source: "s.json")
                    != SwiftGenerator.generate(right.spec, configuration: configuration, source: "s.json")
                {
                    Issue.record("seed \(seed): the specs differ\n\(text)")
                }
            default:
                Issue.record("seed \(seed): one load failed, the other did not\n\(byText)\n\(byDocument)\n\(text)")
            }
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
            members.append("\"\(name)\":\(spaced(pick(Self.definitions)))")
        }
        return "{" + members.joined(separator: ",") + "}"
    }

    /// A spec of 2 to 9 actions.
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
