import Roundtrip

/// The schema of `answers` (signed answers) and `callback-match`, at the top level and in an
/// action. What a schema cannot check (that `key` names an ed25519 key of `keys`, or a
/// `keychain` hmac-sha256 one) is left to `roundtrip spec lint`.
extension SpecSchema {
    /// `answers` at the top level or, replacing it, in an action.
    static func answers(_ description: String) -> OrderedJSON {
        ["description": .string(description), "$ref": "#/$defs/answers"]
    }

    /// The `answers` mapping.
    static let answersPolicy: OrderedJSON = [
        "type": "object",
        "additionalProperties": false,
        "required": ["signatures"],
        "properties": [
            "signatures": choice(
                SignatureRequirement.allCases.map(\.rawValue),
                "Whether the app signs the callbacks it answers with: off, optional (callers check a signature when present) or required (callers refuse an unsigned answer with missing-signature)."
            ),
            "key": nonEmptyText(
                "The key of `keys` that signs the answers: an ed25519 key (callers hold only its public key), or an hmac-sha256 `keychain` key provisioned for each pairing; never a `secret-env` one (unknown-answer-key, shared-secret-answer-key).",
                examples: ["terminal-2026"]
            ),
        ],
        "if": ["properties": ["signatures": ["not": ["const": "off"]]]],
        "then": ["required": ["key"], "errorMessage": "answers signed optional or required need a 'key' (missing-key)"],
        "else": ["properties": ["key": forbidden("answers with 'signatures: off' are not signed, so 'key' is never used (unused-answer-key)")]],
    ]

    /// `callback-match`.
    static func callbackMatch(_ description: String) -> OrderedJSON {
        choice(CallbackMatch.allCases.map(\.rawValue), description, default: CallbackMatch.base.rawValue)
    }

    /// The descriptions of the two keys, top level first.
    static let answersDescription =
        "Whether the app signs its answers, so a caller can tell them from an approval forged by an app that hijacked its custom scheme. An action's own `answers` replaces it."
    static let callbackMatchDescription =
        "How the `callbacks` list matches: base (the default: scheme://host/path, any query) or exact (the whole callback URL byte for byte, then nothing but ?rt-state=…, RFC 9700 section 4.1.3). An action's own `callback-match` replaces it."
}
