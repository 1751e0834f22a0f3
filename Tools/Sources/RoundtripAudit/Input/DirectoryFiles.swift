import Foundation

/// The files of a bundle folder on disk. Symbolic links are never followed, so a crafted bundle
/// cannot make the audit read outside it.
struct DirectoryFiles: BundleFiles {
    /// The folder.
    let root: URL

    func children(of folder: String) -> [String] {
        let url = folder.isEmpty ? root : root.appendingPathComponent(folder)
        guard !isSymbolicLink(url.path) else { return [] }
        return (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
    }

    func contents(of path: String, limit: Int) throws(AuditError) -> Data? {
        let url = root.appendingPathComponent(path)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue,
            !isSymbolicLink(url.path)
        else {
            return nil
        }
        return try Self.read(url.path, limit: limit)
    }

    /// Reads a whole file, refusing one larger than `limit` bytes.
    static func read(_ path: String, limit: Int) throws(AuditError) -> Data {
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 0
        guard size <= limit else {
            throw AuditError(.tooLarge, "the file has \(size) bytes, more than the limit of \(limit)", path: path)
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw AuditError(.unreadable, "the file cannot be read (does it exist, and may you read it?)", path: path)
        }
        guard data.count <= limit else {
            throw AuditError(.tooLarge, "the file has \(data.count) bytes, more than the limit of \(limit)", path: path)
        }
        return data
    }

    private func isSymbolicLink(_ path: String) -> Bool {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) != nil
    }
}
