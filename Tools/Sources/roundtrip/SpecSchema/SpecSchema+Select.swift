import Roundtrip

/// The schema of an action's `select`, `required-callbacks` and `requires-one-of`. What a schema
/// cannot check (that no two actions at one route could be selected by one URL, that a name is
/// or is not a parameter of the action, that an outcome is among the action's) is left to the
/// loader.
extension SpecSchema {
    /// `select`: query names to the exact (non-empty string) values that select the action.
    static let select: OrderedJSON = [
        "description": """
        Fixed query pairs that tell this action apart from others at the same route (rides://?action=setPickup): \
        the action matches only when the query carries every pair exactly, after decoding, and the pairs are consumed. \
        Actions of one route are tried most pairs first; the one without select is the fallback.
        """,
        "type": "object",
        "minProperties": 1,
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

    /// Every outcome a requirable convention answers, in the conventions' order.
    static let requirableOutcomes: [String] = requirableConventions.flatMap(\.defaultOutcomes).reduce(into: []) { outcomes, outcome in
        if !outcomes.contains(outcome) { outcomes.append(outcome) }
    }

    /// `required-callbacks`: outcomes whose callback a request must carry.
    static let requiredCallbacks: OrderedJSON = [
        "description": .string(
            "\(requirableNames) only: the outcomes (\(requirableOutcomes.joined(separator: ", "))) whose callback parameter a request must carry, "
                + "else missing-callback naming it (\(requirableConventions[0].facts.callbacks[0].parameter)). Each must be among the action's outcomes."
        ),
        "anyOf": [
            ["enum": .array(requirableOutcomes.map(OrderedJSON.string))],
            [
                "type": "array", "minItems": 1, "uniqueItems": true,
                "items": ["enum": .array(requirableOutcomes.map(OrderedJSON.string))],
            ],
        ],
        "examples": [["success"]],
    ]

    /// One `requires-one-of` group: at least two parameter names.
    static let parameterGroup: OrderedJSON = ["type": "array", "minItems": 2, "uniqueItems": true, "items": ["type": "string", "minLength": 1]]

    /// `requires-one-of`: one group or a list of groups.
    static let requiresOneOf: OrderedJSON = [
        "description": """
        At least one of these optional query parameters must be present, else missing-parameter naming the group; \
        or a list of such groups. Members are declared parameters, neither required nor with a default.
        """,
        "anyOf": [parameterGroup, ["type": "array", "minItems": 1, "items": parameterGroup]],
        "examples": [["id", "day"], [["id", "day"], ["text", "url"]]],
    ]

    /// The conditions of `required-callbacks` on the convention.
    /// A requirable convention that answers fewer outcomes than ``requirableOutcomes`` gets a
    /// narrower list.
    static let requirementRules: [OrderedJSON] =
        [
            [
                "$comment": .string("convention-mismatch: required-callbacks applies to \(requirableNames) actions only."),
                "if": ["not": conventionIs(requirableConventions)],
                "then": ["properties": ["required-callbacks": forbidden("'required-callbacks' applies to \(requirableNames) actions only")]],
            ]
        ]
        + requirableConventions.filter { $0.defaultOutcomes != requirableOutcomes }.map { convention in
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
