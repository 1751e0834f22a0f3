import Foundation

/// Committed fixtures under `Tests/Fixtures`.
enum AndroidFixture {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func bytes(_ relative: String) throws -> [UInt8] {
        Array(try Data(contentsOf: root.appendingPathComponent(relative)))
    }

    /// The SHA-256 fingerprint Google's compatibility tests use.
    static let fingerprint = "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"

    /// A one-statement file granting `relation` to `com.example.app`, with more statement keys.
    static func appStatement(relation: String = "delegate_permission/common.handle_all_urls", extra: String = "") -> String {
        let more = extra.isEmpty ? "" : ", " + extra
        return """
            [{"relation": ["\(relation)"], "target": {"namespace": "android_app", "package_name": "com.example.app", \
            "sha256_cert_fingerprints": ["\(fingerprint)"]}\(more)}]
            """
    }
}
