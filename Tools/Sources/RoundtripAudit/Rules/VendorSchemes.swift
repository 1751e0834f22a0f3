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
        SDKPattern(
            vendor: "Facebook Login",
            prefix: "fb",
            digitsOnly: true,
            source: "https://developers.facebook.com/docs/facebook-login/ios/"
        ),
        // Google Sign-In: the reversed client ID, com.googleusercontent.apps.<id>.
        SDKPattern(
            vendor: "Google Sign-In",
            prefix: "com.googleusercontent.apps.",
            digitsOnly: false,
            source: "https://developers.google.com/identity/sign-in/ios/start-integrating"
        ),
        // Twitter Kit: twitterkit-<consumer key>.
        SDKPattern(
            vendor: "Twitter Kit",
            prefix: "twitterkit-",
            digitsOnly: false,
            source: "https://github.com/Twitter/twitter-kit-ios/wiki/Installation"
        ),
        // Dropbox: db-<app key>.
        SDKPattern(
            vendor: "Dropbox",
            prefix: "db-",
            digitsOnly: false,
            source: "https://github.com/dropbox/SwiftyDropbox#configure-your-project"
        ),
        // Microsoft Authentication Library: msauth.<bundle id>.
        SDKPattern(
            vendor: "Microsoft MSAL",
            prefix: "msauth.",
            digitsOnly: false,
            source: "https://learn.microsoft.com/entra/msal/objc/install-and-configure-msal"
        ),
        // LINE SDK: line3rdp.<bundle id>.
        SDKPattern(
            vendor: "LINE SDK",
            prefix: "line3rdp.",
            digitsOnly: false,
            source: "https://developers.line.biz/en/docs/line-login-sdks/ios-sdk/swift/setting-up-project/"
        ),
        // Tencent QQ: tencent<app id>.
        SDKPattern(
            vendor: "Tencent QQ",
            prefix: "tencent",
            digitsOnly: true,
            source: "https://wiki.connect.qq.com/"
        ),
        // VK: vk<app id>.
        SDKPattern(
            vendor: "VK",
            prefix: "vk",
            digitsOnly: true,
            source: "https://dev.vk.com/en/sdk/ios"
        ),
        // Pinterest SDK: pdk<app id>.
        SDKPattern(
            vendor: "Pinterest",
            prefix: "pdk",
            digitsOnly: true,
            source: "https://github.com/pinterest/ios-pdk"
        ),
    ]

    /// Schemes other vendors' apps register, lowercased, with the vendor and how to recognise its
    /// own app. Sources: each vendor's developer documentation of opening its app, e.g.
    /// https://developer.chrome.com/docs/ios/links,
    /// https://developers.google.com/maps/documentation/urls/ios-urlscheme,
    /// https://faq.whatsapp.com/ (whatsapp://send), https://core.telegram.org/api/links (tg://),
    /// https://developers.facebook.com/docs/instagram-platform/sharing-to-feed (instagram://);
    /// the namespaces are the vendors' published bundle IDs and app groups.
    static let appSchemes: [String: AppVendor] = {
        let facebook = AppVendor("Facebook", namespaces: ["com.facebook"], domains: ["facebook.com"])
        let messenger = AppVendor("Messenger", namespaces: ["com.facebook"], domains: ["messenger.com"])
        let twitter = AppVendor("X (Twitter)", namespaces: ["com.atebits.tweetie2", "com.twitter"], domains: ["twitter.com", "x.com"])
        let chrome = AppVendor("Google Chrome", namespaces: ["com.google.chrome"])
        let wechat = AppVendor("WeChat", namespaces: ["com.tencent.xin"], domains: ["weixin.qq.com", "wechat.com"])
        let alipay = AppVendor("Alipay", namespaces: ["com.alipay"], domains: ["alipay.com"])
        return [
            "fb": facebook, "fbauth2": facebook, "fbapi": facebook, "fb-messenger": messenger,
            "fb-messenger-api": messenger,
            "instagram": AppVendor("Instagram", namespaces: ["com.burbn.instagram"], domains: ["instagram.com"]),
            "whatsapp": AppVendor("WhatsApp", namespaces: ["net.whatsapp"], domains: ["whatsapp.com"]),
            "twitter": twitter, "twitterauth": twitter,
            "tg": AppVendor("Telegram", namespaces: ["ph.telegra.telegraph", "org.telegram"], domains: ["telegram.org", "t.me"]),
            "googlechrome": chrome, "googlechromes": chrome,
            "comgooglemaps": AppVendor("Google Maps", namespaces: ["com.google.maps"]),
            "googlegmail": AppVendor("Gmail", namespaces: ["com.google.gmail"]),
            "youtube": AppVendor("YouTube", namespaces: ["com.google.ios.youtube"], domains: ["youtube.com"]),
            "spotify": AppVendor("Spotify", namespaces: ["com.spotify"], domains: ["spotify.com"]),
            "slack": AppVendor("Slack", namespaces: ["com.tinyspeck"], domains: ["slack.com"]),
            "zoomus": AppVendor("Zoom", namespaces: ["us.zoom"], domains: ["zoom.us"]),
            "skype": AppVendor("Skype", namespaces: ["com.skype"], domains: ["skype.com"]),
            "paypal": AppVendor("PayPal", namespaces: ["com.yourcompany.ppclient", "com.paypal"], domains: ["paypal.com"]),
            "venmo": AppVendor("Venmo", namespaces: ["net.kortina.labs.venmo"], domains: ["venmo.com"]),
            "uber": AppVendor("Uber", namespaces: ["com.ubercab"], domains: ["uber.com"]),
            "lyft": AppVendor("Lyft", namespaces: ["com.zimride"], domains: ["lyft.com"]),
            "snapchat": AppVendor("Snapchat", namespaces: ["com.toyopagroup.picaboo"], domains: ["snapchat.com"]),
            "linkedin": AppVendor("LinkedIn", namespaces: ["com.linkedin"], domains: ["linkedin.com"]),
            "pinterest": AppVendor("Pinterest", namespaces: ["pinterest", "com.pinterest"], domains: ["pinterest.com"]),
            "weixin": wechat, "wechat": wechat, "alipay": alipay, "alipays": alipay,
            "line": AppVendor("LINE", namespaces: ["jp.naver.line"], domains: ["line.me"]),
            "viber": AppVendor("Viber", namespaces: ["com.viber"], domains: ["viber.com"]),
            "firefox": AppVendor("Firefox", namespaces: ["org.mozilla.ios", "org.mozilla.client"], domains: ["mozilla.org"]),
            "discord": AppVendor("Discord", namespaces: ["com.hammerandchisel.discord"], domains: ["discord.com"]),
            "reddit": AppVendor("Reddit", namespaces: ["com.reddit"], domains: ["reddit.com"]),
            "sgnl": AppVendor(
                "Signal",
                namespaces: ["org.whispersystems.signal"],
                domains: ["signal.org", "signal.group", "signal.art", "signal.me"]
            ),
            "onepassword": AppVendor("1Password", namespaces: ["com.agilebits"], domains: ["1password.com"]),
            "cashme": AppVendor("Cash App", namespaces: ["com.squareup.cash"], domains: ["cash.app"]),
            "bitwarden": AppVendor("Bitwarden", namespaces: ["com.8bit.bitwarden"], domains: ["bitwarden.com", "bitwarden.eu"]),
        ]
    }()

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
    static func appVendor(for scheme: String) -> AppVendor? {
        appSchemes[scheme.lowercased()]
    }
}
