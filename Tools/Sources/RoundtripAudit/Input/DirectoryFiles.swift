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

    func contents(of path: String, limit: Int) throws(AuditError) -> Data? {
        guard kind(of: path) == .file else { return nil }
        return try Self.read(Self.url(root, path).path, limit: limit)
    }

    func linkTarget(of path: String, limit: Int) -> String? {
        guard kind(of: path) == .symbolicLink,
            let target = try? FileManager.default.destinationOfSymbolicLink(atPath: Self.url(root, path).path),
            target.utf8.count <= limit
        else { return nil }
        return target
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
