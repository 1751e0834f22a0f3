/// Standard base64 with padding (RFC 4648 section 4), the form of a `base64` parameter.
///
/// Strict, so that each byte string has one spelling: only `A–Z a–z 0–9 + /`, the length a
/// multiple of four, `=` only as the last one or two characters, and the unused low bits of the
/// last character zero. The alphabet core is ``Base64URL``'s; this type adds the standard
/// alphabet's two characters and the padding.
package enum Base64Standard {
    /// Why a text is not strict standard base64.
    package enum Failure: Error, Hashable, Sendable {
        /// A character outside the standard alphabet, at this offset.
        case alphabet(offset: Int)
        /// The length is not a multiple of four, or `=` is somewhere other than the end.
        case padding
        /// The last character has unused bits set (a second spelling of the same bytes).
        case nonCanonical

        /// What was wrong, for an error message.
        package var reason: String {
            switch self {
            case .alphabet(let offset): "has a character outside the base64 alphabet (A-Z a-z 0-9 + /) at offset \(offset)"
            case .padding: "is not padded base64: its length must be a multiple of 4, with '=' only at the end"
            case .nonCanonical: "is not canonical base64: the last character has unused bits set"
            }
        }
    }

    /// Encodes bytes as padded standard base64.
    package static func encode(_ bytes: some Sequence<UInt8>) -> String {
        var text = Array(Base64URL.encode(bytes).utf8)
        for index in text.indices {
            if text[index] == UInt8(ascii: "-") { text[index] = UInt8(ascii: "+") }
            if text[index] == UInt8(ascii: "_") { text[index] = UInt8(ascii: "/") }
        }
        while text.count % 4 != 0 { text.append(UInt8(ascii: "=")) }
        return String(decoding: text, as: UTF8.self)
    }

    /// Decodes padded standard base64 strictly.
    package static func decode(_ text: some StringProtocol) -> Result<[UInt8], Failure> {
        var characters = Array(text.utf8)
        guard characters.count % 4 == 0 else { return .failure(.padding) }
        var padding = 0
        while padding < 2, characters.last == UInt8(ascii: "=") {
            characters.removeLast()
            padding += 1
        }
        for (offset, character) in characters.enumerated() {
            switch character {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                continue
            case UInt8(ascii: "+"): characters[offset] = UInt8(ascii: "-")
            case UInt8(ascii: "/"): characters[offset] = UInt8(ascii: "_")
            case UInt8(ascii: "="): return .failure(.padding)
            default: return .failure(.alphabet(offset: offset))
            }
        }
        guard let bytes = Base64URL.decode(String(decoding: characters, as: UTF8.self)) else { return .failure(.nonCanonical) }
        return .success(bytes)
    }
}
