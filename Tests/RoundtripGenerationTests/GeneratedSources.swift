import Foundation
import Roundtrip
import RoundtripGeneration
import RoundtripTestSupport
import RoundtripYAML
import Testing

/// The specs whose generated code the `GeneratedCodeTests` target compiles and runs: every spec
/// in `Examples/` and `Tests/Fixtures/specs/` and the `custom` partners of `Tests/Fixtures/custom/`,
/// both roles; and the sample apps' generated code.
enum GeneratedSources {
    static let output = Fixture.repository.appendingPathComponent("Tests/GeneratedCodeTests/Generated")

    /// The partners whose callbacks and answers are in their own shape (`convention: custom`).
    static let customSpecPaths = ["Tests/Fixtures/custom/payments.yaml", "Tests/Fixtures/custom/signed-pos.yaml"]

    /// Every spec file, by path relative to the repository, sorted.
    static var specPaths: [String] { (Fixture.specPaths + customSpecPaths).sorted() }

    /// One generated file: the spec, the role, and the file it is committed as.
    struct Item: Sendable, CustomTestStringConvertible {
        let specPath: String
        let role: GeneratorConfiguration.Role
        /// The type name when it is not derived from the spec's path (the sample apps' files).
        var name: String? = nil
        /// The folder the file is committed in, relative to the repository.
        var folder = "Tests/GeneratedCodeTests/Generated"
        var stem: String { URL(fileURLWithPath: specPath).deletingPathExtension().lastPathComponent }
        /// `<Folder><Stem>Receiver` (or `Client`): distinct even when two specs describe one app.
        var typeName: String {
            if let name { return name }
            var names = SwiftNames()
            let folder = specPath.hasPrefix("Examples/") ? "Example" : "Fixture"
            return folder + names.type(stem) + (role == .receiver ? "Receiver" : "Client")
        }
        var fileName: String { typeName + ".swift" }
        /// Where the file is committed.
        var file: URL { Fixture.repository.appendingPathComponent(folder).appendingPathComponent(fileName) }
        var testDescription: String { "\(specPath) as \(role.rawValue)" + (name.map { " (\($0))" } ?? "") }

        func generate() throws -> String {
            let spec = try SpecLoader.load(contentsOf: Fixture.repository.appendingPathComponent(specPath).path).spec
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

    /// The sample apps' generated code (Examples/Apps/), which their library targets compile: each
    /// app's folder holds the code of its role, named as its README's regeneration commands name it.
    static let sampleApps: [Item] = [
        Item(
            specPath: "Examples/Apps/CardTerminal/card-terminal.yaml",
            role: .receiver,
            name: "CardTerminalReceiver",
            folder: "Examples/Apps/CardTerminal/Sources/Generated"
        ),
        Item(
            specPath: "Examples/Apps/CardTerminal/card-terminal.yaml",
            role: .caller,
            name: "CardTerminalClient",
            folder: "Examples/Apps/PointOfSale/Sources/Generated"
        ),
        Item(
            specPath: "Examples/Apps/PointOfSale/point-of-sale.yaml",
            role: .receiver,
            name: "PointOfSaleReceiver",
            folder: "Examples/Apps/PointOfSale/Sources/Generated"
        ),
    ]
}
