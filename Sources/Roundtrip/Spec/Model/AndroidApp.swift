/// The Android app a spec describes beside the iOS one (`app.android`): the app that opens the
/// same https routes as App Links, verified by each domain's Digital Asset Links file.
///
/// Android verifies an App Link when `https://HOST/.well-known/assetlinks.json` grants
/// `delegate_permission/common.handle_all_urls` to the app's package name and the SHA-256
/// fingerprint of its signing certificate (Android's "Verify Android App Links"). The
/// `RoundtripAndroid` module writes that file and the manifest's intent filters from this.
public struct AndroidApp: Sendable, Hashable {
    /// The package names (`applicationId`s) that verify the domains, in file order: one, or one per
    /// build variant.
    public var packages: [String]
    /// The SHA-256 fingerprints of the app's signing certificates, each as 32 uppercase
    /// hexadecimal bytes joined by colons (the one form Google's verifier accepts).
    public var certificateFingerprints: [String]
    /// Whether the domains share sign-in credentials with the app
    /// (`delegate_permission/common.get_login_creds`).
    public var loginCredentials: Bool
    /// Whether the routes go into the file as Android 15's dynamic rules, the manifest's verified
    /// filters naming scheme and host only.
    public var dynamicRules: Bool

    /// Creates an Android app description; `certificateFingerprints` should already be in the
    /// canonical form (``SpecLoader`` writes them so).
    public init(packages: [String], certificateFingerprints: [String], loginCredentials: Bool = false, dynamicRules: Bool = false) {
        self.packages = packages
        self.certificateFingerprints = certificateFingerprints
        self.loginCredentials = loginCredentials
        self.dynamicRules = dynamicRules
    }

    /// Whether `name` is an Android package name: two or more parts separated by dots, each a
    /// letter followed by letters, digits or `_` (Android's "Configure the app module", section
    /// "Set the application ID").
    public static func isValidPackageName(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count >= 2
            && parts.allSatisfy { part in
                guard let first = part.utf8.first, URLSplit.isAlpha(first) else { return false }
                return part.utf8.allSatisfy { URLSplit.isAlpha($0) || URLSplit.isDigit($0) || $0 == UInt8(ascii: "_") }
            }
    }
}

/// A SHA-256 certificate fingerprint read from text a person wrote: in any case, with a colon
/// between every byte or none. One home for the rule, shared by the spec loader and
/// `RoundtripAndroid`'s `CertificateFingerprint`.
package enum CertificateFingerprintText {
    /// Why a text is not a fingerprint, in words for a message.
    package struct Problem: Error, Sendable {
        /// What was wrong and how to fix it.
        package let message: String
    }

    /// The 32 bytes of `text`, or why it is not a fingerprint.
    package static func bytes(_ text: String) -> Result<[UInt8], Problem> {
        let parts = text.contains(":") ? text.split(separator: ":", omittingEmptySubsequences: false) : pairs(text)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(32)
        for part in parts {
            guard part.utf8.count == 2, part.allSatisfy(\.isHexDigit), let byte = UInt8(part, radix: 16) else {
                return .failure(
                    Problem(
                        message:
                            "'\(text)' is not a SHA-256 certificate fingerprint; write 32 bytes in hexadecimal, such as 14:6D:E9:…:E5 (keytool -list -v prints it)"
                    )
                )
            }
            bytes.append(byte)
        }
        guard bytes.count == 32 else {
            return .failure(
                Problem(
                    message:
                        "'\(text)' has \(bytes.count) bytes; a SHA-256 certificate fingerprint has 32 (a SHA-1 fingerprint has 20: use the SHA-256 one)"
                )
            )
        }
        return .success(bytes)
    }

    /// `14:6D:E9:…:E5`: uppercase, colon-joined.
    package static func canonical(_ bytes: [UInt8]) -> String {
        bytes.map { byte in
            let digits = String(byte, radix: 16, uppercase: true)
            return digits.count == 1 ? "0" + digits : digits
        }.joined(separator: ":")
    }

    /// Whether `text` is already what ``canonical(_:)`` writes: 32 uppercase hexadecimal bytes
    /// joined by colons, the one form Google's Digital Asset Links verifier reads.
    ///
    /// - Complexity: O(1): at most 95 bytes are looked at, with no allocation (a reader asks this
    ///   of every fingerprint of a file).
    package static func isCanonical(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable(isCanonical) ?? isCanonical(Array(text.utf8))
    }

    private static func isCanonical(_ bytes: some Collection<UInt8>) -> Bool {
        guard bytes.count == 32 * 3 - 1 else { return false }
        for (offset, byte) in bytes.enumerated() {
            let isUppercaseHexDigit = URLSplit.isDigit(byte) || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
            guard offset % 3 == 2 ? byte == UInt8(ascii: ":") : isUppercaseHexDigit else { return false }
        }
        return true
    }

    private static func pairs(_ text: String) -> [Substring] {
        guard text.utf8.count % 2 == 0, text.utf8.allSatisfy({ $0 < 0x80 }) else { return [Substring(text)] }
        var result: [Substring] = []
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(index, offsetBy: 2)
            result.append(text[index..<next])
            index = next
        }
        return result
    }
}
