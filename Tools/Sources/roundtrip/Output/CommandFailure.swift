import Foundation

/// How a command ends other than with success: an exit code and what to print on stderr.
struct CommandFailure: Error {
    /// 1: a reject or a finding of severity error.
    static let rejectedCode: Int32 = 1
    /// 2: bad usage or an unreadable or invalid input.
    static let usageCode: Int32 = 2

    let exitCode: Int32
    let message: String

    /// A reject or an error finding: exit 1 (what to say was already printed, or is `message`).
    static func rejected(_ message: String = "") -> CommandFailure {
        CommandFailure(exitCode: rejectedCode, message: message)
    }

    /// Bad usage or unreadable input: exit 2.
    static func usage(_ message: String) -> CommandFailure {
        CommandFailure(exitCode: usageCode, message: "error: " + message)
    }
}
