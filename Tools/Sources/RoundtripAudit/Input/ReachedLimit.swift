/// A limit of the audit (``AuditLimits``) that an input reached: part of it was not read, and the
/// report says so in an `audit-limit-reached` note instead of skipping it silently.
package struct ReachedLimit: Sendable, Hashable {
    /// The limit, named as its ``AuditLimits`` property (`maximumExtensions`…).
    package var limit: String
    /// What was not read, in one sentence.
    package var message: String
    /// The folder or archive concerned.
    package var location: String

    /// Creates a note of a reached limit.
    package init(limit: String, message: String, location: String) {
        self.limit = limit
        self.message = message
        self.location = location
    }

    /// A name to show in a message: whole when short, else its start and its length.
    ///
    /// - Complexity: O(1) beyond the first 80 characters.
    static func shown(_ name: String) -> String {
        guard name.utf8.count > 80 else { return "'\(name)'" }
        return "'\(name.prefix(60))…' (\(name.utf8.count) bytes)"
    }
}
