import Foundation
import Roundtrip
import RoundtripGeneration
import RoundtripYAML
import Testing

/// The specs whose generated code the `GeneratedCodeTests` target compiles and runs: every spec
/// in `Examples/` and `Tests/Fixtures/specs/`, both roles.
enum GeneratedSources {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let output = repository.appendingPathComponent("Tests/GeneratedCodeTests/Generated")

    /// Every spec file, by path relative to the repository, sorted.
    static var specPaths: [String] {
        ["Examples", "Tests/Fixtures/specs"].flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: repository.appendingPathComponent(folder).path)) ?? [])
                .filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".json") }
                .map { "\(folder)/\($0)" }
        }.sorted()
    }

    /// One generated file: the spec, the role, and the file it is committed as.
    struct Item: Sendable, CustomTestStringConvertible {
        let specPath: String
        let role: GeneratorConfiguration.Role
        var stem: String { URL(fileURLWithPath: specPath).deletingPathExtension().lastPathComponent }
        /// `<Folder><Stem>Receiver` (or `Client`): distinct even when two specs describe one app.
        var typeName: String {
            var names = SwiftNames()
            let folder = specPath.hasPrefix("Examples/") ? "Example" : "Fixture"
            return folder + names.type(stem) + (role == .receiver ? "Receiver" : "Client")
        }
        var fileName: String { typeName + ".swift" }
        var testDescription: String { "\(specPath) as \(role.rawValue)" }

        func generate() throws -> String {
            let spec = try SpecLoader.load(contentsOf: GeneratedSources.repository.appendingPathComponent(specPath).path).spec
            return SwiftGenerator.generate(
                spec,
                configuration: GeneratorConfiguration(role: role, name: typeName),
                source: URL(fileURLWithPath: specPath).lastPathComponent
            )
        }
    }

    static var items: [Item] {
        specPaths.flatMap { path in GeneratorConfiguration.Role.allCases.map { Item(specPath: path, role: $0) } }
    }
}
