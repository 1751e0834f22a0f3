/// URL schemes that belong to Apple's apps or to the web platform; iOS never routes them to a
/// third-party app, so registering one is a mistake at best and an interception attempt at worst.
///
/// Sources: Apple URL Scheme Reference
/// (https://developer.apple.com/library/archive/featuredarticles/iPhoneURLScheme_Reference/Introduction/Introduction.html),
/// the IANA URI scheme registry (https://www.iana.org/assignments/uri-schemes/uri-schemes.xhtml) and
/// the forbidden-callback list of the Roundtrip spec format (`CallbackPolicy.platformSchemes`, whose
/// schemes that Apple's apps handle on iOS a test holds to this list).
enum ReservedSchemes {
    /// Exact schemes, lowercased.
    static let exact: Set<String> = [
        "http", "https", "mailto", "tel", "telprompt", "sms", "facetime", "facetime-audio",
        "facetime-group", "maps", "itms", "itmss", "itms-apps", "itms-appss", "itms-services",
        "itms-books", "itms-bookss", "itms-itunesu", "music", "audio-player-event", "videos",
        "ibooks", "prefs", "app-prefs", "app-settings", "shortcuts", "message", "calshow",
        "webcal", "photos-redirect", "file", "data", "javascript", "about", "blob", "ftp",
        "vbscript", "ws", "wss", "applenews", "applenewss", "workflow", "wallet", "shoebox",
        "facetime-prompt", "macappstore", "macappstores", "x-safari-http", "x-safari-https",
    ]

    /// Prefixes Apple reserves (`x-apple-…`, `x-web-search`).
    static let prefixes = ["x-apple-", "x-web-search"]

    /// Whether a scheme is reserved.
    static func contains(_ scheme: String) -> Bool {
        let lowered = scheme.lowercased()
        return exact.contains(lowered) || prefixes.contains { lowered.hasPrefix($0) }
    }
}
