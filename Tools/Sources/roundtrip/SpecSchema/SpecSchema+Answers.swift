import Roundtrip

/// The schema of `answers` (signed answers), at the top level and in an
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
            "signatures": schema(of: AnswersKey.signatures.entry),
            "key": schema(of: AnswersKey.key.entry),
        ],
        "if": ["properties": ["signatures": ["not": ["const": "off"]]]],
        "then": ["required": ["key"], "errorMessage": "answers signed optional or required need a 'key' (missing-key)"],
        "else": ["properties": ["key": forbidden("answers with 'signatures: off' are not signed, so 'key' is never used (unused-answer-key)")]],
    ]
}
