/// A vendor whose own app registers a well-known URL scheme, and how to recognise that app: the
/// reverse-DNS namespaces of its bundle IDs and app groups, and the domains it owns.
///
/// Registering another vendor's scheme intercepts URLs meant for that app; the vendor's own app
/// registering it is simply the app being itself (Signal's `sgnl` in Signal's Info.plist).
struct AppVendor: Sendable, Hashable {
    /// The vendor's or app's name, as shown in findings.
    let name: String
    /// Reverse-DNS prefixes of the vendor's bundle IDs and app groups, lowercased
    /// (`org.whispersystems.signal`).
    let namespaces: [String]
    /// Domains the vendor owns, lowercased; an associated domain at or under one is the vendor's.
    let domains: [String]

    /// Creates a vendor.
    init(_ name: String, namespaces: [String], domains: [String] = []) {
        self.name = name
        self.namespaces = namespaces.map { $0.lowercased() }
        self.domains = domains.map { $0.lowercased() }
    }

    /// Whether the app's own identifiers or domains show it is this vendor's app.
    func owns(_ identity: AppOwnership) -> Bool {
        identity.identifiers.contains { identifier in
            namespaces.contains { identifier == $0 || identifier.hasPrefix($0 + ".") }
        }
            || identity.domains.contains { domain in
                domains.contains { domain == $0 || domain.hasSuffix("." + $0) }
            }
    }
}
