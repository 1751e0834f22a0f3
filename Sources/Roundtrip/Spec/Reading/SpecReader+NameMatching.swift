/// `names: case-insensitive`: an incoming name finds its parameter in any letter case, so two
/// declared names that differ only in case would be one name.
extension SpecReader {
    /// Refuses two declared parameters whose names fold alike (``NameMatching/folded(_:)``):
    /// under `names: case-insensitive` a request could not tell them apart.
    mutating func checkFoldedNames(_ parameters: [ParameterSpec], node: DocumentNode?, path: String) {
        var first: [String: String] = [:]
        for parameter in parameters {
            let key = NameMatching.folded(parameter.name)
            guard let earlier = first[key] else {
                first[key] = parameter.name
                continue
            }
            error(
                "duplicate-value",
                Self.join(Self.join(path, ActionKey.parameters), parameter.name),
                Self.member(node, parameter.name) ?? node,
                "'\(earlier)' and '\(parameter.name)' are one name under 'names: case-insensitive' (a query name matches in any letter case); declare it once"
            )
        }
    }
}
