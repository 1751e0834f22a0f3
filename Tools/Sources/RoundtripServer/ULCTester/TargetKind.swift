/// The calling convention a tester run plays.
package enum TargetKind: String, Sendable, Hashable, Codable {
    /// A Universal Link Callback: `https://…?ulc-success=…&ulc-error=…` (the Universal Link Callback convention).
    case ulc
    /// `<scheme>://x-callback-url/<action>?x-success=…&x-error=…&x-cancel=…`.
    case xCallbackURL = "x-callback-url"

    /// The outcomes the convention's app may answer.
    package var outcomes: [CallbackOutcome] {
        switch self {
        case .ulc: [.success, .error]
        case .xCallbackURL: [.success, .error, .cancel]
        }
    }
}
