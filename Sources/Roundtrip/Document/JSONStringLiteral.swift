/// JSON string literals (RFC 8259, section 7), written the one way every JSON text of this
/// package writes them: a quotation mark and a reverse solidus escaped, LF, CR and TAB as `\n`,
/// `\r`, `\t`, every other control character (C0 and DEL) and the line and paragraph separators
/// U+2028 and U+2029 (which end a line in JavaScript) as `\uXXXX`; everything else as it is.
package enum JSONStringLiteral {
    /// `text` as a JSON string literal, quotes included.
    ///
    /// - Complexity: O(*n*) in the length of `text`.
    package static func quoted(_ text: String) -> String {
        var output = ""
        append(text, to: &output)
        return output
    }

    /// Appends `text` as a JSON string literal, quotes included, to `output`.
    ///
    /// - Complexity: O(*n*) in the length of `text`.
    package static func append(_ text: String, to output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{00}"..."\u{1F}", "\u{7F}", "\u{2028}", "\u{2029}":
                let hex = String(scalar.value, radix: 16, uppercase: true)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
