/// The `sources` policies and the signing `keys`.
extension SpecReader {
    mutating func readSources(_ node: DocumentNode, _ path: String) -> SourcePolicy {
        let fields = mapping(node, path, keys: SourcesKey.self) ?? .none
        return SourcePolicy(
            allow: stringList(fields[.allow], Self.join(path, SourcesKey.allow)),
            deny: stringList(fields[.deny], Self.join(path, SourcesKey.deny)) ?? [],
            unknown: choice(fields[.unknown], Self.join(path, SourcesKey.unknown), SourcePolicy.Unknown.self) ?? .allow
        )
    }

    mutating func readKeys(_ node: DocumentNode) -> [SigningKeyDescription] {
        var keys: [SigningKeyDescription] = []
        for member in namedEntries(node, TopLevelKey.keys.name) {
            let (id, keyNode) = (member.key, member.value)
            let path = "keys.\(id)"
            guard let fields = mapping(keyNode, path, keys: SigningKeyKey.self) else { continue }
            guard let algorithm = choice(fields[.algorithm], Self.join(path, SigningKeyKey.algorithm), SignatureAlgorithm.self) else {
                if fields[.algorithm] == nil {
                    error("missing-key", Self.join(path, SigningKeyKey.algorithm), keyNode, "a key needs an 'algorithm' (hmac-sha256 or ed25519)")
                }
                continue
            }
            switch algorithm {
            case .hmacSHA256:
                if let variable = nonEmptyString(fields[.secretEnv], Self.join(path, SigningKeyKey.secretEnv)) {
                    checkEnvironmentName(variable, Self.join(path, SigningKeyKey.secretEnv), fields[.secretEnv])
                    keys.append(SigningKeyDescription(id: id, algorithm: algorithm, material: .secretEnvironment(variable)))
                } else if let account = nonEmptyString(fields[.keychain], Self.join(path, SigningKeyKey.keychain)) {
                    keys.append(SigningKeyDescription(id: id, algorithm: algorithm, material: .keychain(account)))
                } else {
                    error(
                        "missing-key",
                        path,
                        keyNode,
                        "an hmac-sha256 key needs 'secret-env' (an environment variable) or 'keychain'; never put a secret in the spec"
                    )
                }
                if fields[.publicKey] != nil {
                    error(
                        "invalid-key",
                        Self.join(path, SigningKeyKey.publicKey),
                        fields[.publicKey],
                        "hmac-sha256 keys are shared secrets; 'public-key' is for ed25519"
                    )
                }
            case .ed25519:
                guard let text = nonEmptyString(fields[.publicKey], Self.join(path, SigningKeyKey.publicKey)) else {
                    if fields[.publicKey] == nil {
                        error(
                            "missing-key",
                            Self.join(path, SigningKeyKey.publicKey),
                            keyNode,
                            "an ed25519 key needs 'public-key': the base64 of the raw 32-byte key"
                        )
                    }
                    continue
                }
                guard let bytes = Base64URL.decodeLenient(text), bytes.count == 32 else {
                    error(
                        "invalid-key",
                        Self.join(path, SigningKeyKey.publicKey),
                        fields[.publicKey],
                        "the public key must be base64 of exactly 32 raw bytes"
                    )
                    continue
                }
                keys.append(SigningKeyDescription(id: id, algorithm: algorithm, material: .publicKey(bytes)))
            }
        }
        return keys
    }
}
