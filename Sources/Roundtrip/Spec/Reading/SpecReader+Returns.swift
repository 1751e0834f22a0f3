/// An action's `returns`: the response parameters of its success outcome.
extension SpecReader {
    /// Reads `returns`: the success outcome's response parameters, each defined like a parameter.
    mutating func readReturns(_ node: DocumentNode, path: String, convention: Convention, responsePrefix: String) -> [ParameterSpec] {
        let rules = convention.rules
        if let refusal = rules.returnsRefusal { error("convention-mismatch", path, node, refusal) }
        var returns: [ParameterSpec] = []
        for member in namedEntries(node, path) {
            let (name, keyNode, entry) = (member.key, Self.keyNode(member), member.value)
            let entryPath = "\(path).\(name)"
            checkNameCharacters(name, entryPath, keyNode, what: "the returned value's name")
            if name.utf8.contains(0x2A) {
                error("invalid-name", entryPath, keyNode, "a returned value is named exactly; '*' (a prefix) applies to request parameters only")
            }
            if ReservedNames.isReserved(name) {
                error("reserved-parameter", entryPath, keyNode, "names starting with 'rt-' belong to Roundtrip")
            } else if let problem = rules.returnedNameProblem(name, responsePrefix: responsePrefix) {
                error(problem.rule, entryPath, keyNode, problem.message)
            }
            // Refused before reading, so the entry is not also asked for the 'secret-env' it could never use.
            if let typeNode = entry.members?.first(where: { $0.key == ParameterKey.type.name })?.value, typeNode.scalarText == "secret" {
                error(
                    "type-mismatch",
                    Self.join(entryPath, ParameterKey.type),
                    typeNode,
                    "a callback never carries a secret: other apps can see the callback URL it is opened with; return another type, or drop the entry"
                )
                continue
            }
            guard let parameter = readParameter(name: name, node: entry, path: entryPath, allowName: false) else { continue }
            if parameter.isPresenceSwitch {
                error(
                    "convention-mismatch",
                    Self.join(entryPath, ParameterKey.format),
                    entry.members?.first(where: { $0.key == ParameterKey.format.name })?.value,
                    "a returned value is read by name from the callback, so it is not a presence switch; use format: true-false"
                )
            }
            returns.append(parameter)
        }
        return returns
    }
}
