import Roundtrip
import RoundtripYAML

/// Compares two document trees: the same shape, the same keys and scalar texts, and the same
/// line and column for every node that has text (where an empty value "starts" is a matter of
/// convention between parsers, so empty scalars are compared by text only).
enum DocumentComparison {
    /// The first difference, as a path and what differs, or `nil` when the trees agree.
    static func difference(_ fast: DocumentNode, _ yams: DocumentNode, path: String = "$") -> String? {
        switch (fast.value, yams.value) {
        case (.string(let a), .string(let b)):
            if a != b { return "\(path): text \(a.debugDescription) ≠ \(b.debugDescription)" }
            if !a.isEmpty, !samePlace(fast, yams) { return "\(path): place \(fast.position) ≠ \(yams.position)" }
            return nil
        case (.array(let a), .array(let b)):
            if a.count != b.count { return "\(path): \(a.count) elements ≠ \(b.count)" }
            if !samePlace(fast, yams) { return "\(path): place \(fast.position) ≠ \(yams.position)" }
            for (index, pair) in zip(a, b).enumerated() {
                if let difference = difference(pair.0, pair.1, path: "\(path)[\(index)]") { return difference }
            }
            return nil
        case (.object(let a), .object(let b)):
            if a.count != b.count { return "\(path): \(a.count) members ≠ \(b.count)" }
            if !samePlace(fast, yams) { return "\(path): place \(fast.position) ≠ \(yams.position)" }
            for (left, right) in zip(a, b) {
                if left.key != right.key { return "\(path): key \(left.key.debugDescription) ≠ \(right.key.debugDescription)" }
                if left.keyPosition.line != right.keyPosition.line || left.keyPosition.column != right.keyPosition.column {
                    return "\(path).\(left.key): key place \(left.keyPosition) ≠ \(right.keyPosition)"
                }
                if let difference = difference(left.value, right.value, path: "\(path).\(left.key)") { return difference }
            }
            return nil
        default:
            return "\(path): \(fast.typeName) ≠ \(yams.typeName)"
        }
    }

    private static func samePlace(_ a: DocumentNode, _ b: DocumentNode) -> Bool {
        a.position.line == b.position.line && a.position.column == b.position.column
    }

    /// Reads a text with both readers; records nothing, returns the fast outcome and Yams' tree.
    static func readBoth(_ text: String) -> (fast: FastYAMLReader.Outcome, yams: DocumentNode?) {
        let fast = FastYAMLReader.read(text, expansionLimit: 1_000_000)
        let yams = try? YAMLDocumentReader.composeWithYams(text)
        return (fast, yams)
    }
}
