/// Schemes that belong to other vendors: the callback schemes their SDKs ask apps to register,
/// and the schemes their own apps register.
///
/// Each entry cites where the vendor documents it. The table is data: add a row, not code.
enum VendorSchemes {
    /// A third-party SDK's callback scheme, recognised by its prefix and what may follow it.
    struct SDKPattern: Sendable {
        /// Who documents it.
        let vendor: String
        /// The prefix, lowercased.
        let prefix: String
        /// Whether the rest must be digits only (`fb` + app ID).
        let digitsOnly: Bool
        /// The vendor's documentation.
        let source: String
    }

    /// SDK callback schemes.
    static let sdkPatterns: [SDKPattern] = [
        // Facebook Login: fb<app-id> (an optional lowercase suffix is allowed by the SDK).
        SDKPattern(vendor: "Facebook Login", prefix: "fb", digitsOnly: true,
                   source: "https://developers.facebook.com/docs/facebook-login/ios/"),
        // Google Sign-In: the reversed client ID, com.googleusercontent.apps.<id>.
        SDKPattern(vendor: "Google Sign-In", prefix: "com.googleusercontent.apps.", digitsOnly: false,
                   source: "https://developers.google.com/identity/sign-in/ios/start-integrating"),
        // Twitter Kit: twitterkit-<consumer key>.
        SDKPattern(vendor: "Twitter Kit", prefix: "twitterkit-", digitsOnly: false,
                   source: "https://github.com/Twitter/twitter-kit-ios/wiki/Installation"),
        // Dropbox: db-<app key>.
        SDKPattern(vendor: "Dropbox", prefix: "db-", digitsOnly: false,
                   source: "https://github.com/dropbox/SwiftyDropbox#configure-your-project"),
        // Microsoft Authentication Library: msauth.<bundle id>.
        SDKPattern(vendor: "Microsoft MSAL", prefix: "msauth.", digitsOnly: false,
                   source: "https://learn.microsoft.com/entra/msal/objc/install-and-configure-msal"),
        // LINE SDK: line3rdp.<bundle id>.
        SDKPattern(vendor: "LINE SDK", prefix: "line3rdp.", digitsOnly: false,
                   source: "https://developers.line.biz/en/docs/line-login-sdks/ios-sdk/swift/setting-up-project/"),
        // Tencent QQ: tencent<app id>.
        SDKPattern(vendor: "Tencent QQ", prefix: "tencent", digitsOnly: true,
                   source: "https://wiki.connect.qq.com/"),
        // VK: vk<app id>.
        SDKPattern(vendor: "VK", prefix: "vk", digitsOnly: true,
                   source: "https://dev.vk.com/en/sdk/ios"),
        // Pinterest SDK: pdk<app id>.
        SDKPattern(vendor: "Pinterest", prefix: "pdk", digitsOnly: true,
                   source: "https://github.com/pinterest/ios-pdk"),
    ]

    /// Schemes other vendors' apps register, lowercased, with the vendor. Sources: each vendor's
    /// developer documentation of opening its app, e.g. https://developer.chrome.com/docs/ios/links,
    /// https://developers.google.com/maps/documentation/urls/ios-urlscheme,
    /// https://faq.whatsapp.com/ (whatsapp://send), https://core.telegram.org/api/links (tg://),
    /// https://developers.facebook.com/docs/instagram-platform/sharing-to-feed (instagram://).
    static let appSchemes: [String: String] = [
        "fb": "Facebook", "fbauth2": "Facebook", "fbapi": "Facebook", "fb-messenger": "Messenger",
        "fb-messenger-api": "Messenger", "instagram": "Instagram", "whatsapp": "WhatsApp",
        "twitter": "X (Twitter)", "twitterauth": "X (Twitter)", "tg": "Telegram",
        "googlechrome": "Google Chrome", "googlechromes": "Google Chrome", "comgooglemaps": "Google Maps",
        "googlegmail": "Gmail", "youtube": "YouTube", "spotify": "Spotify", "slack": "Slack",
        "zoomus": "Zoom", "skype": "Skype", "paypal": "PayPal", "venmo": "Venmo", "uber": "Uber",
        "lyft": "Lyft", "snapchat": "Snapchat", "linkedin": "LinkedIn", "pinterest": "Pinterest",
        "weixin": "WeChat", "wechat": "WeChat", "alipay": "Alipay", "alipays": "Alipay",
        "line": "LINE", "viber": "Viber", "firefox": "Firefox", "discord": "Discord",
        "reddit": "Reddit", "sgnl": "Signal", "onepassword": "1Password", "cashme": "Cash App",
    ]

    /// The SDK whose callback scheme this is, if any.
    static func sdk(for scheme: String) -> SDKPattern? {
        let lowered = scheme.lowercased()
        return sdkPatterns.first { pattern in
            guard lowered.hasPrefix(pattern.prefix), lowered.count > pattern.prefix.count else { return false }
            guard pattern.digitsOnly else { return true }
            // fb<digits> may carry a lowercase suffix after the digits (urlSchemeSuffix).
            let rest = lowered.dropFirst(pattern.prefix.count)
            guard let first = rest.first, first.isASCII, first.isNumber else { return false }
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            return rest.dropFirst(digits.count).allSatisfy { $0.isASCII && $0.isLetter }
        }
    }

    /// The vendor whose app registers this scheme, if any.
    static func appVendor(for scheme: String) -> String? {
        appSchemes[scheme.lowercased()]
    }
}
