import Roundtrip

/// The schema of a key as the spec language's registry (``SpecLanguage``) describes it: its
/// description, its examples and, for the kinds of value a keyword can state, the value's shape.
/// A key whose value is a structure gets its shape from the schema's own definitions.
extension SpecSchema {
    /// The key's schema, from its registry entry.
    static func schema(of entry: SpecKeyEntry) -> OrderedJSON {
        let examples = entry.examples.map { example in
            if case .wholeNumber = entry.kind, let number = Int(example) { return OrderedJSON.integer(number) }
            return OrderedJSON.string(example)
        }
        switch entry.kind {
        case .text: return text(entry.summary, examples: examples)
        case .nonEmptyText: return nonEmptyText(entry.summary, examples: examples)
        case .flag: return flag(entry.summary)
        case .wholeNumber(let least): return count(entry.summary, minimum: least, examples: examples)
        case .number: return decimal(entry.summary)
        case .choice(let values, let value): return choice(values, entry.summary, default: value)
        case .environmentName: return environmentName(entry.summary, examples: examples)
        case .structure: return ["description": .string(entry.summary)]
        }
    }

    /// `schema`, with the registry's description of `entry` first.
    static func described(_ entry: SpecKeyEntry, _ schema: OrderedJSON) -> OrderedJSON {
        guard case .object(let members) = schema else { return schema }
        return .object([OrderedJSON.Member(key: "description", value: .string(entry.summary))] + members)
    }

    /// The keys of `place`, each with its schema: the registry's, or `custom`'s for the keys whose
    /// value the registry calls a structure, or that the schema says more of.
    static func properties(of place: SpecPlace, custom: (SpecKeyEntry) -> OrderedJSON?) -> OrderedJSON {
        .object(SpecLanguage.entries(in: place).map { entry in OrderedJSON.Member(key: entry.name, value: custom(entry) ?? schema(of: entry)) })
    }
}

extension SpecSchema {
    /// The rules that forbid a parameter's key on the types it does not apply to (`type-mismatch`),
    /// in the loader's words, from the registry: one rule for each run of keys that apply to the
    /// same types. The keys that apply to secrets only, or to all but secrets, are the secret rule's.
    static let typeRestrictions: [OrderedJSON] = {
        var groups: [(types: [String], wording: String, keys: [String])] = []
        for entry in SpecLanguage.entries(in: .parameter) {
            guard case .only(let types, let wording) = entry.types, types != ["secret"] else { continue }
            if let last = groups.last, last.types == types {
                groups[groups.count - 1].keys.append(entry.name)
            } else {
                groups.append((types, wording, [entry.name]))
            }
        }
        return groups.map { group in
            let members = group.keys.map { key in
                OrderedJSON.Member(key: key, value: forbidden("'\(key)' applies to \(group.wording)"))
            }
            return [
                "$comment": .string("type-mismatch: \(group.keys.joined(separator: " and ")) only for \(group.wording)."),
                "if": ["not": typeIsOneOf(group.types)],
                "then": ["properties": .object(members)],
            ]
        }
    }()

    /// The keys that describe a value, which a secret never has in the spec.
    static let notForSecrets: [String] = SpecLanguage.entries(in: .parameter).compactMap { entry in
        guard case .allBut(let types, _) = entry.types, types == ["secret"] else { return nil }
        return entry.name
    }

    /// `type` is one of `types`, given or (for the default type) by default.
    static func typeIsOneOf(_ types: [String]) -> OrderedJSON {
        guard case .choice(_, let defaultType?) = ParameterKey.type.entry.kind, types.contains(defaultType) else { return typeIs(types) }
        return ["properties": ["type": ["enum": .array(types.map(OrderedJSON.string))]]]
    }
}
