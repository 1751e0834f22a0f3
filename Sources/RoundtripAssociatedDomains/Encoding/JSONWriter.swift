import Roundtrip

/// A JSON value to write, with object keys in a chosen order (Foundation's encoders sort or
/// shuffle keys; an association file reads best in Apple's documented order).
package enum JSONOutputValue {
    case object([(String, JSONOutputValue)])
    case array([JSONOutputValue])
    case string(String)
    case bool(Bool)

    /// The JSON text: two-space indented, or compact.
    package func text(prettyPrinted: Bool) -> String {
        var output = ""
        write(into: &output, indent: prettyPrinted ? 0 : nil)
        return output
    }

    private func write(into output: inout String, indent: Int?) {
        switch self {
        case .string(let text): JSONOutputValue.writeString(text, into: &output)
        case .bool(let flag): output += flag ? "true" : "false"
        case .array(let elements):
            guard !elements.isEmpty else {
                output += "[]"
                return
            }
            if indent != nil, JSONOutputValue.isShortStringList(elements) {
                // Short lists of strings (appIDs, paths) read best on one line.
                output += "[" + elements.map { $0.text(prettyPrinted: false) }.joined(separator: ", ") + "]"
                return
            }
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += "," }
                JSONOutputValue.newline(&output, indent.map { $0 + 1 })
                element.write(into: &output, indent: indent.map { $0 + 1 })
            }
            JSONOutputValue.newline(&output, indent)
            output += "]"
        case .object(let members):
            guard !members.isEmpty else {
                output += "{}"
                return
            }
            output += "{"
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { output += "," }
                JSONOutputValue.newline(&output, indent.map { $0 + 1 })
                JSONOutputValue.writeString(key, into: &output)
                output += indent == nil ? ":" : ": "
                value.write(into: &output, indent: indent.map { $0 + 1 })
            }
            JSONOutputValue.newline(&output, indent)
            output += "}"
        }
    }

    private static func isShortStringList(_ elements: [JSONOutputValue]) -> Bool {
        var length = 0
        for element in elements {
            guard case .string(let text) = element else { return false }
            length += text.utf8.count + 4
        }
        return length <= 72
    }

    private static func newline(_ output: inout String, _ indent: Int?) {
        guard let indent else { return }
        output += "\n" + String(repeating: "  ", count: indent)
    }

    private static func writeString(_ text: String, into output: inout String) {
        JSONStringLiteral.append(text, to: &output)
    }
}
