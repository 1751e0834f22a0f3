import Foundation
import RoundtripAssociatedDomains

/// Committed fixtures under `Tests/Fixtures/aasa`, and small builders for inline files.
enum AASAFixture {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func path(_ relative: String) -> String {
        root.appendingPathComponent(relative).path
    }

    static func bytes(_ relative: String) throws -> [UInt8] {
        Array(try Data(contentsOf: root.appendingPathComponent(relative)))
    }

    /// A file from JSON text, decoded strictly.
    static func file(_ json: String) throws -> AssociationFile {
        try AssociationFile(json: Array(json.utf8))
    }

    /// A one-detail file for app `A1B2C3D4E5.com.example.app` with these components (JSON array
    /// text) and, optionally, more `applinks` keys.
    static func components(_ components: String, applinks extra: String = "") throws -> AssociationFile {
        let more = extra.isEmpty ? "" : ", " + extra
        return try file(
            """
            {"applinks": {"details": [{"appIDs": ["\(app)"], "components": \(components)}]\(more)}}
            """
        )
    }

    static let app = "A1B2C3D4E5.com.example.app"
}
