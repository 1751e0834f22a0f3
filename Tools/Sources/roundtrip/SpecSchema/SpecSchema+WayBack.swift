import Roundtrip

/// The schema of a custom action's way back: `callback-parameters`, `answer`, `error-returns`
/// and `state-parameter`. What a schema cannot check (that an outcome is among the action's,
/// that a `pointer`'s parameter is a declared json parameter, that an echoed name is declared)
/// is left to the loader.
extension SpecSchema {
    /// One callback's place: a query parameter's name, `{parameter, pointer}` (RFC 6901) or
    /// `{parameter, template: true}`.
    static let callbackPlace: OrderedJSON = [
        "anyOf": [
            ["type": "string", "minLength": 1],
            [
                "type": "object",
                "additionalProperties": false,
                "required": ["parameter", "pointer"],
                "properties": [
                    "parameter": ["type": "string", "minLength": 1],
                    "pointer": ["type": "string", "pattern": "^/([^~]|~[01])*$"],
                ],
            ],
            [
                "type": "object",
                "additionalProperties": false,
                "required": ["parameter", "template"],
                "properties": ["parameter": ["type": "string", "minLength": 1], "template": ["const": true]],
            ],
        ]
    ]

    /// `callback-parameters`: outcomes (or `any`) to callback places.
    static let callbackParameters: OrderedJSON = [
        "description": .string(ActionKey.callbackParameters.entry.summary),
        "type": "object",
        "minProperties": 1,
        "additionalProperties": callbackPlace,
        "examples": [["success": "callbacksuccess", "error": "callbackfail"], ["any": ["parameter": "data", "pointer": "/callback_url"]]],
    ]

    /// `answer`: prefix, outcome, echo, and one form.
    static let answer: OrderedJSON = [
        "description": .string(ActionKey.answer.entry.summary),
        "type": "object",
        "additionalProperties": false,
        "properties": [
            "prefix": ["type": "string"],
            "outcome": [
                "type": "object",
                "additionalProperties": false,
                "required": ["name"],
                "properties": [
                    "name": ["type": "string", "minLength": 1],
                    "values": ["type": "object", "additionalProperties": oneOrMore(["type": "string", "minLength": 1])],
                ],
            ],
            "echo": oneOrMore(["type": "string", "minLength": 1]),
            "json": ["type": "string", "minLength": 1],
            "template": ["type": "boolean"],
        ],
        "not": ["required": ["json", "template"]],
    ]

    /// `returns` or `error-returns`: returned values by name, none in Roundtrip's `rt-` namespace.
    static func returnedValues(_ description: String) -> OrderedJSON {
        [
            "description": .string(description),
            "type": "object",
            "propertyNames": [
                "minLength": 1, "pattern": .string("^(?!\(ReservedNames.prefix))"),
                "patternErrorMessage": "names starting with 'rt-' belong to Roundtrip",
            ],
            "additionalProperties": ["$ref": "#/$defs/returned-value"],
        ]
    }

    /// The conventions whose actions describe their own way back.
    static let customConventions = Convention.allCases.filter(\.facts.describesOwnWayBack)

    /// The conditions of the way-back keys on the convention.
    static let wayBackRules: [OrderedJSON] = [
        [
            "$comment": "missing-key: a custom action says where its callbacks are.",
            "if": conventionIs(customConventions),
            "then": ["required": ["callback-parameters"]],
        ],
        [
            "$comment": "convention-mismatch: the way-back keys apply to custom actions only.",
            "if": ["not": conventionIs(customConventions)],
            "then": [
                "properties": [
                    "callback-parameters": forbidden("'callback-parameters' applies to custom actions only"),
                    "answer": forbidden("'answer' applies to custom actions only"),
                    "error-returns": forbidden("'error-returns' applies to custom actions only"),
                    "state-parameter": forbidden("'state-parameter' applies to custom actions only"),
                ]
            ],
        ],
    ]
}
