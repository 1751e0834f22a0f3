import Foundation

/// Fresh folders for tests that write files (ledgers, replay guards, locks).
public enum TemporaryFolder {
    /// Creates a new, empty folder in the system's temporary directory.
    ///
    /// - Parameter prefix: The start of the folder's name, saying which tests made it.
    /// - Returns: The folder's path.
    public static func make(prefix: String = "roundtrip") -> String {
        let path = NSTemporaryDirectory() + prefix + "-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}
