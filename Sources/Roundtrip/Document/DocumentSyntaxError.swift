/// Why a document's text could not be parsed, and where.
package struct DocumentSyntaxError: Error, Sendable {
    /// What is wrong, in words that say what to fix.
    package let message: String
    /// The offending byte's place.
    package let position: SourcePosition

    /// Creates an error.
    package init(_ message: String, position: SourcePosition) {
        self.message = message
        self.position = position
    }
}
