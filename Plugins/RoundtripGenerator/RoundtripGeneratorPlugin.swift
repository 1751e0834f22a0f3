import Foundation
import PackagePlugin

/// Generates Swift from a target's Roundtrip spec at build time, so that nothing generated is
/// committed: the target holds `roundtrip.yaml` (or `.yml`, `.json`) and
/// `roundtrip-generator-config.yaml` (`role: receiver|caller`, `access`, `name`), and the build
/// compiles `GeneratedRoundtrip.swift`, made by the same generator as
/// `roundtrip spec generate`. Modelled on swift-openapi-generator's build plugin, which pairs
/// `openapi.yaml` with `openapi-generator-config.yaml` the same way.
@main
struct RoundtripGeneratorPlugin: BuildToolPlugin {
    /// The spec file names the plugin looks for.
    static let specNames: Set<String> = ["roundtrip.yaml", "roundtrip.yml", "roundtrip.json"]
    /// The configuration file names.
    static let configNames: Set<String> = ["roundtrip-generator-config.yaml", "roundtrip-generator-config.yml"]

    func createBuildCommands(context: PluginContext, target: any Target) async throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        let files = module.sourceFiles.map(\.url)
        let specs = files.filter { Self.specNames.contains($0.lastPathComponent) }
        let configs = files.filter { Self.configNames.contains($0.lastPathComponent) }
        guard specs.count == 1, configs.count == 1 else {
            throw PluginError(
                "the target '\(target.name)' needs exactly one spec (roundtrip.yaml, .yml or .json) and one "
                    + "roundtrip-generator-config.yaml; it has \(specs.count) and \(configs.count)"
            )
        }
        let output = context.pluginWorkDirectoryURL.appending(path: "GeneratedRoundtrip.swift")
        return [
            .buildCommand(
                displayName: "Generating Swift from \(specs[0].lastPathComponent) for \(target.name)",
                executable: try context.tool(named: "roundtrip-generator").url,
                arguments: [specs[0].path(), configs[0].path(), output.path()],
                inputFiles: [specs[0], configs[0]],
                outputFiles: [output]
            )
        ]
    }
}

/// A plugin failure with the message SwiftPM shows.
struct PluginError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
