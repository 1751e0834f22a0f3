import Roundtrip

/// The schema of an action's `select`, `required-callbacks` and `requires-one-of`. What a schema
/// cannot check (that no two actions at one route could be selected by one URL, that a name is
/// or is not a parameter of the action, that an outcome is among the action's) is left to the
/// loader.
extension SpecSchema {
    /// `select`: query names to the exact (non-empty string) values that select the action, at
    /// most the loader's limit of pairs.
    static let select: OrderedJSON = [
        "description": .string(ActionKey.select.entry.summary),
        "type": "object",
        "minProperties": 1,
        "maxProperties": .integer(SpecLanguage.maximumSelectPairs),
        "propertyNames": parameterName,
        "additionalProperties": ["type": "string", "minLength": 1],
        "examples": [["action": "setPickup"]],
    ]
}

extension SpecSchema {
    /// `required-callbacks`: outcomes whose callback a request must carry.
    static let requiredCallbacks: OrderedJSON = [
        "description": .string(ActionKey.requiredCallbacks.entry.summary),
        "anyOf": [
            ["enum": .array(Convention.xCallbackURL.defaultOutcomes.map(OrderedJSON.string))],
            [
                "type": "array", "minItems": 1, "uniqueItems": true,
                "items": ["enum": .array(Convention.xCallbackURL.defaultOutcomes.map(OrderedJSON.string))],
            ],
        ],
        "examples": [["success"]],
    ]

    /// One `requires-one-of` group: at least two parameter names.
    static let parameterGroup: OrderedJSON = ["type": "array", "minItems": 2, "uniqueItems": true, "items": ["type": "string", "minLength": 1]]

    /// `requires-one-of`: one group or a list of groups.
    static let requiresOneOf: OrderedJSON = [
        "description": .string(ActionKey.requiresOneOf.entry.summary),
        "anyOf": [parameterGroup, ["type": "array", "minItems": 1, "items": parameterGroup]],
        "examples": [["id", "day"], [["id", "day"], ["text", "url"]]],
    ]

    /// The conditions of `required-callbacks` on the convention.
    static let requirementRules: [OrderedJSON] = [
        [
            "$comment": "convention-mismatch: required-callbacks applies to x-callback-url and ulc actions only.",
            "if": ["not": conventionIs([.xCallbackURL, .universalLinkCallback])],
            "then": ["properties": ["required-callbacks": forbidden("'required-callbacks' applies to x-callback-url and ulc actions only")]],
        ],
        [
            "$comment": "invalid-value: a ulc action answers success or error only.",
            "if": conventionIs([.universalLinkCallback]),
            "then": [
                "properties": [
                    "required-callbacks": oneOrMore(["enum": .array(Convention.universalLinkCallback.defaultOutcomes.map(OrderedJSON.string))])
                ]
            ],
        ],
    ]
}
