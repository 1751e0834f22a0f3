import Roundtrip

/// One entry of `com.apple.developer.associated-domains`: `service:host[:port]?mode=…`.
///
/// The entry is split leniently so the surface can show what was written; the rules then report
/// whatever Apple would not accept.
/// See https://developer.apple.com/documentation/bundleresources/entitlements/com.apple.developer.associated-domains
package struct AssociatedDomain: Sendable, Hashable, Encodable {
    /// The entry exactly as written.
    package var entry: String
    /// The service before the first colon (`applinks`, `webcredentials`, `appclips`,
    /// `activitycontinuation`), or `nil` when the entry has no `service:` prefix.
    package var service: String?
    /// The domain after the service, without the `?mode=` query.
    package var host: String
    /// The `mode` query value (`developer`, `managed`, `developer+managed`), when present.
    package var mode: String?
    /// The bundle ID of the bundle whose entitlements hold the entry.
    package var bundleID: String?
    /// `file:key.path` of the entry.
    package var location: String

    /// The services Apple defines for associated domains.
    package static let knownServices: Set<String> = ["applinks", "webcredentials", "appclips", "activitycontinuation"]

    /// Splits an entry.
    ///
    /// - Parameters:
    ///   - entry: The entitlement string.
    ///   - bundleID: The bundle ID that claims it.
    ///   - location: Where it is written.
    package init(entry: String, bundleID: String? = nil, location: String) {
        self.entry = entry
        self.bundleID = bundleID
        self.location = location
        var rest = Substring(entry)
        if let colon = rest.firstIndex(of: ":"),
            rest[..<colon].allSatisfy({ $0.isLetter }), !rest[..<colon].isEmpty,
            !rest[rest.index(after: colon)...].hasPrefix("//")
        {
            service = String(rest[..<colon])
            rest = rest[rest.index(after: colon)...]
        } else if let colon = rest.firstIndex(of: ":"), Self.knownServices.contains(String(rest[..<colon])) {
            service = String(rest[..<colon])
            rest = rest[rest.index(after: colon)...]
        } else {
            service = nil
        }
        if let question = rest.firstIndex(of: "?") {
            let query = rest[rest.index(after: question)...]
            mode = query.hasPrefix("mode=") ? String(query.dropFirst(5)) : String(query)
            rest = rest[..<question]
        } else {
            mode = nil
        }
        host = String(rest)
    }

    /// Whether this is a universal-link claim (`applinks:`).
    package var isAppLink: Bool { service == "applinks" }

    /// The claim's host as a pattern (`*.example.com`), the one home of Apple's matching rule.
    package var pattern: AssociatedDomainPattern { AssociatedDomainPattern(host) }

    /// Whether this claim covers a host: the same host, or for a `*.example.com` claim, any name
    /// strictly under `example.com` but not `example.com` itself (Apple's "Supporting associated
    /// domains": the apex needs its own entry).
    package func covers(_ otherHost: String) -> Bool {
        pattern.covers(otherHost)
    }
}
