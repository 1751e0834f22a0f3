import ArgumentParser
import Foundation
import RoundtripAndroid

/// `roundtrip assetlinks …`
struct AssetLinksCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "assetlinks",
        abstract: "Generate, lint, match and check live Digital Asset Links files (assetlinks.json), as Android's App Links verifier reads them.",
        subcommands: [AssetLinksGenerateCommand.self, AssetLinksLintCommand.self, AssetLinksMatchCommand.self, AssetLinksCheckCommand.self]
    )
}

/// `roundtrip android …`
struct AndroidCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "android",
        abstract: "Write a spec's intent filters for AndroidManifest.xml, and match URLs against a manifest as Android does.",
        subcommands: [AndroidManifestCommand.self, AndroidMatchCommand.self]
    )
}

/// The failure of an Android file that cannot be read or is invalid: exit 2, with
/// `{"error": {"code", "message"}}` on stdout under `--json`.
enum AndroidFileFailure {
    /// The file's bytes, at most one past `limit` (enough for the reader to refuse a larger
    /// file), or exit 2 with `code`.
    static func read(_ path: String, limit: Int, code: AndroidError.Code, json: Bool) throws -> [UInt8] {
        do {
            return try AASACommand.read(path, limit: limit + 1)
        } catch let failure as CommandFailure {
            throw report(AndroidError(code, "cannot read \(path) (does it exist?)"), json: json, otherwise: failure)
        }
    }

    /// `error` as exit 2: its JSON under `--json`, else `otherwise` or `error: code: message`.
    static func report(_ error: AndroidError, json: Bool, otherwise: CommandFailure? = nil) -> CommandFailure {
        if json {
            JSONOutput.print(ErrorObjectJSON(error: ErrorJSON(error)))
            return CommandFailure(exitCode: CommandFailure.usageCode, message: "")
        }
        return otherwise ?? CommandFailure.usage(error.description)
    }

    /// `{"error": {"code", "message"}}`.
    struct ErrorObjectJSON: Encodable {
        let error: ErrorJSON
    }
}
