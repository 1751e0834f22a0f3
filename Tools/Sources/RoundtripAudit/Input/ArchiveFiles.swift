import Foundation
import ZIPFoundation

/// The files of an `.ipa` (a zip archive), read in memory: nothing is ever extracted to disk.
///
/// Entry names are checked before use: an absolute name, a `..` component or a backslash (zip-slip)
/// is refused and listed in ``unsafeEntries``; a name longer than
/// ``AuditLimits/maximumEntryNameBytes`` or with more components than
/// ``AuditLimits/maximumEntryNameComponents`` is left unread and noted in ``reachedLimits``.
/// Every other entry's local file header is read and checked against the central directory
/// (``ArchiveEntryLayout``): an entry whose local header names another file or marks its name's
/// encoding otherwise, or whose bytes overlap another entry's (one deflate stream inflated once
/// per entry, the "overlapping files" zip bomb), is never read and is listed in
/// ``refusedEntries``. The names are indexed as a tree of folders, one component at a time, so
/// the work is linear in the length of the names however deep they go. Symbolic-link entries
/// are indexed, and only ever resolved inside the archive. Every read streams the entry in
/// chunks through ``ArchiveEntryReader``, bounded by the declared size and by the bytes actually
/// inflated, so a zip bomb stops at the limit and a search of a large executable holds one chunk.
final class ArchiveFiles: BundleFiles {
    private let archivePath: String
    private let handle: FileHandle
    /// Regular files by their normalized name.
    private var files: [String: Item] = [:]
    /// Symbolic links by their normalized name.
    private var links: [String: Item] = [:]
    /// The folder tree; node 0 is the archive's root.
    private var nodes: [Node] = [Node()]
    /// Names refused as unsafe, sorted.
    private(set) var unsafeEntries: [String] = []
    /// Entries refused because their local header disagrees with the central directory or their
    /// bytes overlap another entry's, in the central directory's order.
    private(set) var refusedEntries: [RefusedArchiveEntry] = []
    /// The entry-name limits the archive reached.
    private(set) var reachedLimits: [ReachedLimit] = []
    /// How many name bytes and components indexing has stepped over: linear in the names' length.
    private(set) var steps = 0
    /// How many bytes of entries have been handed over (inflated, or read when stored) by every
    /// read so far: what a zip bomb would drive up.
    private(set) var inflatedBytes = 0

    private struct Node {
        var children: [String: Int] = [:]
        var isSymbolicLink = false
    }

    /// An entry that may be read, and where its bytes lie.
    private struct Item {
        let entry: Entry
        let layout: ArchiveEntryLayout
    }

    /// Opens an archive and indexes its entries.
    ///
    /// - Throws: ``AuditError`` `corrupt-archive` when it is not a zip file, `too-large` when it
    ///   lists more entries than the limit.
    /// - Complexity: O(*n*) in the total length of the entry names, plus one read of a local
    ///   header per entry and O(*e* log *e*) to find overlaps among *e* entries.
    init(path: String, limits: AuditLimits) throws(AuditError) {
        archivePath = path
        let archive: Archive
        do {
            archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .read)
        } catch {
            throw AuditError(.corruptArchive, "not a readable zip archive (an .ipa is a zip file with Payload/*.app inside): \(error)", path: path)
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw AuditError(.unreadable, "the archive cannot be opened", path: path)
        }
        self.handle = handle
        var count = 0
        var unsafe: Set<String> = []
        var tooLong: [String] = []
        var tooDeep: [String] = []
        var readable: [(name: String, pieces: [Substring], item: Item)] = []
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
            switch ArchiveEntryLayout.read(entry, in: handle) {
            case .success(let layout): readable.append((raw, pieces, Item(entry: entry, layout: layout)))
            case .failure(let problem): refusedEntries.append(RefusedArchiveEntry(name: raw, reason: problem.message))
            }
        }
        let overlaps = ArchiveEntryLayout.overlaps(readable.map(\.item.layout.span))
        for (position, candidate) in readable.enumerated() {
            if let other = overlaps[position] {
                let span = candidate.item.layout.span
                refusedEntries.append(
                    RefusedArchiveEntry(
                        name: candidate.name,
                        reason: "its bytes (\(span.lowerBound)..<\(span.upperBound) of the archive) overlap those of the entry "
                            + "\(ReachedLimit.shown(readable[other].name)), so one deflate stream would be inflated once per entry (a zip bomb)"
                    )
                )
                continue
            }
            let node = index(candidate.pieces)
            switch candidate.item.entry.type {
            case .file: files[candidate.pieces.joined(separator: "/")] = candidate.item
            case .symlink:
                nodes[node].isSymbolicLink = true
                links[candidate.pieces.joined(separator: "/")] = candidate.item
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

    deinit { try? handle.close() }

    func stream(_ path: String, limit: Int, into sink: (_ chunk: Data, _ size: Int) -> Bool) throws(AuditError) -> Bool {
        guard let node = node(at: path), !nodes[node].isSymbolicLink, let item = files[path] else { return false }
        _ = try ArchiveEntryReader(handle: handle).stream(item.entry, layout: item.layout, limit: limit, shown: archivePath + "/" + path) { chunk in
            inflatedBytes += chunk.count
            return sink(chunk, Int(item.entry.uncompressedSize))
        }
        return true
    }

    func linkTarget(of path: String, limit: Int) -> String? {
        // A link entry's data is its target.
        guard node(at: path) != nil, let item = links[path] else { return nil }
        var target = Data()
        do {
            _ = try ArchiveEntryReader(handle: handle).stream(item.entry, layout: item.layout, limit: limit, shown: path) { chunk in
                inflatedBytes += chunk.count
                target += chunk
                return true
            }
        } catch {
            return nil
        }
        return String(decoding: target, as: UTF8.self)
    }

    func isSymbolicLink(_ path: String) -> Bool {
        node(at: path).map { nodes[$0].isSymbolicLink } ?? false
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
}
