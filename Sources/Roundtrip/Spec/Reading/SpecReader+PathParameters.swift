/// An action's `path-parameters`: `;name=value` pairs after its routes' last placeholder.
extension SpecReader {
    /// Reads `path-parameters`: a mapping of names to parameter definitions, appended to
    /// `parameters`. Every route must end with a one-placeholder segment (the pairs follow its
    /// value), and each name must be new to the action and one a pair can carry (no `;` or `=`).
    ///
    /// - Returns: The names, in file order; empty when the key is absent.
    mutating func readPathParameters(
        _ node: DocumentNode?,
        routes: [RoutePattern],
        parameters: inout [ParameterSpec],
        path actionPath: String
    ) -> [String] {
        guard let node else { return [] }
        let path = Self.join(actionPath, ActionKey.pathParameters)
        for route in routes {
            guard let problem = Self.pathParameterRouteProblem(route) else { continue }
            error(
                "invalid-value",
                path,
                node,
                "'path-parameters' are read after the route's last placeholder, but the route '\(route.text)' ends with \(problem); end it with a placeholder such as ':number'"
            )
            return []
        }
        var names: [String] = []
        for member in namedEntries(node, path) {
            let name = member.key
            let memberPath = "\(path).\(name)"
            if name.isEmpty || name.contains(where: { ";=*".contains($0) }) {
                error(
                    "invalid-value",
                    memberPath,
                    member.value,
                    "'\(name)' cannot be the name of a ';name=value' pair: it must be non-empty, without ';', '=' or '*'"
                )
                continue
            }
            if parameters.contains(where: { $0.name == name }) {
                error(
                    "duplicate-value",
                    memberPath,
                    member.value,
                    "'\(name)' is already a parameter or route placeholder of this action; each value is bound by its name, so give it a name of its own"
                )
                continue
            }
            checkNameCharacters(name, memberPath, member.value, what: "the parameter name")
            guard let parameter = readParameter(name: name, node: member.value, path: memberPath, allowName: false) else { continue }
            if parameter.list == .repeated {
                error(
                    "invalid-value",
                    Self.join(memberPath, ParameterKey.list),
                    Self.member(member.value, ParameterKey.list),
                    "a ';\(name)=' pair given twice is duplicate-parameter, so it cannot be a repeated list; use 'list: comma'"
                )
                continue
            }
            parameters.append(parameter)
            names.append(name)
        }
        return names
    }

    /// Why a route cannot carry `;name=value` pairs after its last segment, or `nil` when it
    /// ends with a one-placeholder segment.
    private static func pathParameterRouteProblem(_ route: RoutePattern) -> String? {
        switch route.segments.last {
        case nil: return "no path"
        case .literal(let text)?: return "the literal segment '\(text)'"
        case .rest(let name)?: return "the rest placeholder ':\(name)*', whose value may hold ';'"
        case .placeholder(let name)?:
            return route.splitSegments[name] == nil ? nil : "the segment ':\(name)', which holds several placeholders"
        }
    }
}
