/// A spec mapping's known keys and their values, in file order.
///
/// Looked up by a linear scan: a spec's mappings hold a handful of keys, for which comparing
/// short strings beats hashing them, and spec loading happens at app launch. It holds the
/// mapping's own members (shared, not copied) when every key is known and none repeats, the
/// usual case.
struct SpecFields {
    private let members: [DocumentNode.Member]

    /// The fields of `members`, whose keys are distinct and known.
    init(_ members: [DocumentNode.Member]) {
        self.members = members
    }

    /// The value of a key, or `nil` when the mapping does not have it.
    ///
    /// - Complexity: O(*n*) in the number of keys.
    subscript(key: String) -> DocumentNode? {
        for member in members where member.key == key { return member.value }
        return nil
    }
}
