/// One scheme the app may test with `canOpenURL(_:)` (`LSApplicationQueriesSchemes`).
package struct QueriedScheme: Sendable, Hashable, Encodable {
    /// The scheme.
    package var scheme: String
    /// `file:key.path` of the entry.
    package var location: String

    /// Creates an entry.
    package init(scheme: String, location: String) {
        self.scheme = scheme
        self.location = location
    }
}
