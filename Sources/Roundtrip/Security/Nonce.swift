import Crypto
import Foundation

/// Random, unguessable identifiers: `rt-state` nonces and `rt-id` request ids.
public enum Nonce {
    /// 128 bits (16 bytes) from the system's secure random source, base64url without padding.
    ///
    /// - Parameter byteCount: How many random bytes; at least 16.
    public static func make(byteCount: Int = 16) -> String {
        var generator = SystemRandomNumberGenerator()  // arc4random_buf / getrandom: a CSPRNG on every platform.
        let bytes = (0..<max(minimumByteCount, byteCount)).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return Base64URL.encode(bytes)
    }

    /// The fewest random bytes an `rt-state` nonce carries (``make(byteCount:)``'s least).
    public static let minimumByteCount = 16

    /// Whether text is an `rt-state` nonce as Roundtrip makes and accepts them: strict base64url
    /// (no padding, canonical) of at least ``minimumByteCount`` bytes. The builder refuses any
    /// other nonce, and `callback-match: exact` lets nothing else follow `?rt-state=`.
    static func isWellFormed(_ characters: UnsafeBufferPointer<UInt8>) -> Bool {
        Base64URL.decodedCount(characters.count) >= minimumByteCount && Base64URL.isCanonical(characters)
    }

    /// Compares two secrets in time that depends only on their lengths.
    public static func constantTimeEquals(_ lhs: some StringProtocol, _ rhs: some StringProtocol) -> Bool {
        let a = Array(lhs.utf8)
        let b = Array(rhs.utf8)
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }
}
