/// One tester run: the link the app under test is sent, and what came back.
///
/// Times are whole milliseconds since 1970, so they store exactly and compare cheaply.
package struct ULCTest: Sendable, Hashable {
    /// The public identifier (`/api/ulc-tests/{id}`).
    package var id: String
    /// The secret in the callback URLs (`/cb/{token}/success`); unguessable, never listed.
    package var token: String
    /// The URL the user asked to test, as given.
    package var target: String
    /// The convention played.
    package var kind: TargetKind
    /// The target with the callback parameters added: what to open on the device.
    package var link: String
    /// When the run was created.
    package var createdAt: Int64
    /// The first callback that arrived, if any.
    package var outcome: CallbackOutcome?
    /// When it arrived.
    package var completedAt: Int64?
    /// The query the callback carried (an x-callback-url app may add parameters), as received.
    package var callbackQuery: String?

    /// A run.
    package init(
        id: String,
        token: String,
        target: String,
        kind: TargetKind,
        link: String,
        createdAt: Int64,
        outcome: CallbackOutcome? = nil,
        completedAt: Int64? = nil,
        callbackQuery: String? = nil
    ) {
        self.id = id
        self.token = token
        self.target = target
        self.kind = kind
        self.link = link
        self.createdAt = createdAt
        self.outcome = outcome
        self.completedAt = completedAt
        self.callbackQuery = callbackQuery
    }

    /// The status at a moment: a callback counts only if it came within the deadline; with none,
    /// the run is pending until the deadline and timed out after it.
    package func status(at now: Int64, timeoutMilliseconds: Int64) -> TestStatus {
        if let outcome, let completedAt {
            guard completedAt - createdAt <= timeoutMilliseconds else { return .timeout }
            switch outcome {
            case .success: return .success
            case .error: return .error
            case .cancel: return .cancel
            }
        }
        return now - createdAt > timeoutMilliseconds ? .timeout : .pending
    }

    /// Milliseconds from creation to the callback, to now while pending, or the deadline when it
    /// passed without one.
    package func elapsedMilliseconds(at now: Int64, timeoutMilliseconds: Int64) -> Int64 {
        if let completedAt { return completedAt - createdAt }
        return min(max(now - createdAt, 0), timeoutMilliseconds)
    }
}
