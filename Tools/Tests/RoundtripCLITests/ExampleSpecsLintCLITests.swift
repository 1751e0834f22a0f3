import Foundation
import RoundtripToolsTestSupport
import Testing

/// Every spec under `Examples/` (the sample apps' included) is one a reader can copy: `spec lint`
/// finds no error in it.
@Suite("CLI: the example specs lint clean")
struct ExampleSpecsLintCLITests {
    /// Every YAML spec under `Examples/`, relative to the repository root; an Xcode project
    /// description (`project.yml`) is no spec.
    static let specs: [String] = {
        let root = CommandLineRunner.repositoryRoot
        let folder = root.appendingPathComponent("Examples")
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? []
        return files.filter { $0.pathExtension == "yaml" && $0.lastPathComponent != "project.yml" }
            .map { String($0.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1)) }
            .sorted()
    }()

    @Test func theExamplesAreFound() {
        #expect(Self.specs.contains("Examples/payment-terminal.yaml"))
        #expect(Self.specs.contains("Examples/Apps/PointOfSale/point-of-sale.yaml"))
        #expect(Self.specs.count >= 7)
    }

    @Test(arguments: specs)
    func lintFindsNoError(_ spec: String) throws {
        let run = try CommandLineRunner.run(["spec", "lint", spec, "--json"])
        #expect(run.exitCode == 0, "\(spec): \(run.stdout)\(run.stderr)")
        #expect(run.json?["valid"] as? Bool == true)
        let findings = run.json?["findings"] as? [[String: Any]] ?? []
        #expect(!findings.contains { $0["severity"] as? String == "error" }, "\(findings)")
    }
}
