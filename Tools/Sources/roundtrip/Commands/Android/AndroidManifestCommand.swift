import ArgumentParser
import Foundation
import Roundtrip
import RoundtripAndroid

/// `roundtrip android manifest --spec SPEC`
struct AndroidManifestCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "manifest",
        abstract: "Print the <intent-filter> elements that open the spec's routes, for the app's <activity> in AndroidManifest.xml.",
        discussion: """
            One verified filter (android:autoVerify="true", VIEW, DEFAULT, BROWSABLE, https) per \
            set of app.domains hosts that take the same paths, and a separate unverified filter \
            per custom scheme, since a filter's <data> elements combine as a cross product. Paths \
            are path, pathPrefix or pathPattern attributes; with dynamic-rules the verified filter \
            names scheme and hosts only, and the routes live in assetlinks.json. Routes Android \
            reads differently from iOS are warned about on standard error.
            """
    )

    @Option(help: "The spec file (YAML or JSON).")
    var spec: String

    func run() async throws {
        let loaded: SpecLoader.Loaded
        do {
            loaded = try SpecLoader.load(contentsOf: spec)
        } catch {
            throw CommandFailure.usage("the spec \(spec) is not usable:\n" + error.description)
        }
        for diagnostic in loaded.diagnostics where diagnostic.rule == "android-pattern-differs" {
            FileHandle.standardError.write(Data("warning: \(diagnostic.keyPath): \(diagnostic.message) [\(diagnostic.rule)]\n".utf8))
        }
        let manifest = IntentFilterGenerator.manifest(for: loaded.spec)
        if manifest.filters.isEmpty {
            FileHandle.standardError.write(Data("warning: the spec has no routes, schemes or domains; no intent filter opens the app\n".utf8))
            return
        }
        FileHandle.standardOutput.write(Data(manifest.intentFiltersXML().utf8))
    }
}
