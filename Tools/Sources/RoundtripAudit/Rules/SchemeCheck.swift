/// The custom URL scheme rules (OWASP MASTG-TEST-0075): invalid, reserved (or a default browser's
/// or mail app's own), another vendor's, secret-bearing, guessable, not reverse-DNS, duplicated,
/// unexpanded.
struct SchemeCheck: AuditCheck {
    /// Common words and short names other apps are likely to register too.
    static let guessableWords: Set<String> = [
        "app", "myapp", "test", "demo", "login", "auth", "oauth", "callback", "redirect", "pay",
        "payment", "wallet", "bank", "banking", "shop", "store", "chat", "mail", "game", "music",
        "video", "photo", "photos", "camera", "news", "social", "share", "open", "link", "links",
        "deeplink", "home", "main", "account", "sso", "token", "secure", "admin", "mobile", "ios",
        "iphone", "client", "sdk", "api", "default", "example", "sample", "hello", "todo", "todolist",
        "notes", "weather", "health", "fitness", "maps", "taxi", "food", "travel", "crypto",
    ]

    /// Top-level labels a reverse-DNS scheme may start with (besides any two-letter country code).
    static let topLevelLabels: Set<String> = [
        "com", "org", "net", "edu", "gov", "mil", "int", "io", "app", "dev", "co", "me", "biz",
        "info", "tech", "ai", "cloud", "xyz", "online", "site", "eu", "asia",
    ]

    /// The entitlement that lets an app list reserved schemes, by scheme: Apple's "Preparing your
    /// app to be the default web browser" and "Preparing your app to be the default mail app".
    static let defaultAppEntitlements: [String: String] = [
        "http": "com.apple.developer.web-browser",
        "https": "com.apple.developer.web-browser",
        "mailto": "com.apple.developer.mail-client",
    ]

    func findings(in context: AuditContext) -> [Finding] {
        let ownership = AppOwnership(target: context.target)
        var findings: [Finding] = []
        var seen: [String: URLSchemeEntry] = [:]
        for entry in context.surface.schemes {
            let scheme = entry.scheme
            if entry.isUnexpanded {
                findings.append(Finding(.unexpandedScheme, "the scheme '\(scheme)' holds an unexpanded build setting", at: entry.location))
                continue
            }
            let lowered = scheme.lowercased()
            if let first = seen[lowered] {
                findings.append(
                    Finding(.duplicateScheme, "the scheme '\(scheme)' is registered again (first at \(first.location))", at: entry.location)
                )
            } else {
                seen[lowered] = entry
            }
            findings += rules(for: entry, bundle: Self.bundle(of: entry, in: context.target), ownership: ownership)
        }
        return findings
    }

    /// The bundle that registers an entry (the main app when no bundle ID tells).
    static func bundle(of entry: URLSchemeEntry, in target: AuditTarget) -> BundleContents {
        target.bundles.first { $0.bundleIdentifier != nil && $0.bundleIdentifier == entry.bundleID } ?? target.app
    }

    /// The first rule that applies to one scheme, most serious first.
    private func rules(for entry: URLSchemeEntry, bundle: BundleContents, ownership: AppOwnership) -> [Finding] {
        let scheme = entry.scheme
        let location = entry.location
        guard Self.isValidSyntax(scheme) else {
            return [Finding(.invalidScheme, "'\(scheme)' is not a valid URL scheme", at: location)]
        }
        if ReservedSchemes.contains(scheme) {
            if let entitlement = Self.defaultAppEntitlements[scheme.lowercased()], bundle.entitlements[entitlement]?.boolValue == true {
                let message = "'\(scheme)' is listed as Apple requires of an app holding \(entitlement)"
                return [Finding(.defaultAppScheme, message, at: location)]
            }
            return [Finding(.reservedScheme, "'\(scheme)' is reserved by Apple; iOS will not route it to this app", at: location)]
        }
        if let vendor = VendorSchemes.appVendor(for: scheme), !vendor.owns(ownership) {
            let message =
                "'\(scheme)' is \(vendor.name)'s app scheme and this bundle is not \(vendor.name)'s app; registering it intercepts URLs meant for that app"
            return [Finding(.foreignAppScheme, message, at: location)]
        }
        if let sdk = VendorSchemes.sdk(for: scheme) {
            let message = "'\(scheme)' is a \(sdk.vendor) callback scheme (\(sdk.source)); another app can register it and receive the redirect"
            return [Finding(.vendorSDKScheme, message, at: location)]
        }
        if let secret = SecretBearingSchemes.entry(for: scheme) {
            let message =
                "'\(scheme)' URLs carry \(secret.carries) by design (\(secret.source)), and any app may register the scheme: "
                + "an app that does receives the secret whenever a page, a QR scanner or another app opens such a URL, and \(secret.hijacker)"
            return [Finding(.secretBearingScheme, message, at: location)]
        }
        if Self.isGuessable(scheme) {
            let message = "'\(scheme)' is short or a common word; another app can easily register it and receive its URLs"
            return [Finding(.guessableScheme, message, at: location)]
        }
        if !Self.isReverseDNS(scheme) {
            return [Finding(.schemeNotReverseDNS, "'\(scheme)' is not in reverse-DNS form", at: location)]
        }
        return []
    }

    /// RFC 3986: `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`.
    static func isValidSyntax(_ scheme: String) -> Bool {
        guard let first = scheme.unicodeScalars.first, first.isASCIILetter else { return false }
        return scheme.unicodeScalars.allSatisfy { $0.isASCIILetter || ("0"..."9").contains($0) || $0 == "+" || $0 == "-" || $0 == "." }
    }

    /// Fewer than 6 characters, or a common word (ignoring digits and separators).
    static func isGuessable(_ scheme: String) -> Bool {
        let lowered = scheme.lowercased()
        if lowered.count < 6 { return true }
        let letters = String(lowered.filter { $0.isLetter })
        return guessableWords.contains(lowered) || guessableWords.contains(letters)
    }

    /// `com.example.app` (two or more dot labels) or `com-example-app` (three or more labels),
    /// starting with a top-level domain label.
    static func isReverseDNS(_ scheme: String) -> Bool {
        let lowered = scheme.lowercased()
        let labels = lowered.split(whereSeparator: { $0 == "." || $0 == "-" }).map(String.init)
        let enough = lowered.contains(".") ? labels.count >= 2 : labels.count >= 3
        guard enough, let top = labels.first else { return false }
        return topLevelLabels.contains(top) || (top.count == 2 && top.allSatisfy(\.isLetter))
    }
}

extension Unicode.Scalar {
    /// `A`–`Z` or `a`–`z`.
    fileprivate var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}
