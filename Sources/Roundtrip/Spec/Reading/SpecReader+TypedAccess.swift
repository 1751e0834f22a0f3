import Foundation

/// Reading a node as the value a key expects (a mapping of known keys, a string, a number, a
/// list, one of a fixed set of choices), reporting the node when it is not.
extension SpecReader {
    /// The node as a mapping of `Key`s, reporting repeated keys and those of another kind or
    /// `excluded`.
    mutating func mapping<Key: SpecKey>(
        _ node: DocumentNode,
        _ path: @autoclosure () -> String,
        keys: Key.Type,
        excluding excluded: Key? = nil
    ) -> SpecFields<Key>? {
        guard let members = node.members else {
            error("wrong-type", path(), node, "expected a mapping (key: value pairs)")
            return nil
        }
        func known(_ name: String) -> Key? {
            guard let key = Key.byName[name], key != excluded else { return nil }
            return key
        }
        // Usually every key is known and none repeats. Recording each key finds a known key met
        // again (its slot is taken) without comparing the members' spellings two by two; any
        // other mapping (a key met again, or one unknown or excluded here) is read again below,
        // reporting as it goes.
        if members.count <= SpecFields<Key>.memberCapacity {
            var fields = SpecFields<Key>(members)
            var isPlain = true
            for index in members.indices {
                guard let key = known(members[index].key), fields.record(key, at: index) else {
                    isPlain = false
                    break
                }
            }
            if isPlain { return fields }
        }
        let distinct = distinctMembers(members, path())
        // Usually the fields are the mapping's own members, uncopied; one with more members than
        // the fields can index has unknown keys among them, and keeps only its known ones.
        let isCompacted = distinct.count > SpecFields<Key>.memberCapacity
        var fields = SpecFields<Key>(isCompacted ? distinct.filter { known($0.key) != nil } : distinct)
        var knownCount = 0
        // By index, reading each key in place: a member is copied (its value retained) only
        // for a message.
        for index in distinct.indices {
            if let key = known(distinct[index].key) {
                _ = fields.record(key, at: isCompacted ? knownCount : index)
                knownCount += 1
                continue
            }
            let member = distinct[index]
            let names = Key.allCases.filter { $0 != excluded }.map(\.name)
            let hint = NameSuggestion.closest(to: member.key, among: names).map { " (did you mean '\($0)'?)" } ?? ""
            error(
                "unknown-key",
                Self.join(path(), member.key),
                Self.keyNode(member),
                "unknown key '\(member.key)'\(hint); allowed here: \(names.joined(separator: ", "))"
            )
        }
        return fields
    }

    /// The members of a mapping whose keys are user names (actions, parameters, keys), in file
    /// order, with repeated and empty names reported and left out.
    mutating func namedEntries(_ node: DocumentNode, _ path: @autoclosure () -> String) -> [DocumentNode.Member] {
        guard let members = node.members else {
            error("wrong-type", path(), node, "expected a mapping of names to definitions")
            return []
        }
        let distinct = distinctMembers(members, path())
        // Usually every name is given: then the members are returned as they are, uncopied.
        guard distinct.contains(where: { $0.key.isEmpty }) else { return distinct }
        for member in distinct where member.key.isEmpty {
            error("wrong-type", path(), Self.keyNode(member), "names must be non-empty strings")
        }
        return distinct.filter { !$0.key.isEmpty }
    }

    // The typed readers below read the node through its optional, never binding it to a local
    // (`guard let node`): a binding copies the node, retaining and releasing what it holds, for
    // every key a spec gives.

    mutating func string(_ node: DocumentNode?, _ path: @autoclosure () -> String) -> String? {
        guard case .some = node else { return nil }
        guard let text = node?.scalarText else {
            error("wrong-type", path(), node, "expected a single value, not a list or mapping")
            return nil
        }
        return text
    }

    mutating func nonEmptyString(_ node: DocumentNode?, _ path: @autoclosure () -> String) -> String? {
        guard let value = string(node, path()) else { return nil }
        if value.isEmpty {
            error("empty-value", path(), node, "must not be empty")
            return nil
        }
        return value
    }

    mutating func bool(_ node: DocumentNode?, _ path: @autoclosure () -> String) -> Bool? {
        guard let text = string(node, path()) else { return nil }
        if YAMLBooleanWords.truths.contains(text) { return true }
        if YAMLBooleanWords.falsehoods.contains(text) { return false }
        error("wrong-type", path(), node, "expected true or false, found '\(text)'")
        return nil
    }

    mutating func int(_ node: DocumentNode?, _ path: @autoclosure () -> String, minimum: Int = 0) -> Int? {
        guard let text = string(node, path()) else { return nil }
        guard let value = Int(text), value >= minimum else {
            error("wrong-type", path(), node, "expected a whole number ≥ \(minimum), found '\(text)'")
            return nil
        }
        return value
    }

    mutating func decimal(_ node: DocumentNode?, _ path: @autoclosure () -> String) -> Decimal? {
        guard let text = string(node, path()) else { return nil }
        guard let value = SpecNumber.decimal(text) else {
            error("wrong-type", path(), node, "expected a number such as 12.50 or 1e3, below 10^38 with at most 38 digits, found '\(text)'")
            return nil
        }
        return value
    }

    mutating func stringList(_ node: DocumentNode?, _ path: @autoclosure () -> String) -> [String]? {
        guard case .some = node else { return nil }
        if node?.scalarText != nil, let single = string(node, path()) { return [single] }
        guard let sequence = node?.elements else {
            error("wrong-type", path(), node, "expected a list")
            return nil
        }
        var values: [String] = []
        values.reserveCapacity(sequence.count)
        for (index, item) in sequence.enumerated() {
            if let value = string(item, "\(path())[\(index)]") { values.append(value) }
        }
        return values
    }

    mutating func choice<Choice: RawRepresentable & CaseIterable>(_ node: DocumentNode?, _ path: @autoclosure () -> String, _: Choice.Type) -> Choice?
    where Choice.RawValue == String {
        guard let text = string(node, path()) else { return nil }
        if let value = Choice(rawValue: text) { return value }
        let choices = Choice.allCases.map(\.rawValue).joined(separator: ", ")
        // YAML 1.1 readers hand `off` or `no` to a validator as `false`: read them all as `off`.
        if let off = Choice(rawValue: "off") {
            if YAMLBooleanWords.falsehoods.contains(text) { return off }
            if YAMLBooleanWords.truths.contains(text) {
                error("invalid-value", path(), node, "'\(text)' is not one of \(choices); YAML 1.1 readers take it for true, which says neither")
                return nil
            }
        }
        error("invalid-value", path(), node, "'\(text)' is not one of \(choices)")
        return nil
    }

    static func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// The path of `key` in the mapping at `path`.
    static func join(_ path: String, _ key: some SpecKey) -> String { join(path, key.name) }
}
