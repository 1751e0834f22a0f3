import Roundtrip
import RoundtripGeneration
import Testing

/// `roundtrip-generator-config.yaml`, read through the public initialiser the build plugin's tool
/// calls: a YAML mapping read by RoundtripYAML, and each refusal naming the file, the line and the
/// rule.
@Suite("Generator configuration file")
struct GeneratorConfigurationTests {
    @Test(
        "YAML forms of the same configuration are accepted",
        arguments: [
            "role: caller\naccess: public\nname: NotesClient\n",
            "# the notes client\n\nrole: caller   # the calling side\naccess: 'public'\nname: \"NotesClient\"\n",
            "{role: caller, access: public, name: NotesClient}\n",
            "---\nrole: caller\naccess: public\nname: NotesClient\n...\n",
        ]
    )
    func yamlFormsAreAccepted(_ text: String) throws {
        let configuration = try GeneratorConfiguration(configurationText: text)
        #expect(configuration == GeneratorConfiguration(role: .caller, access: .public, name: "NotesClient"))
    }

    @Test func accessDefaultsToInternalAndNameToTheApps() throws {
        #expect(try GeneratorConfiguration(configurationText: "role: receiver") == GeneratorConfiguration(role: .receiver))
    }

    static let refused: [(text: String, message: String)] = [
        ("", "roundtrip-generator-config.yaml: give the 'role': receiver or caller"),
        ("# nothing yet\n\n", "roundtrip-generator-config.yaml: give the 'role': receiver or caller"),
        ("role:", "roundtrip-generator-config.yaml:1: role is receiver or caller, not ''"),
        ("role: caller\n\n# the access\naccess: open", "roundtrip-generator-config.yaml:4: access is public, package or internal, not 'open'"),
        ("role: [caller]", "roundtrip-generator-config.yaml:1: role is a single value, not an array"),
        ("role: caller\nname:\n  first: Notes", "roundtrip-generator-config.yaml:2: name is a single value, not an object"),
        ("role: caller\nrole: receiver", "roundtrip-generator-config.yaml:2: a mapping repeats the key 'role'; keep one of them"),
        ("caller", "roundtrip-generator-config.yaml:1: expected 'key: value' lines (role, access, name), found a string"),
        ("- role: caller", "roundtrip-generator-config.yaml:1: expected 'key: value' lines (role, access, name), found an array"),
        ("role: caller\nlanguage: swift", "roundtrip-generator-config.yaml:2: unknown key 'language'; the keys are role, access and name"),
    ]

    @Test("a bad configuration is refused with the file, the line and what is wrong", arguments: refused)
    func aBadConfigurationIsRefused(_ text: String, _ message: String) {
        #expect(throws: GeneratorError.self) { try GeneratorConfiguration(configurationText: text) }
        do {
            _ = try GeneratorConfiguration(configurationText: text)
        } catch {
            #expect(error.message == message)
        }
    }

    @Test(
        "a YAML syntax error names the line where the reader found it",
        arguments: [
            ("role: caller\nname: Notes: Client\n", "notes.yaml:2: not valid YAML or JSON: "),
            // An unterminated quote is found where the text ends.
            ("role: caller\nname: \"NotesClient\n", "notes.yaml:3: not valid YAML or JSON: "),
        ]
    )
    func aYAMLSyntaxErrorNamesItsLine(_ text: String, _ prefix: String) {
        do {
            _ = try GeneratorConfiguration(configurationText: text, file: "notes.yaml")
            Issue.record("a file that is not valid YAML was accepted")
        } catch {
            #expect(error.message.hasPrefix(prefix), "\(error.message)")
        }
    }
}
