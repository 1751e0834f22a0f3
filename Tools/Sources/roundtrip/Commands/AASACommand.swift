import ArgumentParser
import Foundation
import RoundtripAssociatedDomains

/// `roundtrip aasa …`
struct AASACommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "aasa",
        abstract: "Lint, generate and match apple-app-site-association files, as iOS reads them.",
        subcommands: [AASALintCommand.self, AASAGenerateCommand.self, AASAExportCommand.self, AASAMatchCommand.self]
    )

    /// Reads a file's bytes, or exits 2.
    static func read(_ path: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CommandFailure.usage("cannot read \(path) (does it exist?)")
        }
        return Array(data)
    }
}
