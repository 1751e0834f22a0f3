import Roundtrip

/// The schema of an action's `select`. What a schema cannot check (that no two actions at one
/// route could be selected by one URL, that a name is not also a parameter of the action) is
/// left to the loader.
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
