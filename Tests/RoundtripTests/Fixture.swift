import Foundation

/// Paths of the committed fixtures in `Tests/Fixtures`.
enum Fixture {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func path(_ relative: String) -> String {
        root.appendingPathComponent(relative).path
    }
}
