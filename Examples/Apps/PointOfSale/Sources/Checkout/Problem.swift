import Foundation
import Roundtrip

/// Why a charge got no answer, or why an incoming URL was refused: a stable kebab-case code to
/// switch on and a sentence to show.
struct Problem: Sendable, Hashable {
    /// The error's code, such as `forbidden-callback`, `lock-timeout` or `open-failure`.
    let code: String
    /// What was wrong, for the screen.
    let message: String

    /// Creates a problem from its parts.
    init(code: String, message: String) {
        self.code = code
        self.message = message
    }

    /// The problem an error describes: Roundtrip's coded errors (the request or answer broke the
    /// spec, the ledger is unusable) keep their code and message.
    init(_ error: any Error) {
        switch error {
        case let coded as any CodedError:
            self.init(code: coded.codeName, message: coded.message)
        case let failure as OpenFailure:
            self.init(code: "open-failure", message: failure.description)
        case is CancellationError:
            self.init(code: "abandoned", message: "the charge was abandoned before the terminal answered")
        default:
            self.init(code: "unexpected", message: String(describing: error))
        }
    }
}
