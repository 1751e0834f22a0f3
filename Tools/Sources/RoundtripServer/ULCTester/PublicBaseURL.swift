import Foundation

/// The https base of the tester's callback URLs, shared by the requests that read it and the
/// server start that may replace it once the bound port is known.
final class PublicBaseURL: @unchecked Sendable {
    // @unchecked: `value` is only touched while `lock` is held.
    private let lock = NSLock()
    private var value: String

    init(_ value: String) {
        self.value = value
    }

    /// The base now.
    var current: String {
        get { lock.withLock { value } }
        set { lock.withLock { value = newValue } }
    }
}
