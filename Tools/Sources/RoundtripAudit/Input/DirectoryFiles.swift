import Foundation

/// The files of a bundle folder on disk. Symbolic links are never followed: every component of a
/// path below the root is examined with `lstat` (Foundation's `attributesOfItem(atPath:)`, which
/// describes a link itself, not what it points to), and a path that passes through or ends at a
/// link reads as absent, so a crafted bundle cannot make the audit read outside it.
struct DirectoryFiles: BundleFiles {
    /// The folder (followed if it is itself a link: that is the path the user chose).
    let root: URL

    func items(in folder: String) -> [BundleItem] {
        guard kind(of: folder) == .folder else { return [] }
        let url = Self.url(root, folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.map { name in
            BundleItem(name: name, isSymbolicLink: Self.type(of: url.appendingPathComponent(name).path) == .typeSymbolicLink)
        }
    }

    func stream(_ path: String, limit: Int, into sink: (_ chunk: Data, _ size: Int) -> Bool) throws(AuditError) -> Bool {
        guard kind(of: path) == .file else { return false }
        let full = Self.url(root, path).path
        let size = try Self.size(of: full, limit: limit)
        guard let handle = FileHandle(forReadingAtPath: full) else {
            throw AuditError(.unreadable, "the file cannot be read (does it exist, and may you read it?)", path: full)
        }
        defer { try? handle.close() }
        var read = 0
        while true {
            let chunk: Data
            do {
                chunk = try handle.read(upToCount: ArchiveEntryReader.chunkBytes) ?? Data()
            } catch {
                throw AuditError(.unreadable, "the file cannot be read: \(error)", path: full)
            }
            if chunk.isEmpty { return true }
            read += chunk.count
            // The file may have grown since its size was taken.
            guard read <= limit else { throw AuditError(.tooLarge, "the file has more than \(limit) bytes, the limit", path: full) }
            guard sink(chunk, size) else { return true }
        }
    }

    func linkTarget(of path: String, limit: Int) -> String? {
        guard kind(of: path) == .symbolicLink,
            let target = try? FileManager.default.destinationOfSymbolicLink(atPath: Self.url(root, path).path),
            target.utf8.count <= limit
        else { return nil }
        return target
    }

    func isSymbolicLink(_ path: String) -> Bool {
        // One `lstat` of the whole path: its earlier components are free of links.
        Self.type(of: Self.url(root, path).path) == .typeSymbolicLink
    }

    /// Reads a whole file, refusing one larger than `limit` bytes.
    static func read(_ path: String, limit: Int) throws(AuditError) -> Data {
        _ = try Self.size(of: path, limit: limit)
        guard let data = FileManager.default.contents(atPath: path) else {
            throw AuditError(.unreadable, "the file cannot be read (does it exist, and may you read it?)", path: path)
        }
        guard data.count <= limit else {
            throw AuditError(.tooLarge, "the file has \(data.count) bytes, more than the limit of \(limit)", path: path)
        }
        return data
    }

    /// A file's size, refused past `limit`.
    private static func size(of path: String, limit: Int) throws(AuditError) -> Int {
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 0
        guard size <= limit else {
            throw AuditError(.tooLarge, "the file has \(size) bytes, more than the limit of \(limit)", path: path)
        }
        return size
    }

    private enum Kind { case folder, file, symbolicLink, other }

    /// What is at a relative path, examined one component at a time so that no link on the way is
    /// followed; `nil` when nothing is there or an earlier component is not a folder.
    private func kind(of relative: String) -> Kind? {
        var url = root
        var kind = Kind.folder
        for piece in relative.split(separator: "/") {
            guard kind == .folder else { return nil }
            url.appendPathComponent(String(piece))
            switch Self.type(of: url.path) {
            case .typeDirectory?: kind = .folder
            case .typeRegular?: kind = .file
            case .typeSymbolicLink?: kind = .symbolicLink
            case nil: return nil
            default: kind = .other
            }
        }
        return kind
    }

    /// The type of the item itself (a link is not followed).
    private static func type(of path: String) -> FileAttributeType? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
    }

    private static func url(_ root: URL, _ relative: String) -> URL {
        relative.isEmpty ? root : root.appendingPathComponent(relative)
    }
}
