/// One decoded `name=value` pair of a query.
public struct QueryItem: Sendable, Hashable, CustomStringConvertible {
    /// The decoded name.
    public var name: String
    /// The decoded value; `nil` when the item had no `=` (`?flag`), empty for `?flag=`.
    public var value: String?

    /// Creates an item.
    public init(name: String, value: String?) {
        self.name = name
        self.value = value
    }

    /// `name=value` as decoded text (not percent-encoded).
    public var description: String { value.map { "\(name)=\($0)" } ?? name }
}
