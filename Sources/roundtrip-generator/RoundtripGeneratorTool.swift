import Foundation
import Roundtrip
import RoundtripGeneration
import RoundtripYAML

/// The tool the `RoundtripGenerator` build plugin runs:
/// `roundtrip-generator SPEC CONFIG OUTPUT` writes the Swift source for the spec, as configured.
/// It prints the spec loader's own errors and exits 2 when the spec does not load.
@main
enum RoundtripGeneratorTool {
    static func main() {
        let arguments = CommandLine.arguments.dropFirst()
        guard arguments.count == 3 else {
            FileHandle.standardError.write(Data("usage: roundtrip-generator SPEC CONFIG OUTPUT\n".utf8))
            exit(2)
        }
        let specPath = arguments[arguments.startIndex]
        let configPath = arguments[arguments.startIndex + 1]
        let outputPath = arguments[arguments.startIndex + 2]
        do {
            let spec = try SpecLoader.load(contentsOf: specPath).spec
            let configText = String(decoding: FileManager.default.contents(atPath: configPath) ?? Data(), as: UTF8.self)
            let configuration = try GeneratorConfiguration(
                configurationText: configText,
                file: URL(fileURLWithPath: configPath).lastPathComponent
            )
            let source = SwiftGenerator.generate(spec, configuration: configuration, source: URL(fileURLWithPath: specPath).lastPathComponent)
            // Written only when it changed, so an unchanged spec does not rebuild the target.
            if FileManager.default.contents(atPath: outputPath) != Data(source.utf8) {
                try Data(source.utf8).write(to: URL(fileURLWithPath: outputPath))
            }
        } catch let error as SpecError {
            FileHandle.standardError.write(Data((error.description + "\n").utf8))
            exit(2)
        } catch {
            FileHandle.standardError.write(Data("roundtrip-generator: \(error)\n".utf8))
            exit(2)
        }
    }
}
