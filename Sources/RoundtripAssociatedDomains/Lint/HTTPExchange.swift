/// How a server answered a request for an association file, described as data so the serving
/// rules can be checked without a network (tests, CI, or a fetch made by other code).
///
/// ```swift
/// let exchange = HTTPExchange(
///     url: "https://example.com/.well-known/apple-app-site-association",
///     status: 200, headers: ["Content-Type": "application/json"])
/// let findings = AssociationLinter.lintServing(exchange)
/// ```
public struct HTTPExchange: Sendable, Hashable {
    /// One redirect the client followed before the final response.
    public struct Redirect: Sendable, Hashable {
        /// The redirect status (301, 302, 307, 308…).
        public var status: Int
        /// The URL that redirected.
        public var from: String
        /// The `Location` it pointed to.
        public var location: String

        /// Creates a redirect.
        public init(status: Int, from: String, location: String) {
            self.status = status
            self.from = from
            self.location = location
        }
    }

    /// The URL first requested.
    public var url: String
    /// The redirects followed, in order (empty when the first response was final).
    public var redirects: [Redirect]
    /// The final response's status code.
    public var status: Int
    /// The final response's headers (names compare case-insensitively).
    public var headers: [String: String]
    /// The size of the decoded body in bytes, when known.
    public var bodySize: Int?

    /// Creates an exchange.
    public init(url: String, redirects: [Redirect] = [], status: Int, headers: [String: String] = [:], bodySize: Int? = nil) {
        self.url = url
        self.redirects = redirects
        self.status = status
        self.headers = headers
        self.bodySize = bodySize
    }

    /// The value of a header, by case-insensitive name.
    public func header(_ name: String) -> String? {
        let lowered = name.lowercased()
        return headers.first { $0.key.lowercased() == lowered }?.value
    }
}
