/// One scheme the app may test with `canOpenURL(_:)` (`LSApplicationQueriesSchemes`).
public struct QueriedScheme: Sendable, Hashable, Encodable {
    /// The scheme.
    public var scheme: String
    /// `file:key.path` of the entry.
    public var location: String

    /// Creates an entry.
    public init(scheme: String, location: String) {
        self.scheme = scheme
        self.location = location
    }
}
