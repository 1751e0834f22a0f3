/// Where a tester run stands, as `GET /api/ulc-tests/{id}` reports it.
package enum TestStatus: String, Sendable, Hashable, Codable, CaseIterable {
    /// No callback yet, and the deadline has not passed.
    case pending
    /// The success callback arrived in time.
    case success
    /// The error callback arrived in time.
    case error
    /// The cancel callback arrived in time (x-callback-url targets only).
    case cancel
    /// The deadline passed first; a callback after it does not change that.
    case timeout
}
