/// Why code could not be generated, in a sentence that says what to fix.
public struct GeneratorError: Error, Sendable, CustomStringConvertible {
    /// What is wrong.
    public let message: String

    /// Creates an error.
    public init(_ message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
