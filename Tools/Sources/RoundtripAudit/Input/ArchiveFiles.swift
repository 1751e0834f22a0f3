import Foundation
import ZIPFoundation

/// The files of an `.ipa` (a zip archive), read in memory: nothing is ever extracted to disk.
///
/// Entry names are checked before use: an absolute name, a `..` component or a backslash (zip-slip)
/// is refused and listed in ``unsafeEntries``. Every read is bounded by the declared size and by
/// the bytes actually inflated, so a zip bomb stops at the limit; deflated entries go through
/// ``DeflatedEntryReader``, which also bounds the compressed bytes read.
final class ArchiveFiles: BundleFiles {
    private let archive: Archive
    private let archivePath: String
    /// Regular-file and folder entries by their normalized name.
    private var entries: [String: Entry] = [:]
    /// Folder name to the names directly inside it.
    private var folders: [String: Set<String>] = [:]
    /// Names refused as unsafe, sorted.
    private(set) var unsafeEntries: [String] = []

    /// Opens an archive and indexes its entries.
    ///
    /// - Throws: ``AuditError`` `corrupt-archive` when it is not a zip file, `too-large` when it
    ///   lists more entries than the limit.
    init(path: String, limits: AuditLimits) throws(AuditError) {
        archivePath = path
        do {
            archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .read)
        } catch {
            throw AuditError(.corruptArchive, "not a readable zip archive (an .ipa is a zip file with Payload/*.app inside): \(error)", path: path)
        }
        var count = 0
        var unsafe: Set<String> = []
        for entry in archive {
            count += 1
            guard count <= limits.maximumArchiveEntries else {
                throw AuditError(.tooLarge, "the archive lists more than \(limits.maximumArchiveEntries) entries", path: path)
            }
            guard let name = Self.safeName(entry.path) else {
                unsafe.insert(entry.path)
                continue
            }
            guard entry.type != .symlink else { continue }
            if entry.type == .file { entries[name] = entry }
            index(name)
        }
        unsafeEntries = unsafe.sorted()
    }

    func children(of folder: String) -> [String] {
        folders[folder].map { $0.sorted() } ?? []
    }

    func contents(of path: String, limit: Int) throws(AuditError) -> Data? {
        guard let entry = entries[path] else { return nil }
        let shown = archivePath + "/" + path
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

    /// Records a name and all of its parent folders.
    private func index(_ name: String) {
        var pieces = name.split(separator: "/").map(String.init)
        while !pieces.isEmpty {
            let last = pieces.removeLast()
            folders[pieces.joined(separator: "/"), default: []].insert(last)
        }
    }

    /// The name without `./` pieces and trailing `/`, or `nil` when it could escape the archive.
    static func safeName(_ raw: String) -> String? {
        guard !raw.hasPrefix("/"), !raw.contains("\\"), !raw.contains("\0") else { return nil }
        var pieces: [Substring] = []
        for piece in raw.split(separator: "/", omittingEmptySubsequences: true) {
            if piece == "." { continue }
            if piece == ".." { return nil }
            pieces.append(piece)
        }
        guard !pieces.isEmpty, !(pieces.first?.contains(":") ?? false) else { return nil }
        return pieces.joined(separator: "/")
    }

    private struct SizeExceeded: Error {}
}
