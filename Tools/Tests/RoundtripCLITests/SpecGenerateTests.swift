import Foundation
import RoundtripToolsTestSupport
import Testing

/// `roundtrip spec generate`: the same generator as the build plugin, on the command line.
@Suite("CLI: spec generate")
struct SpecGenerateTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let spec: String
        let role: String
        let name: String
        var testDescription: String { "\(spec) as \(role)" }
    }

    static let cases: [Case] = [
        Case(spec: "Tests/Fixtures/specs/notes-app.yaml", role: "receiver", name: "FixtureNotesAppReceiver"),
        Case(spec: "Tests/Fixtures/specs/notes-app.yaml", role: "caller", name: "FixtureNotesAppClient"),
        Case(spec: "Examples/things.yaml", role: "caller", name: "ExampleThingsClient"),
        Case(spec: "Tests/Fixtures/specs/terminal.yaml", role: "receiver", name: "FixtureTerminalReceiver"),
    ]

    @Test("prints what the generated-code tests compile and run", arguments: cases)
    func printsTheCompiledCode(_ example: Case) throws {
        let root = CommandLineRunner.repositoryRoot
        let run = try CommandLineRunner.run([
            "spec", "generate", root.appendingPathComponent(example.spec).path, "--role", example.role, "--name", example.name,
        ])
        #expect(run.exitCode == 0, "\(run.stderr)")
        let committed = try String(
            contentsOf: root.appendingPathComponent("Tests/GeneratedCodeTests/Generated/\(example.name).swift"),
            encoding: .utf8
        )
        #expect(run.stdout == committed)
    }

    @Test("writes --output, with the access level asked for")
    func writesTheOutputFile() throws {
        let output = NSTemporaryDirectory() + "roundtrip-generate-\(UUID().uuidString).swift"
        defer { try? FileManager.default.removeItem(atPath: output) }
        let spec = CommandLineRunner.repositoryRoot.appendingPathComponent("Tests/Fixtures/specs/notes-app.yaml").path
        let run = try CommandLineRunner.run(["spec", "generate", spec, "--role", "caller", "--access", "public", "--output", output])
        #expect(run.exitCode == 0, "\(run.stderr)")
        #expect(run.stdout.isEmpty)
        let source = try String(contentsOfFile: output, encoding: .utf8)
        #expect(source.contains("public struct NotesAppClient: Sendable {"))
        #expect(source.contains("public func create("))
    }

    @Test("a spec that does not load gets the loader's errors and exit 2")
    func refusesABrokenSpec() throws {
        let spec = NSTemporaryDirectory() + "roundtrip-broken-\(UUID().uuidString).yaml"
        defer { try? FileManager.default.removeItem(atPath: spec) }
        try Data(
            "roundtrip: 1\napp: {name: A, schemes: [a]}\nactions:\n  x: {url: \"a://x\", convention: none, parameters: {n: {type: integer, multiline: true}}}\n"
                .utf8
        )
        .write(to: URL(fileURLWithPath: spec))
        let run = try CommandLineRunner.run(["spec", "generate", spec, "--role", "receiver"])
        #expect(run.exitCode == 2)
        #expect(run.stderr.contains("actions.x.parameters.n.multiline"), "\(run.stderr)")
        #expect(run.stderr.contains("'multiline' applies to string parameters"), "\(run.stderr)")
        #expect(run.stdout.isEmpty)
    }

    /// `--name` is checked by the configuration file's rule: a Swift type name, and not one the
    /// generated code uses.
    static let refusedNames: [(name: String, message: String)] = [
        ("my type", "--name: name must be a Swift type name in upper camel case, such as NotesClient, not 'my type'"),
        ("Spec", "--name: name 'Spec' is a type the generated code uses, which the generated type would hide"),
        ("Endpoint", "--name: name 'Endpoint' is a type the generated code uses, which the generated type would hide"),
        ("String", "--name: name 'String' is a type the generated code uses, which the generated type would hide"),
    ]

    @Test("a --name that is not a type name, or would hide a type, is a usage error", arguments: refusedNames)
    func refusesAName(_ name: String, _ message: String) throws {
        let spec = CommandLineRunner.repositoryRoot.appendingPathComponent("Tests/Fixtures/specs/notes-app.yaml").path
        let run = try CommandLineRunner.run(["spec", "generate", spec, "--role", "receiver", "--name", name])
        #expect(run.exitCode == 2)
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(run.stdout.isEmpty)
    }

    @Test("a role other than receiver or caller is a usage error")
    func refusesAnUnknownRole() throws {
        let spec = CommandLineRunner.repositoryRoot.appendingPathComponent("Tests/Fixtures/specs/notes-app.yaml").path
        let run = try CommandLineRunner.run(["spec", "generate", spec, "--role", "server"])
        #expect(run.exitCode == 2)
    }
}
