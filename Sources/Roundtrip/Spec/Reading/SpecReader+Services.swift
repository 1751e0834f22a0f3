extension SpecReader {
    /// The app's services besides universal links (`webcredentials`, `app-clip`).
    ///
    /// An App Clip's bundle ID must start with its full app's bundle ID and a dot, and both belong
    /// to one team (Apple's "Creating an App Clip with Xcode"), so with an `app-id` the clip's is
    /// checked against it.
    mutating func readServices(_ fields: SpecFields<AppKey>, appID: String?) -> AppServices {
        var services = AppServices()
        services.webCredentials = bool(fields[.webCredentials], "app.webcredentials") ?? false
        guard let clip = nonEmptyString(fields[.appClip], "app.app-clip") else { return services }
        let parts = clip.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].utf8.count == 10, !parts[1].isEmpty,
            parts[0].utf8.allSatisfy({ URLSplit.isDigit($0) || (0x41...0x5A).contains($0) })
        else {
            error(
                "invalid-app-clip",
                "app.app-clip",
                fields[.appClip],
                "'\(clip)' is not an App Clip's app ID; write TEAMID.bundle.id.Clip (a 10-character team ID of capital letters and digits, a dot, the clip's bundle ID)"
            )
            return services
        }
        if let appID, let dot = appID.firstIndex(of: "."), !clip.hasPrefix(appID + ".") {
            error(
                "invalid-app-clip",
                "app.app-clip",
                fields[.appClip],
                "the App Clip '\(clip)' must share the team and extend the bundle ID of the app-id '\(appID)', as in \(appID).Clip (the team is \(appID[..<dot]))"
            )
            return services
        }
        services.appClip = clip
        return services
    }

    /// The message of an `invalid-domain` error, saying what to remove.
    ///
    /// A port gets its own words: iOS fetches `https://<domain>/.well-known/apple-app-site-association`
    /// on the default port, and an associated domain has no port (Apple's
    /// `com.apple.developer.associated-domains` entitlement reference).
    static func invalidDomainMessage(_ domain: String) -> String {
        if let colon = domain.lastIndex(of: ":"), !domain.contains("/"), !domain[domain.index(after: colon)...].isEmpty,
            domain[domain.index(after: colon)...].utf8.allSatisfy(URLSplit.isDigit)
        {
            return
                "'\(domain)' has a port; associated domains take none (iOS fetches the association file over https on port 443). Write '\(domain[..<colon])'"
        }
        return "'\(domain)' is not a host name; write the domain alone, without 'applinks:', scheme, port or path"
    }
}
