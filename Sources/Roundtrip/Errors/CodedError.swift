/// The one shape of Roundtrip's errors: a stable, kebab-case code that programs switch on, and a
/// message that says exactly what was wrong, for people.
///
/// ``RoundtripError`` (the decision's rejects), ``StorageError``, ``KeychainError``, the
/// association-file and audit errors all take this shape, so a command line, a server or an app
/// reports any of them the same way: the code in JSON and logs, the message on screen.
public protocol CodedError: Error, Sendable, CustomStringConvertible {
    /// The type of the error's code: a kebab-case string, stable across releases.
    associatedtype Code: RawRepresentable, Sendable where Code.RawValue == String

    /// What kind of error it is.
    var code: Code { get }

    /// What was wrong, in words that say what to fix.
    var message: String { get }
}

extension CodedError {
    /// The code's kebab-case spelling, such as `unknown-parameter` or `lock-timeout`.
    public var codeName: String { code.rawValue }
}
