import Foundation

/// A ledger generation kept in a file of its own, outside the ledger's folder: the place for it
/// where there is no Keychain (Linux, the `roundtrip` command line).
///
/// The file holds the generation as decimal digits and a line feed. Each write replaces it
/// atomically (a temporary file, flushed to the disk, `rename`, the folder flushed), so a crash
/// leaves the old number or the new one. A generation lower than the one recorded is refused
/// with ``StorageError`` `ledger-rollback`: the record never goes backwards, so a ledger folder
/// restored from a backup stays refused.
///
/// The protection is only as good as the place: keep the file where whoever can write (or
/// restore) the ledger folder cannot, on a different volume or outside the backups the ledger
/// folder is part of. Its folder is checked as the ledger's is: a folder that belongs to another
/// user, or in which its group or other users may write, is refused (`unsafe-folder`). Give each
/// ledger its own file.
///
/// ```swift
/// let generations = FileLedgerGenerationStore(path: "/var/lib/example/ledger.generation")
/// let ledger = FileLedgerStore(directory: folder, keyData: key, generations: generations)
/// ```
public struct FileLedgerGenerationStore: LedgerGenerationStore {
    /// The file that holds the generation.
    public let path: String

    /// The longest file read: 20 digits (`UInt64.max`) and a line feed, with room to spare.
    private static let maximumBytes = 64

    /// Creates a store; the file (and its folder, mode 0700) is created on the first write.
    ///
    /// - Parameter path: The generation file, outside the ledger's folder.
    public init(path: String) { self.path = path }

    /// `the file '<path>'`.
    public var location: String { "the file '\(path)'" }

    /// The last generation recorded; `0` when the file does not exist.
    ///
    /// - Returns: The generation.
    /// - Throws: ``StorageError`` `unsafe-folder` when another user could tamper with the file's
    ///   folder, `damaged` when the file does not hold one decimal number, or an I/O error.
    public func loadGeneration() throws(StorageError) -> UInt64 {
        try StoreFolder.checkSafety(of: folder)
        guard let data = try AtomicFile.read(path) else { return 0 }
        guard data.count <= Self.maximumBytes else {
            throw StorageError(
                .damaged,
                path: path,
                operation: "read",
                reason: "the generation file has \(data.count) bytes, more than \(Self.maximumBytes)"
            )
        }
        var text = String(decoding: data, as: UTF8.self)
        if text.hasSuffix("\n") { text.removeLast() }
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }), let generation = UInt64(text) else {
            throw StorageError(.damaged, path: path, operation: "read", reason: "the generation file does not hold one decimal number")
        }
        return generation
    }

    /// Records a generation, atomically and flushed to the disk.
    ///
    /// - Parameter generation: The new generation.
    /// - Throws: ``StorageError`` `ledger-rollback` when it is lower than the one recorded;
    ///   `unsafe-folder`, `damaged` or an I/O error as ``loadGeneration()``.
    public func saveGeneration(_ generation: UInt64) throws(StorageError) {
        let recorded = try loadGeneration()
        guard generation >= recorded else {
            throw StorageError(
                .ledgerRollback,
                path: path,
                operation: "write",
                reason:
                    "generation \(generation) is lower than generation \(recorded) recorded in the file: a ledger older than the last one written asked to record its generation; refusing to go backwards"
            )
        }
        try AtomicFile.ensureDirectory(folder)
        try AtomicFile.write(Data("\(generation)\n".utf8), to: path)
    }

    /// The folder that holds the file.
    private var folder: String {
        let parent = (path as NSString).deletingLastPathComponent
        return parent.isEmpty ? "." : parent
    }
}
