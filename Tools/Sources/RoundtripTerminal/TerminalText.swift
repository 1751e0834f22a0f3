/// Text for a terminal from values the tools did not write: file contents, archive entry names,
/// answers of remote servers.
///
/// A terminal acts on control characters instead of showing them: ESC starts a control sequence
/// that can move the cursor, rewrite earlier lines, set the window title or, on some terminals,
/// write to the clipboard (ECMA-48, "Control Functions for Coded Character Sets", sections 5
/// and 8); C1 controls (U+0080 to U+009F) do the same in one character; a line feed or a tab
/// inside a value breaks the layout of a report, so a value could fake a line of its own. The
/// bidirectional formatting characters reorder what is shown without changing what is read
/// (Unicode Standard Annex #9, "Unicode Bidirectional Algorithm", section 2; CVE-2021-42574,
/// "Trojan Source"). Every one of them is written as a visible escape, `\u{1B}`, so the text
/// reads the same on a terminal as in a file. JSON output needs none of this: JSON escapes
/// control characters by its own rules (RFC 8259, section 7).
package enum TerminalText {
    /// The text with every character a terminal would act on written as `\u{XX}`: C0 controls
    /// (U+0000 to U+001F, line feed and tab included), DEL (U+007F), C1 controls (U+0080 to
    /// U+009F), and the bidirectional embeddings, overrides and isolates (U+202A to U+202E,
    /// U+2066 to U+2069).
    ///
    /// - Parameter text: A value, or a line made of values.
    /// - Returns: The text, unchanged when it holds none of them.
    /// - Complexity: O(*n*) in the length of the text.
    package static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            if needsEscape(scalar) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 2) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Each line of a text made of lines escaped on its own, so the line feeds that separate them
    /// stay; a line feed inside a value must be escaped before the value is joined into a line.
    ///
    /// - Parameter lines: The lines.
    /// - Returns: The lines escaped, joined with line feeds.
    /// - Complexity: O(*n*) in the total length of the lines.
    package static func lines(_ lines: [String]) -> String {
        lines.map(escaped).joined(separator: "\n")
    }

    /// Whether a terminal would act on the scalar rather than show it.
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}

extension String {
    /// The string with leading zeros up to `width` characters.
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
