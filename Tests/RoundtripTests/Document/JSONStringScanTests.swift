import Roundtrip
import Testing

/// The parser reads a run of plain ASCII in a string eight bytes at a time, and a byte that
/// needs attention (a quote, a backslash, a control character, a byte of a multi-byte character)
/// must stop the run wherever it falls: at any of the eight places in a word, in the last bytes
/// of the text that no word covers, or right after another. Each case puts one such byte at
/// every place in a run of plain text and checks the string read, or the error and its column,
/// against what reading byte by byte gives.
@Suite("JSON: strings read eight bytes at a time stop at every byte that matters")
struct JSONStringScanTests {
    /// What one inserted text does to a string.
    enum Effect: Sendable {
        /// The string reads as this text (the inserted text once decoded).
        case reads(String)
        /// The string is refused with this message; the column is that of the inserted text.
        case refused(String)
    }

    /// Texts written into a string, and what each does there.
    static let insertions: [(written: String, effect: Effect)] = [
        // Plain bytes at the edges of the plain range.
        (" ", .reads(" ")),
        ("!", .reads("!")),
        ("~", .reads("~")),
        ("\u{7F}", .reads("\u{7F}")),
        ("#", .reads("#")),
        ("]", .reads("]")),
        ("[", .reads("[")),
        // Escapes: a backslash stops the run, and the run goes on after the escape.
        (#"\""#, .reads("\"")),
        (#"\\"#, .reads("\\")),
        (#"\n"#, .reads("\n")),
        (#"\u00e9"#, .reads("\u{E9}")),
        (#"\\\""#, .reads("\\\"")),
        // Characters of two, three and four bytes.
        ("\u{E9}", .reads("\u{E9}")),
        ("\u{20AC}", .reads("\u{20AC}")),
        ("\u{1D11E}", .reads("\u{1D11E}")),
        ("\u{E9}\u{E9}", .reads("\u{E9}\u{E9}")),
        // Raw control characters: refused where they stand.
        ("\u{0}", .refused("raw control character (byte 0x0)")),
        ("\u{1}", .refused("raw control character (byte 0x1)")),
        ("\t", .refused("raw control character (byte 0x9)")),
        ("\n", .refused("raw control character (byte 0xA)")),
        ("\u{1F}", .refused("raw control character (byte 0x1F)")),
    ]

    @Test func everyByteThatMattersStopsTheRunWhereverItStands() throws {
        for (written, effect) in Self.insertions {
            // Runs of 0 to 24 plain bytes before the insertion and 0 to 17 after it: every
            // place in a word. The string is followed by another member, or it is the last value
            // and its end is within the text's last eight bytes, which no word covers.
            for isLast in [false, true] {
                for before in 0...24 {
                    for after in [0, 1, 2, 7, 8, 9, 17] {
                        try check(written, effect, before: before, after: after, isLast: isLast)
                    }
                }
            }
        }
    }

    private func check(_ written: String, _ effect: Effect, before: Int, after: Int, isLast: Bool) throws {
        let head = String(repeating: "a", count: before)
        let tail = String(repeating: "b", count: after)
        let text = #"{"k":""# + head + written + tail + (isLast ? #""}"# : #"","n":1}"#)
        let context = "\(written.debugDescription) after \(before) bytes, \(after) after\(isLast ? ", last" : "")"
        switch Result(catching: { () throws(DocumentSyntaxError) in try JSONParser.parse(Array(text.utf8)) }) {
        case .success(let root):
            guard case .reads(let expected) = effect else {
                Issue.record("read although it should be refused: \(context)")
                return
            }
            let members = try #require(root.members, "\(context)")
            #expect(members.first?.value.string == head + expected + tail, "\(context)")
            guard !isLast else { return }
            // The next key stands one column past the string's closing quote: the run's bytes
            // moved the column by one each, a character by one.
            let columns = #"{"k":""#.count + head.count + written.unicodeScalars.count + tail.count + #"","#.count
            #expect(members.last?.keyPosition.column == columns + 1, "\(context)")
            #expect(members.last?.keyPosition.offset == text.utf8.count - #""n":1}"#.utf8.count, "\(context)")
        case .failure(let error):
            guard case .refused(let message) = effect else {
                Issue.record("refused although it should read (\(error.message)): \(context)")
                return
            }
            #expect(error.message.contains(message), "\(context): \(error.message)")
            #expect(error.position.column == #"{"k":""#.count + before + 1, "\(context)")
            #expect(error.position.offset == #"{"k":""#.utf8.count + before, "\(context)")
        }
    }

    /// A string that ends with the text, with no closing quote, in any of the last bytes.
    @Test(arguments: 0...17)
    func aStringThatRunsToTheEndOfTheTextIsRefused(_ length: Int) {
        let text = #"{"k":""# + String(repeating: "a", count: length)
        #expect(throws: DocumentSyntaxError.self) { try JSONParser.parse(Array(text.utf8)) }
        do {
            _ = try JSONParser.parse(Array(text.utf8))
        } catch {
            #expect(error.message.contains("ends inside a string"))
            #expect(error.position.offset == text.utf8.count)
        }
    }

    /// Bytes that cannot begin or continue UTF-8 stop the run and are refused where they stand.
    @Test(arguments: [[0x80], [0xC0, 0x80], [0xFF], [0xE2, 0x82], [0xED, 0xA0, 0x80]] as [[UInt8]])
    func invalidUTF8IsRefusedWhereItStands(_ invalid: [UInt8]) {
        for before in [0, 3, 7, 8, 9, 15, 16] {
            let bytes = Array(#"{"k":""#.utf8) + Array(repeating: UInt8(ascii: "a"), count: before) + invalid + Array(#"x","n":1}"#.utf8)
            do {
                _ = try JSONParser.parse(bytes)
                Issue.record("read invalid UTF-8 \(invalid) after \(before) bytes")
            } catch {
                #expect(error.message.contains("not valid UTF-8"), "\(invalid) after \(before): \(error.message)")
                #expect(error.position.offset == #"{"k":""#.utf8.count + before, "\(invalid) after \(before)")
            }
        }
    }
}
