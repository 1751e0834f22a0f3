import Crypto
import Foundation
import Roundtrip
import RoundtripTestSupport
import RoundtripYAML

/// The specs and keys the tests share.
enum TestSpecs {
    /// The HMAC secret of key `pos-2026` in `rich.yaml`.
    static let secret = "s3cret-for-tests"
    /// The Ed25519 private key whose public key is `partner-a` in `rich.yaml` (seed bytes 0…31).
    /// Made anew at each use: CryptoKit's keys are not `Sendable` in every Apple SDK, so a
    /// `static let` of one does not compile there.
    static var partnerKey: Curve25519.Signing.PrivateKey {
        try! Curve25519.Signing.PrivateKey(rawRepresentation: Array(0..<32) as [UInt8])
    }

    static func spec(_ name: String) throws -> Spec {
        try SpecLoader.load(contentsOf: Fixture.path("specs/\(name).yaml")).spec
    }

    static func endpoint(_ name: String) throws -> Endpoint {
        try Endpoint(spec: spec(name), keys: EnvironmentKeyResolver(environment: ["ROUNDTRIP_TEST_SECRET": secret]))
    }

    static let hmacKey = SigningKey.hmacSHA256(SymmetricKey(data: Data(secret.utf8)))
}
