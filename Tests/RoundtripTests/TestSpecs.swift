import Crypto
import Foundation
import Roundtrip
import RoundtripTestSupport
import RoundtripYAML
import Testing

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

    /// What `endpoint` decides for `url`: the reported values, or the refusal.
    static func decide(_ endpoint: Endpoint, _ url: String) -> Result<[String: CanonicalValue], RoundtripError> {
        do {
            return .success(try endpoint.evaluate(url).canonicalValues)
        } catch {
            return .failure(error)
        }
    }

    /// Records an issue unless `decision` is a refusal with `code`, naming `parameter`, whose
    /// message contains `message`.
    static func expectRefusal(
        _ decision: Result<[String: CanonicalValue], RoundtripError>,
        _ code: RoundtripError.Code,
        parameter: String?,
        message: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard case .failure(let error) = decision else {
            Issue.record("accepted: \(decision)", sourceLocation: sourceLocation)
            return
        }
        #expect(error.code == code, sourceLocation: sourceLocation)
        #expect(error.parameter == parameter, sourceLocation: sourceLocation)
        #expect(error.message.contains(message), "\(error.message)", sourceLocation: sourceLocation)
    }

    /// Builds a request to `action` of `spec` with `values` (as `request build` would) and
    /// decides it as the receiving app would: the URL built and the request accepted.
    static func roundTrip(_ spec: Spec, _ action: String, _ values: [String: String]) throws -> (url: String, request: AcceptedRequest) {
        let built = try RequestBuilder(partner: spec).build(
            action,
            parameters: values.sorted { $0.key < $1.key }.map { QueryItem(name: $0.key, value: $0.value) }
        )
        return (built.url, try Endpoint(spec: spec).evaluate(built.url))
    }

    /// Whether loading `yaml` fails with a diagnostic of rule `code` whose text contains `message`.
    static func loadFails(_ yaml: String, code: String, message: String) -> Bool {
        do {
            _ = try SpecLoader.load(yaml: yaml)
            return false
        } catch {
            let text = String(describing: error)
            return text.contains("[\(code)]") && text.contains(message)
        }
    }
}
