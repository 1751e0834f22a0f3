import Crypto
import Foundation
import Testing

@testable import Roundtrip

/// Keys hold raw bytes, so they are `Sendable` on every platform, and sign and verify as before.
@Suite struct SigningKeyTests {
    static let message = Array("notes://x-callback-url/open?id=1&rt-kid=k&rt-ts=1&rt-id=r".utf8)

    static func keys() -> [(String, SigningKey)] {
        [
            ("hmac-sha256", .hmacSHA256(SymmetricKey(data: Data("s3cret-for-tests".utf8)))),
            ("ed25519", .ed25519(TestSpecs.partnerKey)),
        ]
    }

    @Test func aKeyVerifiesWhatItSignsAndNothingElse() throws {
        for (name, key) in Self.keys() {
            let signature = try key.signature(for: Self.message)
            #expect(key.verificationKey.isValidSignature(signature, for: Self.message), "\(name)")
            #expect(!key.verificationKey.isValidSignature(signature, for: Self.message + [0x31]), "\(name)")
            var altered = signature
            altered[0] ^= 1
            #expect(!key.verificationKey.isValidSignature(altered, for: Self.message), "\(name)")
        }
    }

    @Test func algorithmsAreReported() {
        #expect(Self.keys().map(\.1.algorithm) == [.hmacSHA256, .ed25519])
        #expect(Self.keys().map(\.1.verificationKey.algorithm) == [.hmacSHA256, .ed25519])
    }

    @Test func anEd25519VerificationKeyIsThePublicKey() {
        let key = VerificationKey.ed25519(TestSpecs.partnerKey.publicKey)
        #expect(key.material == .ed25519(Array(TestSpecs.partnerKey.publicKey.rawRepresentation)))
        #expect(SigningKey.ed25519(TestSpecs.partnerKey).verificationKey.material == key.material)
    }

    @Test func keysCrossIsolationBoundaries() async throws {
        // Sendable: the keys go into a detached task and come back.
        let keys = Self.keys().map(\.1)
        let signatures = try await Task.detached { try keys.map { try $0.signature(for: Self.message) } }.value
        for (key, signature) in zip(keys, signatures) {
            #expect(key.verificationKey.isValidSignature(signature, for: Self.message))
        }
        let verificationKey: any Sendable = keys[0].verificationKey
        #expect(verificationKey is VerificationKey)
    }

    @Test func anHMACSignatureIsTheHMACOfTheMessage() throws {
        let secret = SymmetricKey(data: Data("s3cret-for-tests".utf8))
        let expected = Array(HMAC<SHA256>.authenticationCode(for: Self.message, using: secret))
        #expect(try SigningKey.hmacSHA256(secret).signature(for: Self.message) == expected)
    }
}
