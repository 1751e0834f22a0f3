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
}
