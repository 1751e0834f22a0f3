/// What a bundle says about whose app it is: the identifiers and domains it claims, lowercased,
/// without unexpanded build settings.
///
/// The identifiers are the bundle IDs, the `application-identifier` and keychain access groups
/// without their team prefix, the app groups without `group.`, and the URL types'
/// `CFBundleURLName`s; the domains are the associated domains' hosts without a leading `*.`. In
/// a signed app the bundle ID, app groups and keychain groups are backed by the signature; in a
/// source tree, where `CFBundleIdentifier` is still `$(PRODUCT_BUNDLE_IDENTIFIER)`, the URL names,
/// groups and domains are what is left to tell.
package struct AppOwnership: Sendable, Hashable {
    /// Reverse-DNS identifiers the app claims (`org.whispersystems.signal`).
    package var identifiers: Set<String>
    /// Domains the app claims (`signal.group`).
    package var domains: Set<String>

    /// Creates ownership evidence from its parts (lowercased here).
    package init(identifiers: Set<String> = [], domains: Set<String> = []) {
        self.identifiers = Set(identifiers.map { $0.lowercased() })
        self.domains = Set(domains.map { $0.lowercased() })
    }

    /// Gathers the evidence of every bundle of a target.
    ///
    /// - Complexity: O(*n*) in the number of entries read.
    package init(target: AuditTarget) {
        var identifiers: [String] = []
        var domains: [String] = []
        for bundle in target.bundles {
            identifiers += [bundle.bundleIdentifier].compactMap { $0 }
            identifiers += (bundle.info["CFBundleURLTypes"]?.arrayValue ?? []).compactMap { $0["CFBundleURLName"]?.stringValue }
            let entitlements = bundle.entitlements
            identifiers += [entitlements["application-identifier"]?.stringValue].compactMap { $0 }.map(Self.droppingTeam)
            identifiers += (entitlements["keychain-access-groups"]?.strings ?? []).map(Self.droppingTeam)
            identifiers += (entitlements["com.apple.security.application-groups"]?.strings ?? []).map { group in
                group.hasPrefix("group.") ? String(group.dropFirst(6)) : group
            }
            domains += (entitlements["com.apple.developer.associated-domains"]?.strings ?? []).map { entry in
                String(AssociatedDomain(entry: entry, location: "").pattern.baseDomain)
            }
        }
        self.init(identifiers: Set(identifiers.filter(Self.isExpanded)), domains: Set(domains.filter(Self.isExpanded)))
    }

    /// `$(AppIdentifierPrefix)com.example` and `ABCDE12345.com.example` are `com.example`.
    private static func droppingTeam(_ identifier: String) -> String {
        if identifier.hasPrefix("$(AppIdentifierPrefix)") {
            return String(identifier.dropFirst("$(AppIdentifierPrefix)".count))
        }
        let parts = identifier.split(separator: ".", maxSplits: 1)
        if parts.count == 2, parts[0].count == 10, parts[0].allSatisfy({ $0.isASCII && ($0.isUppercase || $0.isNumber) }) {
            return String(parts[1])
        }
        return identifier
    }

    private static func isExpanded(_ text: String) -> Bool {
        !text.isEmpty && !text.contains("$(") && !text.contains("${")
    }
}
