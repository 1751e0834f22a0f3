import Roundtrip

/// URL schemes that belong to Apple's apps or to the web platform; iOS never routes them to a
/// third-party app, so registering one is a mistake at best and an interception attempt at worst.
///
/// Sources: Apple URL Scheme Reference
/// (https://developer.apple.com/library/archive/featuredarticles/iPhoneURLScheme_Reference/Introduction/Introduction.html),
/// the IANA URI scheme registry (https://www.iana.org/assignments/uri-schemes/uri-schemes.xhtml) and
/// the forbidden-callback list of the Roundtrip spec format (`CallbackPolicy.iOSSystemSchemes`,
/// the platform schemes that Apple's apps handle on iOS, which this list starts from).
enum ReservedSchemes {
    /// Schemes iOS or its web platform handles that a callback policy has no reason to name:
    /// `https` (a callback's own scheme), WebSockets' (RFC 6455 section 3), `ftp` (IANA's
    /// permanent scheme, which the policy refuses as a macOS network share), and the schemes of
    /// Apple's apps that only open content (Maps, Music, Books, iTunes U, Videos, Calendar,
    /// Photos, News, Wallet, Messages, FaceTime groups, Settings' `app-settings`).
    static let iOSOnly: Set<String> = [
        "https", "ws", "wss", "ftp", "webcal", "facetime-group", "maps", "itms-books", "itms-bookss", "itms-itunesu", "music",
        "audio-player-event", "videos", "ibooks", "app-settings", "message", "calshow", "photos-redirect", "applenews", "applenewss",
        "wallet", "shoebox",
    ]

    /// Exact schemes, lowercased: the callback policy's iOS system schemes and ``iOSOnly``.
    static let exact: Set<String> = CallbackPolicy.iOSSystemSchemes.union(iOSOnly)

    /// Prefixes Apple reserves (`x-apple-…`, `x-web-search`).
    static let prefixes = ["x-apple-", "x-web-search"]

    /// Whether a scheme is reserved.
    static func contains(_ scheme: String) -> Bool {
        let lowered = scheme.lowercased()
        return exact.contains(lowered) || prefixes.contains { lowered.hasPrefix($0) }
    }
}
