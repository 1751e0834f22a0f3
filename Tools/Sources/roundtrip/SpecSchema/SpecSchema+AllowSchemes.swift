import Roundtrip

/// The schema of `allow-schemes`, at the top level and in an action. Whether a scheme is one of
/// the app's own (unallowable-scheme) is left to `roundtrip spec lint`, as is what allowing each
/// costs.
extension SpecSchema {
    /// `allow-schemes` at the top level or, replacing it, in an action.
    static func allowSchemes(_ description: String) -> OrderedJSON {
        let unallowable = CallbackPolicy.unallowableSchemes.sorted()
        // Any letter case, spelled out: ECMA-262 patterns (an editor's) have no inline `(?i)`.
        let spellings = unallowable.map { name in
            name.map { $0.isLetter ? "[\($0)\($0.uppercased())]" : String($0) }.joined()
        }
        let item = scheme.adding(
            "not",
            [
                "pattern": .string("^(" + spellings.joined(separator: "|") + ")$"),
                "errorMessage": .string(
                    "\(unallowable.joined(separator: ", ")) run script or open content in place of a callback target: never allowed (unallowable-scheme)"
                ),
            ]
        )
        return [
            "description": .string(description),
            "anyOf": [item, ["type": "array", "items": item]],
            "examples": [["http"]],
        ]
    }

    /// An action's `forbid-schemes`: any schemes, one or a list.
    static let forbidSchemes: OrderedJSON = [
        "description": .string(ActionKey.forbidSchemes.entry.summary),
        "anyOf": [scheme, ["type": "array", "items": scheme]],
        "examples": [["https", "mailto"]],
    ]
}
