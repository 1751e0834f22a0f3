import ArgumentParser
import Foundation
import Roundtrip

/// `--sign-key KID --secret-env VAR`: a key of the spec and the environment variable that holds
/// its secret; `request build` signs requests with it, `response build` signs answers.
struct SignerOption: ParsableArguments {
    @Option(name: .customLong("sign-key"), help: "Sign with this key id of the spec (needs --secret-env).")
    var signKey: String?

    @Option(
        name: .customLong("secret-env"),
        help: "The environment variable holding the signing secret (hmac-sha256: the value's bytes; ed25519: the base64 raw 32-byte private key)."
    )
    var secretEnv: String?

    func validate() throws {
        if (signKey == nil) != (secretEnv == nil) {
            throw ValidationError("--sign-key and --secret-env go together: the key id and where its secret is")
        }
    }

    /// The signer for `--sign-key`, or `nil` without it.
    ///
    /// - Throws: ``CommandFailure`` (usage) for a key the spec lacks, an unset variable or
    ///   unusable key material.
    func signer(for spec: Spec) throws -> RequestSigner? {
        guard let keyID = signKey else { return nil }
        guard let description = spec.key(id: keyID) else {
            let known = spec.keys.map(\.id)
            throw CommandFailure.usage("the spec has no key '\(keyID)' (keys: \(known.isEmpty ? "none" : known.joined(separator: ", ")))")
        }
        guard let variable = secretEnv, let value = ProcessInfo.processInfo.environment[variable], !value.isEmpty else {
            throw CommandFailure.usage("the environment variable \(secretEnv ?? "") is not set")
        }
        let bytes: [UInt8]
        switch description.algorithm {
        case .hmacSHA256:
            bytes = Array(value.utf8)
        case .ed25519:
            guard let decoded = Base64URL.decodeLenient(value) else {
                throw CommandFailure.usage("\(variable) must hold the base64 raw 32-byte Ed25519 private key of '\(keyID)'")
            }
            bytes = decoded
        }
        do {
            return try RequestSigner(keyID: keyID, algorithm: description.algorithm, bytes: bytes)
        } catch {
            throw CommandFailure.usage(error.message)
        }
    }
}
