/// Prefix parameters (`fld*`): a name ending in `*` stands for every incoming name that starts
/// with the text before it and has at least one character more, as AnkiMobile's `addnote`
/// takes one `fld<Field name>` parameter per field of a note type ("URL Schemes" in the
/// AnkiMobile manual).
extension SpecReader {
    /// Refuses a prefix name that could never mean what it says: a `*` inside the name, nothing
    /// before the `*`, or a prefix that also covers Roundtrip's `rt-` names or the convention's
    /// callback parameters, which would then reach the handler as values.
    mutating func checkPrefixName(
        _ name: String,
        _ path: @autoclosure () -> String,
        _ node: @autoclosure () -> DocumentNode,
        convention: Convention
    ) {
        // Most names have no `*`: told in place, without walking the view's indices.
        guard name.utf8.withContiguousStorageIfAvailable({ $0.contains(0x2A) }) ?? true, let star = name.utf8.firstIndex(of: 0x2A) else { return }
        if name.utf8.index(after: star) != name.utf8.endIndex {
            error(
                "invalid-name",
                path(),
                node(),
                "'*' may only end a parameter name, where it makes a prefix ('fld*' matches fldFront and fldBack); write the name without it, or end the name with it"
            )
            return
        }
        let prefix = name.dropLast()
        if prefix.isEmpty {
            error(
                "invalid-name",
                path(),
                node(),
                "a prefix needs at least one character before '*'; to take any name use 'unknown-parameters: accept'"
            )
            return
        }
        if ReservedNames.prefix.hasPrefix(prefix) {
            error(
                "reserved-parameter",
                path(),
                node(),
                "the prefix '\(prefix)' would match Roundtrip's own 'rt-' parameters; choose a prefix that does not start them"
            )
        } else if let taken = convention.reservedParameters.first(where: { $0.hasPrefix(prefix) && $0.count > prefix.count }) {
            error(
                "reserved-parameter",
                path(),
                node(),
                "the prefix '\(prefix)' would match '\(taken)', a \(convention) callback parameter; choose a longer prefix"
            )
        }
    }

    /// Refuses what a prefix parameter cannot have: it stands for any number of names, none
    /// included, so it is never required and has no default; it is not a presence switch (no
    /// name to be absent) nor a `repeated` list (each matched name is one value).
    mutating func checkPrefixDefinition(_ parameter: ParameterSpec, node: DocumentNode, _ path: @autoclosure () -> String) {
        guard parameter.isPrefix else { return }
        let name = parameter.name
        if parameter.isRequired {
            error(
                "invalid-value",
                Self.join(path(), ParameterKey.required),
                Self.member(node, ParameterKey.required),
                "'\(name)' is a prefix, which matches any number of names, none included, so it cannot be required; declare the names that must be there on their own"
            )
        }
        if let value = Self.member(node, ParameterKey.default) {
            error(
                "invalid-default",
                Self.join(path(), ParameterKey.default),
                value,
                "'\(name)' is a prefix: no single name would carry a default; drop 'default', or declare the name on its own"
            )
        }
        if parameter.isPresenceSwitch {
            error(
                "type-mismatch",
                Self.join(path(), ParameterKey.format),
                Self.member(node, ParameterKey.format),
                "'\(name)' is a prefix, and a presence switch needs one name to be there or not; declare the switch by its full name"
            )
        }
        if parameter.list == .repeated {
            error(
                "type-mismatch",
                Self.join(path(), ParameterKey.list),
                Self.member(node, ParameterKey.list),
                "'\(name)' is a prefix, where each matched name carries one value; use 'list: comma', 'newline' or 'space' for several items under one name"
            )
        }
    }

    /// Refuses two prefixes of which one starts the other (`fld*` and `fldA*`): a name such as
    /// `fldAB` would match both.
    mutating func checkPrefixOverlaps(_ parameters: [ParameterSpec], path: String, node: DocumentNode?) {
        let prefixes = parameters.filter(\.isPrefix)
        guard prefixes.count > 1 else { return }
        for (index, shorter) in prefixes.enumerated() {
            for longer in prefixes[(index + 1)...] {
                let (first, second) = shorter.namePrefix.count <= longer.namePrefix.count ? (shorter, longer) : (longer, shorter)
                guard second.namePrefix.hasPrefix(first.namePrefix) else { continue }
                error(
                    "duplicate-value",
                    "\(path).parameters.\(second.name)",
                    Self.member(node, second.name),
                    "the prefixes '\(first.name)' and '\(second.name)' are ambiguous: a name starting '\(second.namePrefix)' matches both; keep one, or make neither start the other"
                )
            }
        }
    }
}

/// `ignore-parameters` and `forbid-parameters`: names, or prefixes ending in `*`, of undeclared
/// query parameters an action drops before its decision or refuses whatever its
/// `unknown-parameters` says.
extension SpecReader {
    /// Reads one such list. Refused: an empty list or name, a prefix that could never mean what
    /// it says (``checkPrefixName(_:_:_:convention:)``), a name of Roundtrip's own (`rt-`) or of
    /// the convention's callbacks (those are taken before the parameters are, and are never
    /// the handler's), and a declared parameter, whose declaration already decides.
    mutating func readNameList(
        _ node: DocumentNode?,
        key: ActionKey,
        parameters: [ParameterSpec],
        convention: Convention,
        path actionPath: String
    ) -> ParameterNameList {
        guard let node else { return ParameterNameList() }
        let path = Self.join(actionPath, key.name)
        guard let entries = stringList(node, path) else { return ParameterNameList() }
        if entries.isEmpty { error("empty-value", path, node, "list at least one name or prefix (Resent-*), or drop the key") }
        let nodes = node.elements ?? [node]
        var accepted: [String] = []
        for (index, entry) in entries.enumerated() {
            let entryPath = node.elements == nil ? path : "\(path)[\(index)]"
            let entryNode = index < nodes.count ? nodes[index] : node
            let before = diagnostics.count
            if entry.isEmpty {
                error("invalid-name", entryPath, entryNode, "a name may not be empty")
            } else if entry.contains("*") {
                checkPrefixName(entry, entryPath, entryNode, convention: convention)
            } else if entry.hasPrefix(ReservedNames.prefix) || convention.reservedParameters.contains(entry) {
                error(
                    "reserved-parameter",
                    entryPath,
                    entryNode,
                    "'\(entry)' is \(entry.hasPrefix(ReservedNames.prefix) ? "one of Roundtrip's own 'rt-' parameters" : "a \(convention) callback parameter"), which '\(key.name)' cannot name"
                )
            } else if parameters.contains(where: { $0.name == entry }) {
                error(
                    "invalid-value",
                    entryPath,
                    entryNode,
                    "'\(entry)' is a declared parameter of this action, which its declaration decides; drop it from '\(key.name)'"
                )
            }
            if diagnostics.count == before { accepted.append(entry) }
        }
        return ParameterNameList(accepted)
    }
}
