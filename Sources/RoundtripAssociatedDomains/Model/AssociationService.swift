/// A service an association file offers to apps, named as its section and as the prefix of an
/// associated-domains entitlement (`applinks:example.com`, `webcredentials:example.com`).
///
/// Apple: https://developer.apple.com/documentation/bundleresources/entitlements/com.apple.developer.associated-domains
public enum AssociationService: String, Sendable, Hashable, CaseIterable {
    /// Universal links.
    case applinks
    /// Shared web credentials (Password AutoFill).
    case webcredentials
    /// App Clips.
    case appclips
    /// Handoff.
    case activitycontinuation
}

extension AssociationFile {
    /// The app IDs a service section names, in file order: for `applinks`, the apps of every
    /// detail (`appIDs`, or the legacy `appID`); for the others, their `apps`.
    ///
    /// - Complexity: O(*n*) in the number of app IDs named.
    public func appIDs(for service: AssociationService) -> [String] {
        switch service {
        case .applinks: applinks?.details.flatMap(\.apps) ?? []
        case .webcredentials: webcredentials?.apps ?? []
        case .appclips: appclips?.apps ?? []
        case .activitycontinuation: activitycontinuation?.apps ?? []
        }
    }

    /// Whether the file offers a service to an app: the section names the app ID exactly (app IDs
    /// compare as written, as iOS compares them). For `applinks` this says only that some detail
    /// names the app; ``AssociationMatcher`` decides which URLs it opens.
    ///
    /// - Complexity: O(*n*) in the number of app IDs named.
    public func offers(_ service: AssociationService, to appID: String) -> Bool {
        appIDs(for: service).contains(appID)
    }
}
