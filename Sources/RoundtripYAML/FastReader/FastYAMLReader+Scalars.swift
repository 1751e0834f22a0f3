import Roundtrip

/// Scalars: plain, quoted and block.
extension FastYAMLReader {
    /// Reads a plain scalar on one line, trimmed of trailing blanks.
    ///
    /// In block context it ends at the end of the line, at ` #`, or (for a key) at `: `; in flow
    /// context also at `,`, `[`, `]`, `{`, `}` and at a `:` before a blank or one of those. A
    /// `: ` inside a value, a tab, and a scalar that may go on on the next line are left to Yams.
    mutating func readPlainScalar(inFlow: Bool, isKey: Bool) throws(Stop) -> String {
        let first = byte()
        switch first {
        case UInt8(ascii: "?") where inFlow, UInt8(ascii: ":") where inFlow:
            // libyaml reads no plain scalar starting so inside a flow collection.
            throw Stop.unsupported("a value starting with '?' or ':' inside a flow collection")
        case UInt8(ascii: "-"), UInt8(ascii: "?"), UInt8(ascii: ":"):
            let next = byte(1)
            if Self.isBlankOrBreak(next) || (inFlow && Self.isFlowIndicator(next)) {
                throw Stop.unsupported("an indicator where a value was expected")
            }
        case UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "#"),
            UInt8(ascii: "&"), UInt8(ascii: "*"), UInt8(ascii: "!"), UInt8(ascii: "|"), UInt8(ascii: ">"), UInt8(ascii: "'"),
            UInt8(ascii: "\""), UInt8(ascii: "%"), UInt8(ascii: "@"), UInt8(ascii: "`"):
            throw Stop.unsupported("a reserved indicator ('\(Character(Unicode.Scalar(first)))') where a value starts")
        default:
            break
        }
        let start = index
        var end = index  // Past the last non-blank byte.
        while true {
            let byte = self.byte()
            if Self.isBreak(byte) { break }
            if byte == 0x09 { throw Stop.unsupported("tabs outside quoted text") }
            if byte == 0x20 {
                if self.byte(1) == UInt8(ascii: "#") { break }
                index += 1
                continue
            }
            if byte == UInt8(ascii: ":") {
                let next = self.byte(1)
                if Self.isBlankOrBreak(next) || (inFlow && Self.isFlowIndicator(next)) {
                    if isKey || inFlow { break }
                    throw Stop.unsupported("': ' inside a value (quote the value)")
                }
                // Inside a flow collection libyaml reads ':' as an indicator before more
                // characters than these; such a value is left to it.
                if inFlow,
                    !(URLSplit.isAlpha(next) || URLSplit.isDigit(next) || next == UInt8(ascii: "/") || next == UInt8(ascii: ".")
                        || next == UInt8(ascii: "-") || next == UInt8(ascii: "_") || next >= 0x80)
                {
                    throw Stop.unsupported("a ':' before '\(Character(Unicode.Scalar(next)))' inside a flow collection")
                }
            }
            if inFlow, Self.isFlowIndicator(byte) { break }
            index += 1
            end = index
        }
        index = end
        return text(start, end)
    }

    /// Reads a single- or double-quoted scalar that closes on its own line.
    mutating func readQuotedScalar() throws(Stop) -> String {
        let quote = byte()
        index += 1
        var result = ""
        var runStart = index
        while true {
            let byte = self.byte()
            if Self.isBreak(byte) { throw Stop.unsupported("a quoted value spanning lines") }
            if quote == UInt8(ascii: "'"), byte == quote {
                result += text(runStart, index)
                if self.byte(1) == quote {
                    result += "'"
                    index += 2
                    runStart = index
                    continue
                }
                index += 1
                return result
            }
            if quote == UInt8(ascii: "\""), byte == quote {
                result += text(runStart, index)
                index += 1
                return result
            }
            if quote == UInt8(ascii: "\""), byte == UInt8(ascii: "\\") {
                result += text(runStart, index)
                result.unicodeScalars.append(try readEscape())
                runStart = index
                continue
            }
            index += 1
        }
    }

    /// Reads a double-quoted scalar's escape, from its backslash (YAML 1.1, section 5.7).
    private mutating func readEscape() throws(Stop) -> Unicode.Scalar {
        let letter = byte(1)
        index += 2
        switch letter {
        case UInt8(ascii: "0"): return "\u{00}"
        case UInt8(ascii: "a"): return "\u{07}"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "t"), 0x09: return "\t"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "v"): return "\u{0B}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "e"): return "\u{1B}"
        case 0x20: return " "
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "N"): return "\u{85}"
        case UInt8(ascii: "_"): return "\u{A0}"
        case UInt8(ascii: "L"): return "\u{2028}"
        case UInt8(ascii: "P"): return "\u{2029}"
        case UInt8(ascii: "x"): return try readHexEscape(digits: 2)
        case UInt8(ascii: "u"): return try readHexEscape(digits: 4)
        case UInt8(ascii: "U"): return try readHexEscape(digits: 8)
        default: throw Stop.unsupported("an escape that is not YAML's")
        }
    }

    private mutating func readHexEscape(digits: Int) throws(Stop) -> Unicode.Scalar {
        var value: UInt32 = 0
        for _ in 0..<digits {
            guard let digit = URLSplit.hexValue(byte()) else { throw Stop.unsupported("an escape that is not YAML's") }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        guard let scalar = Unicode.Scalar(value) else { throw Stop.unsupported("an escape of a surrogate code point") }
        return scalar
    }

    /// Reads a literal (`|`) or folded (`>`) block scalar from its indicator through its last
    /// line, and leaves `index` at the start of the first line after it.
    ///
    /// The content's indentation is that of its first non-empty line; an explicit indentation
    /// indicator, a folded scalar with more-indented lines, and a tab in the indentation are left
    /// to Yams.
    mutating func readBlockScalar(parentIndent: Int) throws(Stop) -> String {
        let isFolded = byte() == UInt8(ascii: ">")
        index += 1
        enum Chomping { case clip, strip, keep }
        var chomping = Chomping.clip
        switch byte() {
        case UInt8(ascii: "-"):
            chomping = .strip
            index += 1
        case UInt8(ascii: "+"):
            chomping = .keep
            index += 1
        default: break
        }
        if byte() >= UInt8(ascii: "0"), byte() <= UInt8(ascii: "9") { throw Stop.unsupported("block scalar indentation indicators") }
        guard Self.isBlankOrBreak(byte()) else { throw Stop.unsupported("text after a block scalar's indicator") }
        try finishLine()

        // Lines: each the text past the content's indentation, or nil for an empty line; and
        // the line breaks after the last line with text (the text may end without one).
        var lines: [(start: Int, end: Int)?] = []
        var contentIndent = -1
        var widestLeadingEmpty = 0
        var breaksAfterText = 0
        while index < bytes.count {
            var spaces = 0
            while byte(spaces) == 0x20 { spaces += 1 }
            let after = byte(spaces)
            if Self.isBreak(after) {
                if contentIndent < 0 { widestLeadingEmpty = max(widestLeadingEmpty, spaces) }
                if contentIndent >= 0, spaces > contentIndent {
                    throw Stop.unsupported("a block scalar line of spaces only, indented deeper than its text")
                }
                index += spaces
                if after == 0 { break }
                lines.append(nil)
                newLine()
                breaksAfterText += 1
                continue
            }
            if contentIndent < 0 {
                if after == 0x09 { throw Stop.unsupported("tabs in a block scalar's indentation") }
                guard spaces > parentIndent, spaces >= 1 else { break }
                if widestLeadingEmpty > spaces {
                    throw Stop.unsupported("a block scalar whose leading empty lines are indented deeper than its text")
                }
                contentIndent = spaces
            }
            if spaces < contentIndent { break }
            let start = index + contentIndent
            while !Self.isBreak(byte()) { index += 1 }
            lines.append((start, index))
            breaksAfterText = 0
            if byte() == 0 { break }
            newLine()
            breaksAfterText = 1
        }
        // The empty lines after the last line with text matter only for chomping.
        while let last = lines.last, last == nil { lines.removeLast() }
        var body = ""
        var pendingEmpty = 0
        var isFirst = true
        for entry in lines {
            guard let (start, end) = entry else {
                pendingEmpty += 1
                continue
            }
            if isFolded, bytes[start] == 0x20 || bytes[start] == 0x09 { throw Stop.unsupported("more-indented lines in a folded block scalar") }
            if !isFirst {
                if isFolded {
                    body += pendingEmpty == 0 ? " " : String(repeating: "\n", count: pendingEmpty)
                } else {
                    body += String(repeating: "\n", count: pendingEmpty + 1)
                }
            } else if pendingEmpty > 0 {
                body += String(repeating: "\n", count: pendingEmpty)
            }
            pendingEmpty = 0
            isFirst = false
            body += text(start, end)
        }
        switch chomping {
        case .strip:
            return body
        case .clip:
            return body.isEmpty || breaksAfterText == 0 ? body : body + "\n"
        case .keep:
            return body + String(repeating: "\n", count: breaksAfterText)
        }
    }
}
