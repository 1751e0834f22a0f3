/// Query names an action drops before its decision (`ignore-parameters`) or refuses whatever its
/// `unknown-parameters` says (`forbid-parameters`): each entry a name, or a prefix ending in `*`
/// (`Resent-*`) that matches every longer name starting with the text before it, as a prefix
/// parameter (`fld*`) does. A declared parameter is never dropped or refused by such a list: its
/// declaration decides.
public struct ParameterNameList: Sendable, Hashable {
    /// The entries as the spec wrote them, in order.
    public let entries: [String]
    /// The entries without `*`, looked up whole.
    private let names: Set<String>
    /// The prefixes' text before `*`.
    private let prefixes: [String]

    /// A list of names and `prefix*` entries.
    public init(_ entries: [String] = []) {
        self.entries = entries
        var names: Set<String> = []
        var prefixes: [String] = []
        for entry in entries {
            if entry.hasSuffix("*") { prefixes.append(String(entry.dropLast())) } else { names.insert(entry) }
        }
        self.names = names
        self.prefixes = prefixes
    }

    /// Whether the list has no entry (most actions): the decision then never consults it.
    public var isEmpty: Bool { entries.isEmpty }

    /// Whether an incoming name is one of the entries, or longer than one of the prefixes and
    /// starting with it.
    ///
    /// - Complexity: one hash of the name, then O(*p*) byte comparisons for prefixes of *p* bytes
    ///   in all.
    public func contains(_ name: String) -> Bool {
        if names.contains(name) { return true }
        return prefixes.contains { ParameterSpec.extends($0, name) }
    }
}
