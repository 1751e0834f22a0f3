import Roundtrip

/// A `json` parameter's `schema:`: the JSON Schema subset the loader reads, in the spec's own
/// spelling of its keywords, each schema of a member or an item described by the same definition.
extension SpecSchema {
    /// The definition of a schema (`#/$defs/json-schema`), which refers to itself for `properties`
    /// and `items`.
    static let jsonValueSchema: OrderedJSON = [
        "type": "object",
        "additionalProperties": false,
        "properties": [
            "type": choice(JSONValueSchema.ValueType.allCases.map(\.rawValue), "The kind of JSON value."),
            "required": [
                "description": "The members an object must have, each declared under properties.",
                "type": "array",
                "uniqueItems": true,
                "items": ["type": "string"],
            ],
            "properties": [
                "description": "The declared members of an object, each with its own schema.",
                "type": "object",
                "additionalProperties": ["$ref": "#/$defs/json-schema"],
            ],
            "enum": [
                "description": "The only values allowed, read as the schema's type (string, integer, number or boolean), which enum needs.",
                "anyOf": [["type": textTypes], ["type": "array", "minItems": 1, "items": ["type": textTypes]]],
            ],
            "items": ["description": "The schema of every item of an array.", "$ref": "#/$defs/json-schema"],
            "minimum": decimal("integers and numbers: the smallest value allowed."),
            "maximum": decimal("integers and numbers: the largest value allowed."),
            "max-length": count("strings: the most characters, counted as Unicode scalars (code points)."),
            "additional-properties": flag("false refuses the members of an object that properties does not declare (true by default)."),
        ],
        "allOf": [
            [
                "$comment": "invalid-enum: an enum's values are read as the schema's type.",
                "if": ["required": ["enum"]],
                "then": ["required": ["type"], "properties": ["type": ["enum": ["string", "integer", "number", "boolean"]]]],
            ]
        ],
    ]
}
