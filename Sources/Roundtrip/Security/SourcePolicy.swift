/// Who may call, by the bundle ID the operating system reports as the source application.
///
/// The source application is weak evidence: it is `nil` across developer teams on iOS 13 and
/// later, and any app on a jailbroken device can claim any bundle ID. Use it to refuse the
/// obviously unwanted (a web page through Safari, David Thiel's "iOS Application Security", chapter 8) and use signatures to authenticate.
public struct SourcePolicy: Sendable, Hashable {
    /// What to do when the operating system does not say who called.
    public enum Unknown: String, Sendable, Hashable, CaseIterable {
        /// Accept requests without a source application (the default).
        case allow
        /// Reject requests without a source application.
        case reject
    }

    /// When present, only these bundle IDs may call.
    public var allow: [String]?
    /// These bundle IDs may never call.
    public var deny: [String]
    /// What to do when the source is unknown.
    public var unknown: Unknown

    /// Creates a policy; the default accepts everyone.
    public init(allow: [String]? = nil, deny: [String] = [], unknown: Unknown = .allow) {
        self.allow = allow
        self.deny = deny
        self.unknown = unknown
    }

    /// Checks a source application.
    ///
    /// - Parameter source: The bundle ID the OS reported (`UIApplication.OpenURLOptionsKey.sourceApplication`), or `nil`.
    /// - Throws: ``RoundtripError`` `untrusted-source`.
    public func check(_ source: String?) throws(RoundtripError) {
        guard let source else {
            if unknown == .reject {
                throw RoundtripError(.untrustedSource, "the source application is unknown and this action requires one (sources.unknown: reject)")
            }
            return
        }
        if deny.contains(source) {
            throw RoundtripError(.untrustedSource, "the source application '\(source)' is denied (sources.deny)")
        }
        if let allow, !allow.contains(source) {
            throw RoundtripError(.untrustedSource, "the source application '\(source)' is not in sources.allow")
        }
    }
}
