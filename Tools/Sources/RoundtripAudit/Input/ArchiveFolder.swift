import Foundation

/// A folder of `.ipa` files to audit one by one (`roundtrip audit DIR`).
package struct ArchiveFolder: Sendable, Hashable {
    /// The folder.
    package let path: String
    /// The `.ipa` files directly inside it, sorted by name.
    package let archives: [String]

    /// Lists a folder's `.ipa` files.
    ///
    /// - Throws: ``AuditError`` `unreadable` when the folder cannot be listed.
    /// - Complexity: O(*n* log *n*) in the number of entries of the folder.
    package init(path: String) throws(AuditError) {
        self.path = path
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: path)
        } catch {
            throw AuditError(.unreadable, "the folder cannot be listed", path: path)
        }
        archives = names.filter { $0.lowercased().hasSuffix(".ipa") }.sorted()
            .map { URL(fileURLWithPath: path).appendingPathComponent($0).path }
    }

    /// Whether a path should be audited as a folder of archives: a folder that is not an `.app`
    /// and holds no Info.plist of its own.
    package static func isArchiveFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else { return false }
        let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
        guard !trimmed.hasSuffix(".app"), !trimmed.hasSuffix(".appex") else { return false }
        return !FileManager.default.fileExists(atPath: URL(fileURLWithPath: path).appendingPathComponent("Info.plist").path)
    }
}
