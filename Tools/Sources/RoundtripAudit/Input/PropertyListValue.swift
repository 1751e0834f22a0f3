import Foundation

/// A property-list value as plain, `Sendable` data: what an Info.plist or entitlements file holds.
///
/// Foundation's `PropertyListSerialization` hands back `Any`; the audit converts it once into this
/// enum (with a depth limit, so a hostile file cannot exhaust the stack) and works on values only.
package enum PropertyListValue: Sendable, Hashable {
    /// `<string>`.
    case string(String)
    /// `<integer>`.
    case integer(Int)
    /// `<real>`.
    case real(Double)
    /// `<true/>` or `<false/>`.
    case boolean(Bool)
    /// `<date>`.
    case date(Date)
    /// `<data>`, as its length only (the audit never needs the bytes).
    case data(byteCount: Int)
    /// `<array>`.
    case array([PropertyListValue])
    /// `<dict>`.
    case dictionary([String: PropertyListValue])

    /// The string, when this is a string.
    package var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The Boolean, when this is a Boolean (or the strings `YES`/`NO`/`true`/`false`, which Xcode
    /// sometimes writes).
    package var boolValue: Bool? {
        switch self {
        case .boolean(let value): return value
        case .integer(let value): return value != 0
        case .string(let value):
            switch value.lowercased() {
            case "yes", "true", "1": return true
            case "no", "false", "0": return false
            default: return nil
            }
        default: return nil
        }
    }

    /// The elements, when this is an array.
    package var arrayValue: [PropertyListValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The entries, when this is a dictionary.
    package var dictionaryValue: [String: PropertyListValue]? {
        if case .dictionary(let value) = self { return value }
        return nil
    }

    /// The strings of an array, skipping elements of other types; a lone string counts as one.
    package var strings: [String] {
        switch self {
        case .string(let value): [value]
        case .array(let values): values.compactMap(\.stringValue)
        default: []
        }
    }

    /// The value at a key, when this is a dictionary.
    package subscript(key: String) -> PropertyListValue? {
        dictionaryValue?[key]
    }
}
