import Roundtrip

/// Finds what may be a YAML alias (`*name`) without parsing: a `*` where a node may start (at
/// the start of a line, or after a space, a tab, `[`, `{`, `,` or `:`) followed by a character
/// that can begin an anchor name.
///
/// It errs on the side of "may": a `*` of that shape inside a quoted or block scalar counts too.
/// It is asked only about texts the fast reader could not read, which then go to Yams only when
/// they certainly hold no alias (see ``YAMLDocumentReader``).
enum AliasIndicator {
    /// The place of the first possible alias, or `nil` when the text certainly holds none.
    ///
    /// - Complexity: O(*n*) in the length of the text.
    static func firstPossibleAlias(in text: String) -> SourcePosition? {
        var line = 1
        var column = 1
        var offset = 0
        var previous: UInt8 = 0x0A
        var bytes = text.utf8.makeIterator()
        var current = bytes.next()
        while let byte = current {
            let next = bytes.next()
            if byte == UInt8(ascii: "*"), startsNode(after: previous), let following = next, canBeginName(following) {
                return SourcePosition(line: line, column: column, offset: offset)
            }
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            offset += 1
            previous = byte
            current = next
        }
        return nil
    }

    private static func startsNode(after byte: UInt8) -> Bool {
        switch byte {
        case 0x0A, 0x0D, 0x20, 0x09, UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "-"), UInt8(ascii: "?"):
            true
        default: false
        }
    }

    private static func canBeginName(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x0A, 0x0D, 0x20, 0x09, UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: ","): false
        default: true
        }
    }
}
