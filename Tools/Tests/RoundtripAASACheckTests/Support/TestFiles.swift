/// The association files the test sites serve.
enum TestFiles {
    static let appID = "ABCDE12345.com.example.shop"

    /// Opens /items/* and /pay for ``appID``.
    static let good = """
        {"applinks": {"details": [{"appIDs": ["\(appID)"], "components": [{"/": "/items/*"}, {"/": "/pay"}]}]}}
        """

    /// What the site served last week: /items/* only.
    static let old = """
        {"applinks": {"details": [{"appIDs": ["\(appID)"], "components": [{"/": "/items/*"}]}]}}
        """

    /// Over 128 KB of valid JSON.
    static let big =
        "{\"applinks\": {\"details\": [{\"appIDs\": [\"\(appID)\"], \"components\": [" + String(repeating: "{\"/\": \"/a\"},", count: 12_000)
        + "{\"/\": \"/b\"}]}]}}"

    /// The Android package the sites' `assetlinks.json` verify.
    static let package = "com.example.shop"
    static let fingerprint = (0..<32).map { _ in "AB" }.joined(separator: ":")

    /// A Digital Asset Links file that verifies `package` with ``fingerprint``.
    static func assetLinks(package: String) -> String {
        """
        [{"relation": ["delegate_permission/common.handle_all_urls"],
          "target": {"namespace": "android_app", "package_name": "\(package)", "sha256_cert_fingerprints": ["\(fingerprint)"]}}]
        """
    }
}
