import Foundation

/// What a partner's spec required of its answers when a request was made, as the ledger records
/// it: the signature mode and the key that signs them.
///
/// It is written into the pending request at `request build` (``RequestBuilder``), so a spec
/// edited while the request is pending (or swapped by someone who wants a forged answer
/// accepted) cannot downgrade that request to unsigned answers. A ledger entry written before
/// signed answers existed has none, which means `off`.
public struct AnswerRequirement: Sendable, Hashable, Codable {
    /// `optional` or `required` (an `off` policy records no requirement at all).
    public let signatures: SignatureRequirement
    /// The key that signs the answers: an Ed25519 public key, or a reference to an HMAC secret
    /// the caller's ``KeyResolver`` reads (the Keychain on Apple platforms).
    public let key: SigningKeyDescription

    /// Creates a requirement.
    ///
    /// - Parameters:
    ///   - signatures: `optional` or `required`.
    ///   - key: The key that signs the answers.
    public init(signatures: SignatureRequirement, key: SigningKeyDescription) {
        self.signatures = signatures
        self.key = key
    }

    private enum CodingKeys: String, CodingKey {
        case signatures, keyID, algorithm, publicKey, secretEnv, keychain
    }

    /// Reads a recorded requirement.
    ///
    /// - Throws: `DecodingError` for an unknown mode or algorithm, or a key without material.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let mode = try container.decode(String.self, forKey: .signatures)
        guard let signatures = SignatureRequirement(rawValue: mode) else {
            throw DecodingError.dataCorruptedError(forKey: .signatures, in: container, debugDescription: "unknown signature mode '\(mode)'")
        }
        let name = try container.decode(String.self, forKey: .algorithm)
        guard let algorithm = SignatureAlgorithm(rawValue: name) else {
            throw DecodingError.dataCorruptedError(forKey: .algorithm, in: container, debugDescription: "unknown algorithm '\(name)'")
        }
        let material: KeyMaterial
        if let text = try container.decodeIfPresent(String.self, forKey: .publicKey) {
            guard let bytes = Base64URL.decode(text) else {
                throw DecodingError.dataCorruptedError(forKey: .publicKey, in: container, debugDescription: "the public key is not base64url")
            }
            material = .publicKey(bytes)
        } else if let variable = try container.decodeIfPresent(String.self, forKey: .secretEnv) {
            material = .secretEnvironment(variable)
        } else if let account = try container.decodeIfPresent(String.self, forKey: .keychain) {
            material = .keychain(account)
        } else {
            throw DecodingError.dataCorruptedError(forKey: .keyID, in: container, debugDescription: "the answer key has no material")
        }
        self.signatures = signatures
        key = SigningKeyDescription(id: try container.decode(String.self, forKey: .keyID), algorithm: algorithm, material: material)
    }

    /// Writes the requirement: the mode, the key id and algorithm, and the public key (base64url)
    /// or where the secret is found; never a secret.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(signatures.rawValue, forKey: .signatures)
        try container.encode(key.id, forKey: .keyID)
        try container.encode(key.algorithm.rawValue, forKey: .algorithm)
        switch key.material {
        case .publicKey(let bytes): try container.encode(Base64URL.encode(bytes), forKey: .publicKey)
        case .secretEnvironment(let variable): try container.encode(variable, forKey: .secretEnv)
        case .keychain(let account): try container.encode(account, forKey: .keychain)
        }
    }
}
