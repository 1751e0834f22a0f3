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
    /// The conventions whose actions may give `required-callbacks`, from their facts.
    static let requirableConventions = Convention.allCases.filter(\.facts.callbacksMayBeRequired)

    /// The names of ``requirableConventions`` as a spec spells them, for descriptions.
    static let requirableNames = requirableConventions.map(\.rawValue).joined(separator: " and ")

    /// `required-callbacks`: outcomes whose callback a request must carry (a custom action's own
    /// outcomes, or `any`; each convention's narrower list is in ``requirementRules``).
    static let requiredCallbacks: OrderedJSON = [
        "description": .string(ActionKey.requiredCallbacks.entry.summary),
        "anyOf": [
            ["type": "string", "minLength": 1],
            ["type": "array", "uniqueItems": true, "items": ["type": "string", "minLength": 1]],
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

    /// `exclusive`: one group of parameter names or a list of groups, as `requires-one-of`.
    static let exclusive: OrderedJSON = [
        "description": .string(ActionKey.exclusive.entry.summary),
        "anyOf": [parameterGroup, ["type": "array", "minItems": 1, "items": parameterGroup]],
        "examples": [["amount", "amount-cents"], [["amount", "amount-cents"], ["email", "phone"]]],
    ]

    /// The conditions of `required-callbacks` on the convention: each requirable convention but
    /// custom (whose outcomes are the action's) lists the outcomes it answers.
    static let requirementRules: [OrderedJSON] =
        [
            [
                "$comment": .string("convention-mismatch: required-callbacks applies to \(requirableNames) actions only."),
                "if": ["not": conventionIs(requirableConventions)],
                "then": ["properties": ["required-callbacks": forbidden("'required-callbacks' applies to \(requirableNames) actions only")]],
            ]
        ]
        + requirableConventions.filter { !$0.facts.describesOwnWayBack }.map { convention in
            [
                "$comment": .string(
                    "invalid-value: a \(convention.rawValue) action answers \(convention.defaultOutcomes.joined(separator: " or ")) only."
                ),
                "if": conventionIs([convention]),
                "then": [
                    "properties": [
                        "required-callbacks": oneOrMore(["enum": .array(convention.defaultOutcomes.map(OrderedJSON.string))])
                    ]
                ],
            ]
        }
}
