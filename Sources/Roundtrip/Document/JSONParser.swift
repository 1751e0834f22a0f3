import Foundation

/// A small RFC 8259 JSON parser that records the line and column of every value and key.
///
/// Strict: no comments, no trailing commas, no byte order mark, no control characters in strings,
/// no lone surrogates. Nesting is limited (``maximumDepth``) so hostile input cannot exhaust the
/// stack; errors are ``DocumentSyntaxError`` with the position of the offending byte. Both the
/// spec loader and the apple-app-site-association decoder read JSON through it.
package struct JSONParser {
    /// Objects and arrays nested deeper than this are rejected.
    package static let maximumDepth = 256

    /// The text, read in place for the whole parse (``parse(_:maximumDepth:repeatKeys:comparedBytes:)``
    /// holds it): every read is preceded by its own check against the end, so none needs the
    /// array's.
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var line = 1
    private var column = 1
    private var depth = 0
    /// The member count of the last object at each depth: objects at one depth tend to have the
    /// same shape (an API's actions, their parameter mappings), so it sizes the next one there.
    private var lastMemberCounts: [Int] = []
    private let maximumDepth: Int
    private var shortStrings = RecentShortStrings()
    /// The keys whose object values are recognised when their text repeats an earlier one's.
    private let repeatKeys: [String]
    /// The objects parsed under ``repeatKeys``, by a digest of the opening of their text: where
    /// their text ends, the node, and how many levels it nests.
    private var parsedObjects = DigestTable<ParsedObject>(elementsPerDigest: repeatCandidateLimit)
    /// An object parsed where repeats are looked for. The node itself is held only by
    /// ``repeated``: a lookup copies this value, and a copy of the node retained each of its
    /// members' arrays and strings.
    private struct ParsedObject {
        /// What every repeat of it is a repeat of: one for them all.
        let repeated: DocumentNode.Repeat
        /// Where its text starts.
        let start: SourcePosition
        /// Where its text ends.
        let end: SourcePosition
        /// How many levels it nests.
        let height: Int
    }
    /// The deepest nesting reached so far, for the height of an object under ``repeatKeys``.
    private var deepest = 0
    /// Whether an object under a repeat key is being parsed (it was no repeat): within it, only
    /// its members' objects are looked up, so no byte is compared as part of more than two
    /// objects however deep repeat keys nest (`{"parameters":{"parameters":…}}`).
    private var isParsingRepeatable = false
    /// The depth of the members of the object under a repeat key being parsed: an object value
    /// of one of them (a spec's parameter definition) is looked up too.
    private var repeatableMembersDepth = 0
    /// Whether such a member's object is being parsed (it was no repeat): nothing within it is
    /// looked up.
    private var isParsingRepeatableMember = false
    /// How many members' objects were found to repeat an earlier one, and how many were not.
    private var memberRepeats = RepeatTally()
    /// How many bytes the search for repeats has compared, for tests of its bound.
    private(set) var comparedBytes = 0

    /// Parses one JSON document.
    ///
    /// - Parameters:
    ///   - maximumDepth: Objects and arrays nested deeper than this are rejected.
    ///   - repeatKeys: Keys whose object values often repeat an earlier one word for word (a
    ///     spec's `parameters`): such a value whose text is that of one already parsed is not
    ///     parsed again, but given as a ``DocumentNode/Value/repeated(_:)`` of it. Its members
    ///     are made, placed where its text stands, only if they are read. Within such a value
    ///     parsed for the first time, its members' object values (a spec's parameter
    ///     definitions, which repeat under other names) are looked up the same way, and nothing
    ///     deeper.
    /// - Complexity: O(*n*) in the length of the input.
    package static func parse(
        _ bytes: [UInt8],
        maximumDepth: Int = JSONParser.maximumDepth,
        repeatKeys: [String] = []
    ) throws(DocumentSyntaxError) -> DocumentNode {
        var comparedBytes = 0
        return try parse(bytes, maximumDepth: maximumDepth, repeatKeys: repeatKeys, comparedBytes: &comparedBytes)
    }

    /// Parses one JSON document, counting the bytes compared in the search for repeated objects
    /// (at most ``repeatCandidateLimit`` per byte of input: see ``parseRepeatableObject()``).
    package static func parse(
        _ bytes: [UInt8],
        maximumDepth: Int = JSONParser.maximumDepth,
        repeatKeys: [String],
        comparedBytes: inout Int
    ) throws(DocumentSyntaxError) -> DocumentNode {
        // The body returns its failure as a value: the buffer method's typed throws is newer
        // than some supported standard libraries (tvOS 18's rethrows `any Error`).
        let parsed: Result<DocumentNode, DocumentSyntaxError> = bytes.withUnsafeBufferPointer { buffer in
            do throws(DocumentSyntaxError) {
                return .success(try parseDocument(buffer, maximumDepth: maximumDepth, repeatKeys: repeatKeys, comparedBytes: &comparedBytes))
            } catch {
                return .failure(error)
            }
        }
        switch parsed {
        case .success(let root): return root
        case .failure(let error): throw error
        }
    }

    /// Parses the document in `buffer` (see ``parse(_:maximumDepth:repeatKeys:comparedBytes:)``).
    private static func parseDocument(
        _ buffer: UnsafeBufferPointer<UInt8>,
        maximumDepth: Int,
        repeatKeys: [String],
        comparedBytes: inout Int
    ) throws(DocumentSyntaxError) -> DocumentNode {
        var parser = JSONParser(bytes: buffer, maximumDepth: maximumDepth, repeatKeys: repeatKeys)
        defer { comparedBytes = parser.comparedBytes }
        if buffer.starts(with: [0xEF, 0xBB, 0xBF]) {
            throw DocumentSyntaxError("the file starts with a UTF-8 byte order mark; save it without one", position: parser.position)
        }
        parser.skipWhitespace()
        guard parser.index < buffer.count else {
            throw DocumentSyntaxError("the file is empty; write one JSON object", position: parser.position)
        }
        let root = try parser.parseValue()
        parser.skipWhitespace()
        if parser.index < buffer.count {
            throw parser.error("unexpected \(parser.describeCurrent()) after the end of the JSON value; remove it")
        }
        return root
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int, repeatKeys: [String]) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
        self.repeatKeys = repeatKeys
    }

    private var position: SourcePosition { SourcePosition(line: line, column: column, offset: index) }

    private func error(_ message: String) -> DocumentSyntaxError {
        DocumentSyntaxError(message, position: position)
    }

    private func describeCurrent() -> String {
        guard index < bytes.count else { return "end of file" }
        let byte = bytes[index]
        if byte >= 0x21, byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x" + String(byte, radix: 16, uppercase: true)
    }

    private mutating func advance() {
        let byte = bytes[index]
        index += 1
        moveLineAndColumn(past: byte)
    }

    /// Moves the line and column past one byte: a line break starts a line; any byte that is
    /// not a UTF-8 continuation starts a character.
    @inline(__always)
    private mutating func moveLineAndColumn(past byte: UInt8) {
        if byte == 0x0A {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            column += 1
        }
    }

    /// Steps over one byte known to be ASCII and not a line break (punctuation, a digit, a
    /// letter of a literal).
    private mutating func advanceASCII() {
        index += 1
        column += 1
    }

    @inline(__always)
    private mutating func skipWhitespace() {
        // Compact JSON has none: the usual case costs one comparison, made in place.
        if index < bytes.count, bytes[index] > 0x20 { return }
        skipWhitespaceRun()
    }

    private mutating func skipWhitespaceRun() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D: advanceASCII()
            case 0x0A: advance()
            default: return
            }
        }
    }

    private mutating func parseValue() throws(DocumentSyntaxError) -> DocumentNode {
        guard index < bytes.count else { throw error("the JSON ends where a value was expected") }
        let start = position
        let value: DocumentNode.Value
        switch bytes[index] {
        case UInt8(ascii: "{"): value = .object(try parseObject())
        case UInt8(ascii: "["): value = .array(try parseArray())
        case UInt8(ascii: "\""): value = .string(try parseString())
        case UInt8(ascii: "t"):
            try expectWord("true")
            value = .bool(true)
        case UInt8(ascii: "f"):
            try expectWord("false")
            value = .bool(false)
        case UInt8(ascii: "n"):
            try expectWord("null")
            value = .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            value = .number(try parseNumber())
        default:
            throw error("expected a JSON value but found \(describeCurrent())")
        }
        return DocumentNode(value: value, position: start, sourceEnd: index)
    }

    private mutating func expectWord(_ word: String) throws(DocumentSyntaxError) {
        for expected in word.utf8 {
            guard index < bytes.count, bytes[index] == expected else {
                throw error("expected '\(word)'; JSON literals are lowercase true, false and null")
            }
            advanceASCII()
        }
    }

    private mutating func enter() throws(DocumentSyntaxError) {
        depth += 1
        if depth > deepest { deepest = depth }
        if depth > maximumDepth {
            throw error("the JSON nests deeper than \(maximumDepth) levels")
        }
    }

    private mutating func parseObject() throws(DocumentSyntaxError) -> [DocumentNode.Member] {
        try enter()
        defer { depth -= 1 }
        advanceASCII()  // {
        var members: [DocumentNode.Member] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            advanceASCII()
            return members
        }
        // Room for as many members as the last object at this depth had, and for at least the few
        // most objects have, so that members are not copied while the array grows. (The last
        // count is that of one object: a large one sizes only the next one, never a run of them.)
        if lastMemberCounts.count < depth { lastMemberCounts.append(contentsOf: repeatElement(0, count: depth - lastMemberCounts.count)) }
        members.reserveCapacity(max(4, lastMemberCounts[depth - 1]))
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                if index < bytes.count, bytes[index] == UInt8(ascii: "}"), !members.isEmpty {
                    throw error("trailing comma before '}'; remove the last ','")
                }
                throw error("expected a key in double quotes but found \(describeCurrent())")
            }
            let keyPosition = position
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw error("expected ':' after the key \"\(key)\" but found \(describeCurrent())")
            }
            advanceASCII()
            skipWhitespace()
            let value: DocumentNode
            if !repeatKeys.isEmpty, index < bytes.count, bytes[index] == UInt8(ascii: "{"), isRepeatable(key: key) {
                value = try parseRepeatableObject()
            } else {
                value = try parseValue()
            }
            // Moved into the member: a copy would retain what the value holds, and release it
            // when the local ends with the loop's pass.
            members.append(DocumentNode.Member(key: key, keyPosition: keyPosition, value: consume value))
            skipWhitespace()
            guard index < bytes.count else { throw error("the JSON ends inside an object; add the closing '}'") }
            if bytes[index] == UInt8(ascii: ",") {
                advanceASCII()
                continue
            }
            if bytes[index] == UInt8(ascii: "}") {
                advanceASCII()
                lastMemberCounts[depth - 1] = members.count
                return members
            }
            throw error("expected ',' or '}' in an object but found \(describeCurrent())")
        }
    }

    /// Whether an object value under `key`, here, is looked up among the objects parsed before:
    /// one under a repeat key outside any such object, or a member's of such an object.
    @inline(__always)
    private func isRepeatable(key: String) -> Bool {
        if !isParsingRepeatable { return repeatKeys.contains(key) }
        // A document whose definitions all differ stops paying for digests and comparisons
        // that find nothing; the nodes are the same either way.
        return !isParsingRepeatableMember && depth == repeatableMembersDepth && memberRepeats.pays
    }

    /// An object under one of ``repeatKeys``, or a member's of such an object: a repeat of an
    /// earlier one with the same text, or parsed (and remembered).
    ///
    /// An earlier object is found by a digest of the first bytes of its text (up to its first
    /// `}`, so that the digest is of its text alone), then confirmed by
    /// comparing its whole text with the bytes here: a valid object's text ends where its own
    /// bytes say, so the same bytes here are the same object, ending at the same distance. No
    /// scan for the end is needed, and an object met for the first time costs only the digest.
    ///
    /// - Complexity: O(its length): a digest of at most ``repeatPrefixLength`` bytes and at most
    ///   ``repeatCandidateLimit`` comparisons, whatever the document holds. Within an object
    ///   under a repeat key, only its members' objects are looked up, and nothing within those,
    ///   so the comparisons of nested objects do not add up: the whole document costs at most
    ///   twice ``repeatCandidateLimit`` comparisons per byte.
    private mutating func parseRepeatableObject() throws(DocumentSyntaxError) -> DocumentNode {
        let start = index
        // The opening up to its first '}' at most: a short object's digest is of its own text
        // alone, not of the different text that follows each of its repeats. (That '}' is
        // within the object, which ends with one.)
        let opening = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[start..<min(bytes.count, start + Self.repeatPrefixLength)])
        let openingLength = memchr(opening.baseAddress!, Int32(UInt8(ascii: "}")), opening.count).map {
            opening.baseAddress!.distance(to: UnsafeRawPointer($0)) + 1
        }
        let digest = WordHash.hash(UnsafeRawBufferPointer(rebasing: opening[..<(openingLength ?? opening.count)]), seed: 0)
        var compared = 0
        let earlier = parsedObjects.first(digest: digest) { candidate in
            let from = candidate.start.offset
            let length = candidate.end.offset - from
            guard start + length <= bytes.count else { return false }
            compared += length
            return memcmp(bytes.baseAddress! + from, bytes.baseAddress! + start, length) == 0
        }
        comparedBytes += compared
        if isParsingRepeatable {
            memberRepeats.count(found: earlier != nil)
        }
        // The same bytes parse here as they parsed there; but nested deeper, they could pass the
        // depth limit, and then they are parsed (and refused).
        if let earlier, depth + earlier.height <= maximumDepth {
            let here = position
            // The text is the earlier one's, so it ends where that one ends, moved here.
            let end = DocumentNode.PositionShift(from: earlier.start, to: here).apply(earlier.end)
            (index, line, column) = (end.offset, end.line, end.column)
            return DocumentNode(value: .repeated(earlier.repeated), position: here, sourceEnd: index)
        }
        let outerDeepest = deepest
        deepest = depth
        if isParsingRepeatable {
            isParsingRepeatableMember = true
        } else {
            isParsingRepeatable = true
            repeatableMembersDepth = depth + 1
        }
        let node = try parseValue()
        if isParsingRepeatableMember { isParsingRepeatableMember = false } else { isParsingRepeatable = false }
        let height = deepest - depth
        deepest = max(outerDeepest, deepest)
        // Kept only if its digest keeps fewer than `repeatCandidateLimit`: documents that share
        // long openings and differ later cannot make each object compare with all the others.
        parsedObjects.insert(
            ParsedObject(repeated: DocumentNode.Repeat(original: node), start: node.position, end: position, height: height),
            digest: digest
        )
        return node
    }

    /// How many bytes of an object's text its digest covers.
    private static var repeatPrefixLength: Int { 48 }
    /// How many earlier objects one digest keeps.
    private static var repeatCandidateLimit: Int { 4 }

    private mutating func parseArray() throws(DocumentSyntaxError) -> [DocumentNode] {
        try enter()
        defer { depth -= 1 }
        advanceASCII()  // [
        var elements: [DocumentNode] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            advanceASCII()
            return elements
        }
        elements.reserveCapacity(4)
        while true {
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]"), !elements.isEmpty {
                throw error("trailing comma before ']'; remove the last ','")
            }
            elements.append(try parseValue())
            skipWhitespace()
            guard index < bytes.count else { throw error("the JSON ends inside an array; add the closing ']'") }
            if bytes[index] == UInt8(ascii: ",") {
                advanceASCII()
                continue
            }
            if bytes[index] == UInt8(ascii: "]") {
                advanceASCII()
                return elements
            }
            throw error("expected ',' or ']' in an array but found \(describeCurrent())")
        }
    }

    private mutating func parseString() throws(DocumentSyntaxError) -> String {
        advanceASCII()  // "
        // Runs of plain characters become text in one step; only escapes are added one by one.
        var result = ""
        var runStart = index
        while true {
            guard index < bytes.count else { throw error("the JSON ends inside a string; add the closing '\"'") }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                // A short string without escapes: most keys and many values, each repeated throughout.
                if result.isEmpty, index - runStart <= RecentShortStrings.maximumLength {
                    let range = runStart..<index
                    result = shortStrings.text(of: UnsafeRawBufferPointer(bytes), in: range)
                } else {
                    appendRun(from: runStart, to: &result)
                }
                advanceASCII()
                return result
            case UInt8(ascii: "\\"):
                appendRun(from: runStart, to: &result)
                let escapeStart = position
                advance()
                do {
                    result.unicodeScalars.append(try parseEscape())
                } catch {
                    // Point at the backslash, where the escape starts.
                    throw DocumentSyntaxError(error.message, position: escapeStart)
                }
                runStart = index
            case 0x00..<0x20:
                throw error(
                    "a string contains a raw control character (byte 0x\(String(byte, radix: 16, uppercase: true))); write it as an escape such as \\n"
                )
            case 0x80...:
                try validateUTF8Sequence()
            default:
                // A run of plain ASCII: no line break can be among these bytes, so only the column
                // moves. Eight bytes are checked at a time; the first word that holds another byte
                // says where it is, so the run ends there without a byte-by-byte look.
                let start = index
                index += 1
                while index + 8 <= bytes.count {
                    let word = UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self))
                    let marks = Self.otherThanPlainASCII(word)
                    if marks != 0 {
                        index += marks.trailingZeroBitCount >> 3
                        break
                    }
                    index += 8
                }
                while index < bytes.count && Self.isPlainASCII(bytes[index]) { index += 1 }
                column += index - start
            }
        }
    }

    /// Appends the (already validated) bytes from `start` to `index` to a string.
    private func appendRun(from start: Int, to result: inout String) {
        guard start < index else { return }
        let run = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        if result.isEmpty { result = run } else { result += run }
    }

    /// Consumes one well-formed UTF-8 sequence starting with a non-ASCII byte.
    private mutating func validateUTF8Sequence() throws(DocumentSyntaxError) {
        let lead = bytes[index]
        let length: Int
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: throw error("the file is not valid UTF-8 here; save it as UTF-8")
        }
        guard index + length <= bytes.count else { throw error("the file is not valid UTF-8 here; save it as UTF-8") }
        let second = bytes[index + 1]
        var valid = second & 0xC0 == 0x80
        if lead == 0xE0 { valid = valid && second >= 0xA0 }
        if lead == 0xED { valid = valid && second < 0xA0 }
        if lead == 0xF0 { valid = valid && second >= 0x90 }
        if lead == 0xF4 { valid = valid && second < 0x90 }
        for offset in 2..<max(length, 2) where bytes[index + offset] & 0xC0 != 0x80 { valid = false }
        guard valid else { throw error("the file is not valid UTF-8 here; save it as UTF-8") }
        for _ in 0..<length { advance() }
    }

    private mutating func parseEscape() throws(DocumentSyntaxError) -> Unicode.Scalar {
        guard index < bytes.count else { throw error("the JSON ends inside an escape") }
        let byte = bytes[index]
        advance()
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let first = try parseHex4()
            if (0xD800..<0xDC00).contains(first) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                    throw error("a \\u escape is a lone high surrogate; follow it with its low surrogate")
                }
                advance()
                advance()
                let second = try parseHex4()
                guard (0xDC00..<0xE000).contains(second),
                    let scalar = Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
                else { throw error("a \\u escape pair is not a valid surrogate pair") }
                return scalar
            }
            guard let scalar = Unicode.Scalar(first) else {
                throw error("a \\u escape is a lone low surrogate, which is not a character")
            }
            return scalar
        default:
            throw error("'\\\(Character(Unicode.Scalar(byte)))' is not a JSON escape; use \\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t or \\uXXXX")
        }
    }

    private mutating func parseHex4() throws(DocumentSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count, let digit = URLSplit.hexValue(bytes[index]) else {
                throw error("a \\u escape needs four hex digits")
            }
            value = value << 4 | UInt32(digit)
            advance()
        }
        return value
    }

    private mutating func parseNumber() throws(DocumentSyntaxError) -> String {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { advanceASCII() }
        guard index < bytes.count, JSONParser.isDigit(bytes[index]) else { throw error("a number needs a digit") }
        if bytes[index] == UInt8(ascii: "0") {
            advanceASCII()
            if index < bytes.count, JSONParser.isDigit(bytes[index]) { throw error("a number may not have a leading zero") }
        } else {
            while index < bytes.count, JSONParser.isDigit(bytes[index]) { advanceASCII() }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            advanceASCII()
            guard index < bytes.count, JSONParser.isDigit(bytes[index]) else { throw error("a number needs digits after '.'") }
            while index < bytes.count, JSONParser.isDigit(bytes[index]) { advanceASCII() }
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            advanceASCII()
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { advanceASCII() }
            guard index < bytes.count, JSONParser.isDigit(bytes[index]) else { throw error("a number needs digits in its exponent") }
            while index < bytes.count, JSONParser.isDigit(bytes[index]) { advanceASCII() }
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// Marks (top bits) on the bytes of `word` (read little-endian, so that its first byte is the
    /// lowest) whose lowest is the first byte that is not plain ASCII (``isPlainASCII(_:)``): a
    /// control character, `"`, `\\` or a byte of a multi-byte character. Bytes after that one
    /// may be marked too, plain or not. Zero when all eight are plain.
    ///
    /// The tests are those of "Determine if a word has a byte less than n" and "Determine if a
    /// word has a zero byte" in Sean Eron Anderson's "Bit Twiddling Hacks": a byte with its top
    /// bit clear is below 0x20 when subtracting 0x20 from it sets its top bit, and equals `c` when
    /// its XOR with `c` is below 0x01. Subtracting from the whole word, a borrow can run on into
    /// the bytes above one that is below the limit, and mark them too; but a chain of borrows
    /// starts only at such a byte, so the lowest mark is exact: it is the first byte that is not
    /// plain, and the marks are zero exactly when every byte is plain.
    @inline(__always)
    private static func otherThanPlainASCII(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let tops: UInt64 = 0x8080_8080_8080_8080
        func below(_ limit: UInt8, _ word: UInt64) -> UInt64 { (word &- ones &* UInt64(limit)) & ~word }
        let quote = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
        let backslash = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
        return (word | below(0x20, word) | below(0x01, quote) | below(0x01, backslash)) & tops
    }

    /// Whether a byte in a string stands for itself: ASCII, not a control character, a quote or a
    /// backslash.
    private static func isPlainASCII(_ byte: UInt8) -> Bool {
        byte >= 0x20 && byte < 0x80 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
    }
}
