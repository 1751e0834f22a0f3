import RoundtripAndroid

extension AssetLinksMatcher.Result {
    /// What the result means for the app, in one line of Android's words ("Verify Android App
    /// Links"; Android 15's dynamic rules): the line `roundtrip assetlinks match` prints and the
    /// server's assetlinks checker shows, so both say the same.
    ///
    /// - Parameter package: The package name the file was matched for.
    package func explanation(package: String) -> String {
        guard isVerified, let statement else {
            return "not verified: no statement grants delegate_permission/common.handle_all_urls to \(package) with that certificate"
        }
        let verified = "verified by statement \(statement) for \(package)"
        switch dynamic {
        case nil: return verified + "; the file has no dynamic rules, so the manifest's filters decide"
        case .open?: return verified + "; dynamic rule \(rule ?? 0) opens the app"
        case .blocked?:
            if let rule { return verified + "; dynamic rule \(rule) excludes the URL: it stays in the browser" }
            return verified + "; no dynamic rule matches the URL: it stays in the browser"
        }
    }
}
