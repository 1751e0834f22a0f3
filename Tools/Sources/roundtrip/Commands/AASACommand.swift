import ArgumentParser
import Foundation
import RoundtripAssociatedDomains

/// `roundtrip aasa …`
struct AASACommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "aasa",
        abstract: "Lint, generate, match and check live apple-app-site-association files, as iOS and Apple's CDN read them.",
        subcommands: [
            AASALintCommand.self, AASAGenerateCommand.self, AASAExportCommand.self, AASAMatchCommand.self, AASACheckCommand.self,
        ]
    )

    /// Reads a file's bytes, or exits 2.
    ///
    /// At most one byte past Apple's 128 KB limit is read: enough for the library to refuse a
    /// larger file (`lint` reports `file-size` and exits 1, `match` reports `too-large` and exits
    /// 2), while a huge file, or an endless one such as a device, is never read whole.
    ///
    /// - Parameter limit: The most bytes read; other files' commands pass their own.
    static func read(_ path: String, limit: Int = AssociationLinter.maximumSize + 1) throws -> [UInt8] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
            let handle = FileHandle(forReadingAtPath: path)
        else {
            throw CommandFailure.usage("cannot read \(path) (does it exist?)")
        }
        defer { try? handle.close() }
        var bytes: [UInt8] = []
        do {
            while bytes.count < limit, let chunk = try handle.read(upToCount: limit - bytes.count), !chunk.isEmpty {
                bytes += chunk
            }
        } catch {
            throw CommandFailure.usage("cannot read \(path): \(error.localizedDescription)")
        }
        return bytes
    }
}
