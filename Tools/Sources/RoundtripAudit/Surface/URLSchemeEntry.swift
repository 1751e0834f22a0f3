/// One custom URL scheme a bundle registers (`CFBundleURLTypes[].CFBundleURLSchemes[]`).
package struct URLSchemeEntry: Sendable, Hashable, Encodable {
    /// The scheme as written (iOS compares schemes case-insensitively).
    package var scheme: String
    /// The URL type's `CFBundleURLName`, when given.
    package var urlName: String?
    /// The URL type's `CFBundleTypeRole` (`Editor`, `Viewer`, `None`), when given.
    package var role: String?
    /// The bundle ID of the bundle that registers it.
    package var bundleID: String?
    /// `file:key.path` of the entry.
    package var location: String

    /// Creates an entry.
    package init(scheme: String, urlName: String? = nil, role: String? = nil, bundleID: String? = nil, location: String) {
        self.scheme = scheme
        self.urlName = urlName
        self.role = role
        self.bundleID = bundleID
        self.location = location
    }

    /// Whether the scheme still holds an unexpanded build setting such as `$(PRODUCT_BUNDLE_IDENTIFIER)`
    /// (a source Info.plist rather than a built one).
    package var isUnexpanded: Bool { scheme.contains("$(") || scheme.contains("${") }
}
