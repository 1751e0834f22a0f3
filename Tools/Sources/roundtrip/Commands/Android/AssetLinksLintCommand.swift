import ArgumentParser
import Foundation
import RoundtripAndroid

/// `roundtrip assetlinks lint FILE [--json]`
struct AssetLinksLintCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check an assetlinks.json file and report every problem with its place and how to fix it.",
        discussion: """
            With --json: {"valid", "findings": [{"rule", "severity", "path", "line", "column", "message"}]}.

            Exits 0 when the file has no errors (warnings and notes allowed), 1 when it has errors \
            (a file that is not strict JSON is one), 2 when it cannot be read.
            """
    )

    @Argument(help: "The assetlinks.json file.")
    var file: String

    @OptionGroup var output: JSONOption

    func run() async throws {
        let bytes = try AndroidFileFailure.read(file, limit: AssetLinksDecoder.maximumSize, code: .invalidAssetLinks, json: output.json)
        try AASALintCommand.report(AssetLinksLinter.lint(bytes), file: file, json: output.json)
    }
}
