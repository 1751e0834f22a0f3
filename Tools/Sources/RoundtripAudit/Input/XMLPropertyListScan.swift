/// A linear pass over an XML property list that measures how deeply it nests and how many
/// elements it holds, before Foundation's recursive parser is handed the bytes.
///
/// Foundation reads an XML plist by recursion, a few stack frames per `<array>`, `<dict>` or
/// `<plist>` level, so a file nested 10,000 levels deep overflows the stack (a crash no `catch`
/// can stop). The scan follows the same tokens as Foundation's XML plist scanner: it skips
/// processing instructions (`<?…?>`), comments (`<!--…-->`), CDATA sections (`<![CDATA[…]]>`)
/// and the `<!DOCTYPE…>` declaration, reads every other tag up to its first `>` (a tag whose last
/// character before `>` is `/` is empty and opens nothing), and matches tag names by prefix, as
/// that scanner does. Where the two could disagree, the scan counts more, never less: an opening
/// tag anywhere outside those skipped sections counts, so the depth it reports is at least the
/// depth Foundation would reach before it either finishes or stops at an error.
struct XMLPropertyListScan {
    /// Why the text was refused.
    struct Problem: Error, Equatable {
        let message: String
        var isTooLarge = false
    }

    /// How many bytes the scan has stepped over: never more than the length of the text.
    private(set) var steps = 0
    /// The deepest nesting of `<array>`, `<dict>` and `<plist>` seen.
    private(set) var deepest = 0
    /// How many element tags were opened.
    private(set) var elements = 0
    /// The first close tag that does not close the element open before it, with its line
    /// (1-based): what to tell the user when Foundation refuses the text, since Foundation's own
    /// line numbers are not reliable on every platform.
    private(set) var firstMismatch: (line: Int, open: String, close: String)?

    /// The names of the elements open so far (at most ``maximumElements``).
    private var open: [ArraySlice<UInt8>] = []
    /// The line at the current position.
    private var line = 1

    /// The most nested `<array>`, `<dict>` and `<plist>` elements allowed.
    let maximumDepth: Int
    /// The most elements allowed.
    let maximumElements: Int

    /// Creates a scan with its limits.
    init(maximumDepth: Int, maximumElements: Int) {
        self.maximumDepth = maximumDepth
        self.maximumElements = maximumElements
    }

    /// Scans UTF-8 text; stops at the first limit exceeded.
    ///
    /// - Throws: ``Problem`` when the nesting or the element count passes its limit.
    /// - Complexity: O(*n*) in the length of the text: every byte is stepped over once, and the
    ///   searches for a closing `?>`, `-->` or `]]>` compare at most 3 bytes per position.
    mutating func scan(_ text: [UInt8]) throws(Problem) {
        var depth = 0
        var index = 0
        while index < text.count {
            let next = try step(text, at: index, depth: &depth)
            steps += next - index
            line += text[index..<next].lazy.filter { $0 == UInt8(ascii: "\n") }.count
            index = next
        }
    }

    /// Reads one byte, or one tag or skipped section starting at `index`; returns where to go on.
    private mutating func step(_ text: [UInt8], at index: Int, depth: inout Int) throws(Problem) -> Int {
        guard text[index] == UInt8(ascii: "<") else { return index + 1 }
        if let end = Self.skippedSectionEnd(text, at: index) { return end }
        if Self.matches(text, at: index, Self.closeTag) {
            // A close tag that is not really one makes Foundation stop with an error, so counting
            // it as a close never lets Foundation go deeper than counted.
            if Self.containerNames.contains(where: { Self.matches(text, at: index + 2, $0) }) { depth = max(0, depth - 1) }
            let name = Self.name(in: text, from: index + 2)
            if let last = open.popLast(), last != name, firstMismatch == nil {
                firstMismatch = (line, String(decoding: last, as: UTF8.self), String(decoding: name, as: UTF8.self))
            }
            return index + 2
        }
        if Self.matches(text, at: index, Self.declaration) { return index + 2 }  // any other "<!" is an error to Foundation
        guard let close = Self.firstIndex(of: UInt8(ascii: ">"), in: text, from: index + 1) else { return text.count }
        elements += 1
        guard elements <= maximumElements else {
            throw Problem(message: "the property list holds more than \(maximumElements) elements", isTooLarge: true)
        }
        let isEmpty = text[close - 1] == UInt8(ascii: "/")
        if !isEmpty { open.append(Self.name(in: text, from: index + 1)) }
        if !isEmpty, Self.containerNames.contains(where: { Self.matches(text, at: index + 1, $0) }) {
            depth += 1
            deepest = max(deepest, depth)
            guard depth <= maximumDepth else {
                throw Problem(message: "the property list nests deeper than \(maximumDepth) levels")
            }
        }
        return close + 1
    }

    /// A tag's name: the bytes from `start` up to white space, `/` or `>`.
    private static func name(in text: [UInt8], from start: Int) -> ArraySlice<UInt8> {
        let ends: [UInt8] = [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "/"), UInt8(ascii: ">")]
        var end = min(start, text.count)
        while end < text.count, !ends.contains(text[end]) { end += 1 }
        return text[min(start, text.count)..<end]
    }

    /// The tag names whose elements hold others, as Foundation matches them (by prefix).
    private static let containerNames = ["array", "dict", "plist"].map { Array($0.utf8) }
    private static let closeTag = Array("</".utf8)
    private static let declaration = Array("<!".utf8)

    /// Sections Foundation skips, by their opening and closing text. A processing instruction's
    /// end is searched from just after `<`, as Foundation does inside elements (so `<?>` is one):
    /// a section never ends later here than there.
    private static let sections: [(open: [UInt8], contentStart: Int, close: [UInt8])] = [
        (Array("<?".utf8), 1, Array("?>".utf8)),
        (Array("<!--".utf8), 4, Array("-->".utf8)),
        (Array("<![CDATA[".utf8), 9, Array("]]>".utf8)),
        (Array("<!DOCTYPE".utf8), 9, Array(">".utf8)),
    ]

    /// Where a processing instruction, comment, CDATA section or DOCTYPE that starts at `index`
    /// ends (just past it, or the end of the text when it never closes); `nil` for anything else.
    private static func skippedSectionEnd(_ text: [UInt8], at index: Int) -> Int? {
        for section in sections where matches(text, at: index, section.open) {
            var position = index + section.contentStart
            while position + section.close.count <= text.count {
                if matches(text, at: position, section.close) { return position + section.close.count }
                position += 1
            }
            return text.count
        }
        return nil
    }

    private static func matches(_ text: [UInt8], at index: Int, _ literal: [UInt8]) -> Bool {
        guard index >= 0, index + literal.count <= text.count else { return false }
        for offset in literal.indices where text[index + offset] != literal[offset] { return false }
        return true
    }

    private static func firstIndex(of byte: UInt8, in text: [UInt8], from start: Int) -> Int? {
        var index = start
        while index < text.count {
            if text[index] == byte { return index }
            index += 1
        }
        return nil
    }
}
