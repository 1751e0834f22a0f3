import Foundation

/// base64url without padding (RFC 4648 section 5), the encoding of `rt-state` and `rt-sig`.
public enum Base64URL {
    /// Encodes bytes as base64url without `=` padding.
    public static func encode(_ bytes: some Sequence<UInt8>) -> String {
        Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// Decodes strict base64url: only `A–Z a–z 0–9 - _`, no padding, canonical.
    ///
    /// Canonical means the unused low bits of the last character are zero, so each byte string
    /// has exactly one spelling: otherwise a signature could be altered in its last character
    /// and still verify (signature malleability).
    ///
    /// - Returns: The bytes, or `nil` for any other character, an impossible length or a
    ///   non-canonical last character.
    public static func decode(_ text: some StringProtocol) -> [UInt8]? {
        guard text.utf8.allSatisfy({ URLSplit.isAlpha($0) || URLSplit.isDigit($0) || $0 == 0x2D || $0 == 0x5F }),
              text.utf8.count % 4 != 1
        else { return nil }
        var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        standard += String(repeating: "=", count: (4 - standard.utf8.count % 4) % 4)
        guard let bytes = Data(base64Encoded: standard).map(Array.init), encode(bytes) == text else { return nil }
        return bytes
    }

    /// Decodes base64 or base64url, with or without padding (for keys pasted into spec files).
    public static func decodeLenient(_ text: String) -> [UInt8]? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let unpadded = trimmed.hasSuffix("==") ? String(trimmed.dropLast(2)) : trimmed.hasSuffix("=") ? String(trimmed.dropLast()) : trimmed
        return decode(unpadded.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_"))
    }
}
