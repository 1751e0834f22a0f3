import Roundtrip

/// The schema of `ignore-parameters` and `forbid-parameters`: entries spelled like parameter
/// names (a prefix ends in `*`). Whether an entry names a declared parameter or a callback
/// parameter is left to the loader, which knows the action.
extension SpecSchema {
    /// A name or `prefix*`, or a list of them.
    static func nameList(_ description: String) -> OrderedJSON {
        let item = parameterName.adding("type", "string")
        return [
            "description": .string(description),
            "anyOf": [item, ["type": "array", "minItems": 1, "items": item]],
            "examples": [["From", "Resent-*"]],
        ]
    }
}
