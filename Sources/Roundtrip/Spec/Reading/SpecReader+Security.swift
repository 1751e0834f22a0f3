/// The `sources` policies and the signing `keys`.
extension SpecReader {
    mutating func readSources(_ node: DocumentNode, _ path: String) -> SourcePolicy {
        let fields = mapping(node, path, keys: SourcesKey.self) ?? .none
        return SourcePolicy(
            allow: stringList(fields[.allow], Self.join(path, "allow")),
            deny: stringList(fields[.deny], Self.join(path, "deny")) ?? [],
            unknown: choice(fields[.unknown], Self.join(path, "unknown"), SourcePolicy.Unknown.self) ?? .allow
        )
    }

    mutating func readKeys(_ node: DocumentNode) -> [SigningKeyDescription] {
        var keys: [SigningKeyDescription] = []
        for member in namedEntries(node, "keys") {
            let (id, keyNode) = (member.key, member.value)
            let path = "keys.\(id)"
            guard let fields = mapping(keyNode, path, keys: SigningKeyKey.self) else { continue }
            guard let algorithm = choice(fields[.algorithm], Self.join(path, "algorithm"), SignatureAlgorithm.self) else {
                if fields[.algorithm] == nil {
                    error("missing-key", Self.join(path, "algorithm"), keyNode, "a key needs an 'algorithm' (hmac-sha256 or ed25519)")
                }
                continue
            }
            switch algorithm {
            case .hmacSHA256:
                if let variable = nonEmptyString(fields[.secretEnv], Self.join(path, "secret-env")) {
                    checkEnvironmentName(variable, Self.join(path, "secret-env"), fields[.secretEnv])
                    keys.append(SigningKeyDescription(id: id, algorithm: algorithm, material: .secretEnvironment(variable)))
                } else if let account = nonEmptyString(fields[.keychain], Self.join(path, "keychain")) {
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
                        Self.join(path, "public-key"),
                        fields[.publicKey],
                        "hmac-sha256 keys are shared secrets; 'public-key' is for ed25519"
                    )
                }
            case .ed25519:
                guard let text = nonEmptyString(fields[.publicKey], Self.join(path, "public-key")) else {
                    if fields[.publicKey] == nil {
                        error(
                            "missing-key",
                            Self.join(path, "public-key"),
                            keyNode,
                            "an ed25519 key needs 'public-key': the base64 of the raw 32-byte key"
                        )
                    }
                    continue
                }
                guard let bytes = Base64URL.decodeLenient(text), bytes.count == 32 else {
                    error("invalid-key", Self.join(path, "public-key"), fields[.publicKey], "the public key must be base64 of exactly 32 raw bytes")
                    continue
                }
                keys.append(SigningKeyDescription(id: id, algorithm: algorithm, material: .publicKey(bytes)))
            }
        }
        return keys
    }
}
