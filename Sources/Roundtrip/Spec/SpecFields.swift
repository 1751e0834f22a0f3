/// A spec mapping's known keys and their values, in file order.
///
/// Looked up by a linear scan: a spec's mappings hold a handful of keys, for which comparing
/// short strings beats hashing them, and spec loading happens at app launch.
struct SpecFields: ExpressibleByDictionaryLiteral {
    private var entries: [(key: String, value: DocumentNode)] = []

    /// Empty fields (`[:]`).
    init(dictionaryLiteral elements: (String, DocumentNode)...) {
        entries = elements.map { (key: $0.0, value: $0.1) }
    }

    /// Adds a key and its value.
    mutating func append(_ key: String, _ value: DocumentNode) {
        entries.append((key, value))
    }

    /// The value of a key, or `nil` when the mapping does not have it.
    ///
    /// - Complexity: O(*n*) in the number of keys.
    subscript(key: String) -> DocumentNode? {
        for entry in entries where entry.key == key { return entry.value }
        return nil
    }
}
