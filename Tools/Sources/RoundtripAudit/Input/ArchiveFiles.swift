import Foundation
import ZIPFoundation

/// The files of an `.ipa` (a zip archive), read in memory: nothing is ever extracted to disk.
///
/// Entry names are checked before use: an absolute name, a `..` component or a backslash (zip-slip)
/// is refused and listed in ``unsafeEntries``; a name longer than
/// ``AuditLimits/maximumEntryNameBytes`` or with more components than
/// ``AuditLimits/maximumEntryNameComponents`` is left unread and noted in ``reachedLimits``. The
/// names are indexed as a tree of folders, one component at a time, so the work is linear in the
/// length of the names however deep they go. Symbolic-link entries are indexed but never
/// followed. Every read is bounded by the declared size and by the bytes actually inflated, so a
/// zip bomb stops at the limit; deflated entries go through ``DeflatedEntryReader``, which also
/// bounds the compressed bytes read.
final class ArchiveFiles: BundleFiles {
    private let archive: Archive
    private let archivePath: String
    /// Regular files by their normalized name.
    private var files: [String: Entry] = [:]
    /// Symbolic links by their normalized name.
    private var links: [String: Entry] = [:]
    /// The folder tree; node 0 is the archive's root.
    private var nodes: [Node] = [Node()]
    /// Names refused as unsafe, sorted.
    private(set) var unsafeEntries: [String] = []
    /// The entry-name limits the archive reached.
    private(set) var reachedLimits: [ReachedLimit] = []
    /// How many name bytes and components indexing has stepped over: linear in the names' length.
    private(set) var steps = 0

    private struct Node {
        var children: [String: Int] = [:]
        var isSymbolicLink = false
    }

