import Foundation
import Testing

@testable import RoundtripAudit

@Suite("Property lists: nesting and size bounded before any recursive parser")
struct PropertyListBoundsTests {
    /// `<plist><dict><key>k</key>` + `depth` nested arrays + the closing tags.
    static func nestedXML(depth: Int) -> Data {
        let open = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict><key>k</key>"
        let body = String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth)
        return Data((open + body + "</dict></plist>\n").utf8)
    }

    static func expectError(_ data: Data, _ code: AuditError.Code, _ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            let value = try PropertyListReader.read(data, path: "Info.plist")
            Issue.record("read \(value)", sourceLocation: sourceLocation)
        } catch {
            #expect(error.code == code, "\(error)", sourceLocation: sourceLocation)
            #expect(error.message.contains(text), "\(error.message)", sourceLocation: sourceLocation)
            #expect(error.path == "Info.plist", sourceLocation: sourceLocation)
        }
    }

    @Test("an XML plist 10,000 arrays deep is refused by the scan, which stops at level 65")
    func deepXML() throws {
        let data = Self.nestedXML(depth: 10_000)
        Self.expectError(data, .invalidPropertyList, "nests deeper than 64 levels")
        var scan = XMLPropertyListScan(maximumDepth: PropertyListReader.maximumDepth, maximumElements: PropertyListReader.maximumValues)
        #expect(throws: XMLPropertyListScan.Problem.self) { try scan.scan([UInt8](data)) }
        #expect(scan.deepest == 65)
        #expect(scan.steps < 1_000, "the scan stops at the first level past the limit: \(scan.steps) steps")
        // Through the loader, as `roundtrip audit` reads it: an error, not a crash.
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        #expect(throws: AuditError.self) { try AuditTarget.load(path: folder.write(data, to: "Info.plist")) }
    }

    @Test("a plist exactly 64 levels deep reads; the scan steps over each byte once")
    func deepestAllowed() throws {
        // `<plist>` and `<dict>` are two levels, so 62 arrays reach 64.
        let data = Self.nestedXML(depth: 62)
        var scan = XMLPropertyListScan(maximumDepth: PropertyListReader.maximumDepth, maximumElements: PropertyListReader.maximumValues)
        try scan.scan([UInt8](data))
        #expect(scan.deepest == 64)
        #expect(scan.steps == data.count)
        #expect(try PropertyListValue.decodeDictionary(data, path: "p")["k"] != nil)
        Self.expectError(Self.nestedXML(depth: 63), .invalidPropertyList, "nests deeper than 64 levels")
    }

    @Test("a wide XML plist: linear steps, and more than 100,000 elements is too large")
    func wideXML() throws {
        func array(_ count: Int) -> Data {
            let items = String(repeating: "<string>x</string>", count: count)
            return Data("<plist><dict><key>k</key><array>\(items)</array></dict></plist>".utf8)
        }
        let wide = array(20_000)
        var scan = XMLPropertyListScan(maximumDepth: PropertyListReader.maximumDepth, maximumElements: PropertyListReader.maximumValues)
        try scan.scan([UInt8](wide))
        #expect(scan.steps == wide.count)
        #expect(scan.elements == 20_004)
        #expect(try PropertyListValue.decodeDictionary(wide, path: "p")["k"]?.arrayValue?.count == 20_000)
        Self.expectError(array(100_000), .tooLarge, "more than 100000 elements")
    }

    /// What the scan counts where Foundation's XML scanner skips text or stops: it never counts
    /// less than Foundation would nest.
    @Test(
        "the XML scan skips what Foundation skips and counts everything else",
        arguments: [
            ("<plist><array><array/></array></plist>", 2),
            ("<plist><array><!-- <array><array><array> --></array></plist>", 2),
            ("<plist><array><string><![CDATA[<array><array><array>]]></string></array></plist>", 2),
            ("<?xml <array> ?><!DOCTYPE plist <array> ><plist><array/></plist>", 1),
            // Foundation ends a processing instruction at the first "?>", even inside "<?>".
            ("<plist><array><?><array><array><array> ?></array></plist>", 5),
            // Tag names match by prefix, as in Foundation's scanner.
            ("<plist><arrayX><dictionary><plistfoo>", 4),
            // A tag runs to its first '>', attributes or not.
            ("<plist><string a='<array>'><array></string></plist>", 2),
            ("<plist><array></array></array></array><array><array></plist>", 2),
            // A comment Foundation never reaches still hides nothing from the count.
            ("<plist><dict><key>a</key><!-- </dict></plist> --><array><array><array>", 5),
        ] as [(String, Int)]
    )
    func scanTokens(_ text: String, deepest: Int) throws {
        var scan = XMLPropertyListScan(maximumDepth: 64, maximumElements: 1_000)
        try scan.scan(Array(text.utf8))
        #expect(scan.deepest == deepest)
        #expect(scan.steps == text.utf8.count)
    }

    @Test("a 158-byte binary plist describing 10⁹ strings stops after exactly 100,001 visits")
    func sharedReferences() throws {
        let data = HandmadeBinaryPlist.sharedLevels()
        #expect(data.count == 158)
        Self.expectError(data, .tooLarge, "expands to more than 100000 values (its objects are shared by reference)")
        var reader = try BinaryPropertyList(data, maximumDepth: PropertyListReader.maximumDepth, maximumVisits: PropertyListReader.maximumValues)
        do {
            _ = try reader.read()
            Issue.record("read")
        } catch {
            #expect(error.isTooLarge)
        }
        #expect(reader.visits == PropertyListReader.maximumValues + 1)
    }

    @Test("every reference to a shared object is one visit")
    func visitsPerReference() throws {
        // Three levels of three references: the dictionary, its key, the top array, then 3 + 9
        // arrays and 27 strings, though the file holds 3 arrays and 1 string.
        let data = HandmadeBinaryPlist.sharedLevels(3, fanOut: 3)
        var reader = try BinaryPropertyList(data, maximumDepth: 64, maximumVisits: 1_000)
        let value = try reader.read()
        #expect(reader.visits == 1 + 1 + 1 + 3 + 9 + 27)
        let leaf = PropertyListValue.array(Array(repeating: .string("x"), count: 3))
        let middle = PropertyListValue.array(Array(repeating: leaf, count: 3))
        #expect(value == .dictionary(["k": .array(Array(repeating: middle, count: 3))]))
    }

    @Test("a binary array that holds itself is refused at level 65, after 65 visits")
    func cycle() throws {
        let data = HandmadeBinaryPlist.file([HandmadeBinaryPlist.array([0])], top: 0)
        var reader = try BinaryPropertyList(data, maximumDepth: 64, maximumVisits: 100_000)
        #expect(throws: BinaryPropertyList.Problem(message: "the property list nests deeper than 64 levels")) { try reader.read() }
        #expect(reader.visits == 65)
        Self.expectError(data, .invalidPropertyList, "nests deeper than 64 levels")
    }

    @Test("binary plists written by Foundation read as their XML twins do")
    func foundationBinary() throws {
        let info = Plist.info(
            schemes: ["com-example-app"],
            extra: ["Big": Int64.max, "Negative": -3, "Text": "Grüße ✓", "Nested": [["a": [1.5, false]]], "Bytes": Data(count: 40)]
        )
        let binary = try PropertyListValue.decodeDictionary(Plist.data(info, binary: true), path: "p")
        let xml = try PropertyListValue.decodeDictionary(Plist.data(info), path: "p")
        #expect(binary == xml)
        #expect(binary["Text"] == .string("Grüße ✓"))
        #expect(binary["Big"] == .integer(Int.max))
    }

    @Test(
        "malformed binary plists are invalid-plist errors that say what is wrong",
        arguments: [
            (Data("bplist15".utf8) + Data(count: 40), "version '15'; only version 00"),
            (Data("bplist00".utf8) + Data(count: 10), "too short"),
            (HandmadeBinaryPlist.file([HandmadeBinaryPlist.array([7])], top: 0), "names object 7; the file has 1"),
            (HandmadeBinaryPlist.file([HandmadeBinaryPlist.ascii("x")], top: 3), "names 1 objects with object 3 on top"),
            (HandmadeBinaryPlist.file([[0x5F, 0x13, 0x7F, 0, 0, 0, 0, 0, 0, 0]], top: 0), "claims"),
            (HandmadeBinaryPlist.file([[0x00]], top: 0), "marker 0x0"),
            (HandmadeBinaryPlist.file([[0x80, 0x01]], top: 0), "marker 0x80"),
            (
                HandmadeBinaryPlist.file([HandmadeBinaryPlist.dictionary(keys: [1], values: [1]), [0x10, 0x05]], top: 0),
                "key (object 1) is not a string"
            ),
        ] as [(Data, String)]
    )
    func malformedBinary(_ data: Data, message: String) {
        Self.expectError(data, .invalidPropertyList, message)
    }

    @Test(
        "text that is not an XML plist in UTF-8 is refused before any parser",
        arguments: [
            ("{ CFBundleIdentifier = com.example.app; }", "old-style OpenStep text is not read"),
            ("   \n", "the file is empty"),
            ("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><plist><dict/></plist>", "names the encoding 'ISO-8859-1'"),
        ]
    )
    func refusedText(_ text: String, message: String) {
        Self.expectError(Data(text.utf8), .invalidPropertyList, message)
    }

    @Test("an XML plist in UTF-16 with a byte-order mark is scanned as Foundation transcodes it")
    func utf16() throws {
        let xml = String(decoding: Self.nestedXML(depth: 100), as: UTF8.self)
        var data = Data([0xFE, 0xFF])
        for unit in xml.utf16 { data += Data([UInt8(unit >> 8), UInt8(unit & 0xFF)]) }
        Self.expectError(data, .invalidPropertyList, "nests deeper than 64 levels")
    }
}
