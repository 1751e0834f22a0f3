extension AssociationFile {
    /// The file as JSON text, keys in Apple's documented order; decoding it gives an equal file.
    ///
    /// - Parameter prettyPrinted: Two-space indentation and one key per line (the default), or
    ///   compact text for the smallest file.
    /// - Complexity: O(*n*) in the size of the file.
    public func jsonText(prettyPrinted: Bool = true) -> String {
        jsonValue.text(prettyPrinted: prettyPrinted)
    }

    /// The file as UTF-8 JSON bytes (see ``jsonText(prettyPrinted:)``).
    public func jsonBytes(prettyPrinted: Bool = true) -> [UInt8] {
        Array(jsonText(prettyPrinted: prettyPrinted).utf8)
    }

    var jsonValue: JSONOutputValue {
        var members: [(String, JSONOutputValue)] = []
        if let applinks { members.append(("applinks", applinks.jsonValue)) }
        if let webcredentials { members.append(("webcredentials", webcredentials.jsonValue)) }
        if let appclips { members.append(("appclips", appclips.jsonValue)) }
        if let activitycontinuation { members.append(("activitycontinuation", activitycontinuation.jsonValue)) }
        return .object(members)
    }
}

extension ServiceApps {
    var jsonValue: JSONOutputValue { .object([("apps", .array(apps.map(JSONOutputValue.string)))]) }
}

extension AppLinks {
    var jsonValue: JSONOutputValue {
        var members: [(String, JSONOutputValue)] = []
        if let apps { members.append(("apps", .array(apps.map(JSONOutputValue.string)))) }
        if let defaults { members.append(("defaults", defaults.jsonValue)) }
        members.append(("details", .array(details.map(\.jsonValue))))
        if !substitutionVariables.isEmpty {
            members.append(
                (
                    "substitutionVariables",
                    .object(
                        substitutionVariables.map { variable in
                            (variable.name, .array(variable.values.map(JSONOutputValue.string)))
                        }
                    )
                )
            )
        }
        return .object(members)
    }
}

extension MatchingDefaults {
    var jsonValue: JSONOutputValue {
        var members: [(String, JSONOutputValue)] = []
        if let caseSensitive { members.append(("caseSensitive", .bool(caseSensitive))) }
        if let percentEncoded { members.append(("percentEncoded", .bool(percentEncoded))) }
        return .object(members)
    }
}

extension AppLinks.Detail {
    var jsonValue: JSONOutputValue {
        var members: [(String, JSONOutputValue)] = []
        if let appID { members.append(("appID", .string(appID))) }
        if let appIDs { members.append(("appIDs", .array(appIDs.map(JSONOutputValue.string)))) }
        if let defaults { members.append(("defaults", defaults.jsonValue)) }
        if let components { members.append(("components", .array(components.map(\.jsonValue)))) }
        if let paths { members.append(("paths", .array(paths.map(JSONOutputValue.string)))) }
        return .object(members)
    }
}

extension AppLinks.Component {
    var jsonValue: JSONOutputValue {
        var members: [(String, JSONOutputValue)] = []
        if let path { members.append(("/", .string(path))) }
        switch query {
        case .whole(let pattern): members.append(("?", .string(pattern)))
        case .items(let items): members.append(("?", .object(items.map { ($0.name, .string($0.pattern)) })))
        case nil: break
        }
        if let fragment { members.append(("#", .string(fragment))) }
        if let exclude { members.append(("exclude", .bool(exclude))) }
        if let caseSensitive { members.append(("caseSensitive", .bool(caseSensitive))) }
        if let percentEncoded { members.append(("percentEncoded", .bool(percentEncoded))) }
        if let comment { members.append(("comment", .string(comment))) }
        return .object(members)
    }
}
