/// Which callback URL the app under test opened.
package enum CallbackOutcome: String, Sendable, Hashable, Codable, CaseIterable {
    /// `ulc-success` or `x-success`.
    case success
    /// `ulc-error` or `x-error`.
    case error
    /// `x-cancel`.
    case cancel
}
