import Foundation

/// Where the repository's committed files are, for every test target of the root package.
public enum Fixture {
    /// The repository's root folder.
    public static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The committed fixtures, `Tests/Fixtures`.
    public static let root = repository.appendingPathComponent("Tests/Fixtures")

    /// The path of a fixture, given relative to `Tests/Fixtures` (`specs/rich.yaml`).
    public static func path(_ relative: String) -> String {
        root.appendingPathComponent(relative).path
    }

    /// The path of a committed file, given relative to the repository (`Examples/bear.yaml`).
    public static func repositoryPath(_ relative: String) -> String {
        repository.appendingPathComponent(relative).path
    }

    /// The folders whose every spec file the tests load, generate and compile.
    public static let specFolders = ["Examples", "Tests/Fixtures/specs"]

    /// Every spec in `Examples/` and `Tests/Fixtures/specs/` (YAML and JSON), by path relative to
    /// the repository, sorted.
    ///
    /// - Complexity: O(*n* log *n*) in the number of files in those folders.
    public static var specPaths: [String] {
        specFolders.flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: repositoryPath(folder))) ?? [])
                .filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".json") }
                .map { "\(folder)/\($0)" }
        }.sorted()
    }
}
