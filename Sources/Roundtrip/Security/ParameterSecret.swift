import Crypto

/// The expected value of a `secret` parameter, resolved when an ``Endpoint`` is built.
///
/// Only the SHA-256 digest of the secret is kept, and an incoming value is compared by its own
/// digest in constant time: how long the comparison takes depends on the length of the value
/// given, never on how much of the secret it matches or on the secret's length.
enum ParameterSecret: Sendable {
    /// The digest of the configured secret.
    case expected([UInt8])
    /// No secret is configured, and why; every value is refused.
    case unavailable(String)

    /// Resolves the secret of a parameter through the app's key resolver.
    init(for parameter: ParameterSpec, keys: any KeyResolver) {
        do {
            let secret = try keys.parameterSecret(for: parameter)
            guard !secret.isEmpty else {
                self = .unavailable("the secret for '\(parameter.name)' is empty")
                return
            }
            self = .expected(Array(SHA256.hash(data: secret)))
        } catch {
            self = .unavailable(error.message)
        }
    }

    /// Whether `value` is the secret, compared in constant time over the digests.
    func matches(_ value: UnsafeBufferPointer<UInt8>) -> Bool {
        guard case .expected(let expected) = self else { return false }
        let given = Array(SHA256.hash(data: value))
        var difference: UInt8 = 0
        for index in 0..<expected.count { difference |= expected[index] ^ given[index] }
        return difference == 0
    }
}
