import Foundation
import Roundtrip

extension CanonicalValue {
    /// A typed value in canonical form: a list as its items, anything else as one text (a secret
    /// as `***`).
    init(_ value: ParameterValue) {
        self = value.canonicalItems.map(CanonicalValue.list) ?? .text(value.canonical)
    }
}

/// How the text (non-JSON) output of the deciding commands shows a parameter.
enum ParameterDisplay {
    /// The values by name, each in canonical form.
    static func canonical(_ values: [String: ParameterValue]) -> [String: CanonicalValue] {
        values.mapValues(CanonicalValue.init)
    }

    /// `  name = value` lines, sorted by name. A list reads `[a, b]`, with an item quoted when it
    /// is empty or holds a comma, a bracket, a quote or a space at either end; a value spanning
    /// several lines continues under its first line. Names in `marked` get `(undeclared)`.
    static func lines(_ values: [String: CanonicalValue], undeclared marked: Set<String> = []) -> [String] {
        values.sorted { $0.key < $1.key }.map { name, value in
            let prefix = "  \(name) = "
            let shown: String
            switch value {
            case .text(let text): shown = text
            case .list(let items): shown = "[" + items.map(item).joined(separator: ", ") + "]"
            }
            let indented = shown.replacingOccurrences(of: "\n", with: "\n" + String(repeating: " ", count: prefix.count))
            return prefix + indented + (marked.contains(name) ? " (undeclared)" : "")
        }
    }

    /// A list item as shown inside `[…]`: as is when that cannot be misread, else quoted with
    /// `"` and `\` escaped and line breaks written as `\n`.
    private static func item(_ text: String) -> String {
        let ambiguous =
            text.isEmpty || text.first == " " || text.last == " "
            || text.unicodeScalars.contains { ",[]\"\\\n\r\t".unicodeScalars.contains($0) }
        guard ambiguous else { return text }
        var quoted = "\""
        for character in text.unicodeScalars {
            switch character {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\n": quoted += "\\n"
            case "\r": quoted += "\\r"
            case "\t": quoted += "\\t"
            default: quoted.unicodeScalars.append(character)
            }
        }
        return quoted + "\""
    }
}