    /// Opens an archive and indexes its entries.
    ///
    /// - Throws: ``AuditError`` `corrupt-archive` when it is not a zip file, `too-large` when it
    ///   lists more entries than the limit.
    /// - Complexity: O(*n*) in the total length of the entry names.
    init(path: String, limits: AuditLimits) throws(AuditError) {
        archivePath = path
        do {
            archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .read)
        } catch {
            throw AuditError(.corruptArchive, "not a readable zip archive (an .ipa is a zip file with Payload/*.app inside): \(error)", path: path)
        }
        var count = 0
        var unsafe: Set<String> = []
        var tooLong: [String] = []
        var tooDeep: [String] = []
        for entry in archive {
            count += 1
            guard count <= limits.maximumArchiveEntries else {
                throw AuditError(.tooLarge, "the archive lists more than \(limits.maximumArchiveEntries) entries", path: path)
            }
            let raw = entry.path
            guard raw.utf8.count <= limits.maximumEntryNameBytes else {
                tooLong.append(raw)
                continue
            }
            steps += raw.utf8.count
            guard let pieces = Self.safePieces(raw) else {
                unsafe.insert(raw)
                continue
            }
            guard pieces.count <= limits.maximumEntryNameComponents else {
                tooDeep.append(raw)
                continue
            }
            let node = index(pieces)
            switch entry.type {
            case .file: files[pieces.joined(separator: "/")] = entry
            case .symlink:
                nodes[node].isSymbolicLink = true
                links[pieces.joined(separator: "/")] = entry
            case .directory: break
            }
        }
        unsafeEntries = unsafe.sorted()
        if let first = tooLong.first {
            reachedLimits.append(
                ReachedLimit(
                    limit: "maximumEntryNameBytes",
                    message: "the archive holds \(Self.entries(tooLong.count)) whose \(tooLong.count == 1 ? "name is" : "names are") longer than "
                        + "\(limits.maximumEntryNameBytes) bytes, left unread (the first: \(ReachedLimit.shown(first)))",
                    location: path
                )
            )
        }
        if let first = tooDeep.first {
            reachedLimits.append(
                ReachedLimit(
                    limit: "maximumEntryNameComponents",
                    message: "the archive holds \(Self.entries(tooDeep.count)) more than \(limits.maximumEntryNameComponents) folders deep, "
                        + "left unread (the first: \(ReachedLimit.shown(first)))",
                    location: path
                )
            )
        }
    }

    func items(in folder: String) -> [BundleItem] {
        guard let node = node(at: folder), !nodes[node].isSymbolicLink else { return [] }
        return nodes[node].children.map { BundleItem(name: $0.key, isSymbolicLink: nodes[$0.value].isSymbolicLink) }.sorted { $0.name < $1.name }
    }

    func contents(of path: String, limit: Int) throws(AuditError) -> Data? {
        guard let node = node(at: path), !nodes[node].isSymbolicLink, let entry = files[path] else { return nil }
        return try read(entry, limit: limit, shown: archivePath + "/" + path)
    }

    func linkTarget(of path: String, limit: Int) -> String? {
        // A link entry's data is its target.
        guard node(at: path) != nil, let entry = links[path], let data = try? read(entry, limit: limit, shown: path) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// The bytes of an entry, bounded by `limit`.
    private func read(_ entry: Entry, limit: Int, shown: String) throws(AuditError) -> Data {
        guard entry.uncompressedSize <= UInt64(limit) else {
            throw AuditError(.tooLarge, "the entry declares \(entry.uncompressedSize) bytes, more than the limit of \(limit)", path: shown)
        }
        if entry.isCompressed {
            return try DeflatedEntryReader(archivePath: archivePath).read(entry, limit: limit, shown: shown)
        }
        // Stored entries: ZIPFoundation reads exactly the declared size, in bounded chunks.
        var data = Data()
        do {
            _ = try archive.extract(entry, skipCRC32: false) { chunk in
                data.append(chunk)
                if data.count > limit { throw SizeExceeded() }
            }
        } catch is SizeExceeded {
            throw AuditError(.tooLarge, "the entry inflates past the limit of \(limit) bytes", path: shown)
        } catch {
            throw AuditError(.corruptArchive, "the entry cannot be read: \(error)", path: shown)
        }
        return data
    }

    /// Records a name's folders in the tree, one component at a time; returns the name's node.
    private func index(_ pieces: [Substring]) -> Int {
        var node = 0
        for piece in pieces {
            steps += 1
            let name = String(piece)
            if let child = nodes[node].children[name] {
                node = child
            } else {
                nodes.append(Node())
                nodes[node].children[name] = nodes.count - 1
                node = nodes.count - 1
            }
        }
        return node
    }

    /// The node of a path; `nil` when it is not in the archive or passes through a symbolic link
    /// before its last component.
    private func node(at path: String) -> Int? {
        var node = 0
        for piece in path.split(separator: "/") {
            guard !nodes[node].isSymbolicLink, let child = nodes[node].children[String(piece)] else { return nil }
            node = child
        }
        return node
    }

    /// "1 entry", "2 entries".
    private static func entries(_ count: Int) -> String { count == 1 ? "1 entry" : "\(count) entries" }

    /// The name without `./` pieces and trailing `/`, or `nil` when it could escape the archive.
    static func safeName(_ raw: String) -> String? {
        safePieces(raw)?.joined(separator: "/")
    }

    /// The components of a name without `.` and empty ones, or `nil` when it could escape the
    /// archive: absolute, a `..` component, a backslash, a NUL, or a drive letter (`C:`).
    ///
    /// - Complexity: O(*n*) in the length of the name.
    static func safePieces(_ raw: String) -> [Substring]? {
        guard !raw.hasPrefix("/"), !raw.contains("\\"), !raw.contains("\0") else { return nil }
        var pieces: [Substring] = []
        for piece in raw.split(separator: "/", omittingEmptySubsequences: true) {
            if piece == "." { continue }
            if piece == ".." { return nil }
            pieces.append(piece)
        }
        guard !pieces.isEmpty, !(pieces.first?.contains(":") ?? false) else { return nil }
        return pieces
    }

    private struct SizeExceeded: Error {}
}
