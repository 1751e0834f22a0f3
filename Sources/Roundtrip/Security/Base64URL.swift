import Foundation

/// base64url without padding (RFC 4648 section 5), the encoding of `rt-state` and `rt-sig`.
public enum Base64URL {
    /// Encodes bytes as base64url without `=` padding.
    ///
    /// Written out rather than through `Data.base64EncodedString()` and three string
    /// replacements: it sits on the incoming path (`rt-sig`) and Foundation's route cost tens of
    /// microseconds per call on Linux.
    public static func encode(_ bytes: some Sequence<UInt8>) -> String {
        let input = Array(bytes)
        var output: [UInt8] = []
        output.reserveCapacity((input.count * 4 + 2) / 3)
        var index = 0
        while index + 3 <= input.count {
            let chunk = UInt32(input[index]) << 16 | UInt32(input[index + 1]) << 8 | UInt32(input[index + 2])
            output += [alphabet[Int(chunk >> 18 & 63)], alphabet[Int(chunk >> 12 & 63)], alphabet[Int(chunk >> 6 & 63)], alphabet[Int(chunk & 63)]]
            index += 3
        }
        switch input.count - index {
        case 1:
            let chunk = UInt32(input[index]) << 16
            output += [alphabet[Int(chunk >> 18 & 63)], alphabet[Int(chunk >> 12 & 63)]]
        case 2:
            let chunk = UInt32(input[index]) << 16 | UInt32(input[index + 1]) << 8
            output += [alphabet[Int(chunk >> 18 & 63)], alphabet[Int(chunk >> 12 & 63)], alphabet[Int(chunk >> 6 & 63)]]
        default:
            break
        }
        return String(decoding: output, as: UTF8.self)
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
        let characters = Array(text.utf8)
        guard characters.count % 4 != 1 else { return nil }
        var values: [UInt8] = []
        values.reserveCapacity(characters.count)
        for character in characters {
            guard let value = sextet(character) else { return nil }
            values.append(value)
        }
        var output: [UInt8] = []
        output.reserveCapacity(characters.count * 3 / 4)
        var index = 0
        while index + 4 <= values.count {
            let chunk = UInt32(values[index]) << 18 | UInt32(values[index + 1]) << 12 | UInt32(values[index + 2]) << 6 | UInt32(values[index + 3])
            output += [UInt8(chunk >> 16 & 0xFF), UInt8(chunk >> 8 & 0xFF), UInt8(chunk & 0xFF)]
            index += 4
        }
        switch values.count - index {
        case 2:
            guard values[index + 1] & 0x0F == 0 else { return nil }  // 4 unused bits must be zero
            output.append(values[index] << 2 | values[index + 1] >> 4)
        case 3:
            guard values[index + 2] & 0x03 == 0 else { return nil }  // 2 unused bits must be zero
            output.append(values[index] << 2 | values[index + 1] >> 4)
            output.append((values[index + 1] & 0x0F) << 4 | values[index + 2] >> 2)
        default:
            break
        }
        return output
    }

    /// Whether bytes are strict base64url as ``decode(_:)`` reads it (only `A–Z a–z 0–9 - _`, no
    /// padding, a possible length, a canonical last character), checked in place without
    /// decoding.
    static func isCanonical(_ characters: UnsafeBufferPointer<UInt8>) -> Bool {
        guard characters.count % 4 != 1 else { return false }
        for character in characters where sextet(character) == nil { return false }
        guard let last = characters.last.flatMap(sextet) else { return true }
        switch characters.count % 4 {
        case 2: return last & 0x0F == 0  // 4 unused bits must be zero
        case 3: return last & 0x03 == 0  // 2 unused bits must be zero
        default: return true
        }
    }

    /// How many bytes `count` strict base64url characters decode to.
    static func decodedCount(_ count: Int) -> Int { count * 3 / 4 }

    /// The base64url alphabet (RFC 4648 table 2).
    private static let alphabet: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// The value of one base64url character.
    private static func sextet(_ character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): character - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): character - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0") + 52
        case UInt8(ascii: "-"): 62
        case UInt8(ascii: "_"): 63
        default: nil
        }
    }

    /// Decodes base64 or base64url, with or without padding (for keys pasted into spec files).
    public static func decodeLenient(_ text: String) -> [UInt8]? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let unpadded = trimmed.hasSuffix("==") ? String(trimmed.dropLast(2)) : trimmed.hasSuffix("=") ? String(trimmed.dropLast()) : trimmed
        return decode(unpadded.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_"))
    }
}
