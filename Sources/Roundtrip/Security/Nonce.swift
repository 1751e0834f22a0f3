import Crypto
import Foundation

/// Random, unguessable identifiers: `rt-state` nonces and `rt-id` request ids.
public enum Nonce {
    /// 128 bits (16 bytes) from the system's secure random source, base64url without padding.
    ///
    /// - Parameter byteCount: How many random bytes; at least 16.
    public static func make(byteCount: Int = 16) -> String {
        var generator = SystemRandomNumberGenerator()  // arc4random_buf / getrandom: a CSPRNG on every platform.
        let bytes = (0..<max(16, byteCount)).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return Base64URL.encode(bytes)
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
