import Foundation

/// A file's inode number, to notice that the file at a path was deleted or replaced.
struct FileIdentity: Sendable {
    let path: String
    let number: UInt64?

    init(path: String) {
        self.path = path
        number = Self.number(at: path)
    }

    /// Why the file at ``path`` is not the one seen at start, or `nil` when it is.
    func change() -> String? {
        guard let now = Self.number(at: path) else { return "the database file \(path) was deleted" }
        return now == number ? nil : "the database file \(path) was replaced"
    }

    private static func number(at path: String) -> UInt64? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return nil }
        return (attributes[.systemFileNumber] as? NSNumber)?.uint64Value
    }
}
