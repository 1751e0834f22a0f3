import Foundation

/// Reads the property lists of an app (its Info.plists and entitlements) into
/// ``PropertyListValue``, with their nesting and size bounded before any recursive parser sees
/// the bytes.
///
/// - A binary plist (`bplist…`) is read by ``BinaryPropertyList``, never by Foundation: its
///   objects are shared by reference, so only a walk that counts every visit stays bounded.
/// - An XML plist's text encoding is worked out as Foundation's `PropertyListDecoder` does it (a
///   byte-order mark, else the `<?xml … encoding=…?>` declaration), the text is measured by
///   ``XMLPropertyListScan``, and only then does Foundation parse it.
/// - Anything else is refused, old-style (OpenStep) text included: Foundation reads that format
///   only on Apple platforms, by recursion, and Xcode never writes it into a bundle.
enum PropertyListReader {
    /// How deep arrays and dictionaries may nest; real Info.plists stay under 10.
    static let maximumDepth = 64
    /// How many values (keys included) a property list may hold, counting a shared binary object
    /// once per reference; real Info.plists hold a few thousand at most.
    static let maximumValues = 100_000

    /// Reads a property list of any root type.
    ///
    /// - Parameters:
    ///   - data: The file's bytes.
    ///   - path: The file, for error messages.
    /// - Returns: The root value.
    /// - Throws: ``AuditError`` `invalid-plist` when the bytes are not an XML or binary property
    ///   list or nest deeper than ``maximumDepth``; `too-large` past ``maximumValues``.
    /// - Complexity: O(*n*) in the bytes for an XML plist; O(*n* + ``maximumValues``) for a
    ///   binary one.
    static func read(_ data: Data, path: String) throws(AuditError) -> PropertyListValue {
        if data.starts(with: Array("bplist".utf8)) {
            do {
                var binary = try BinaryPropertyList(data, maximumDepth: maximumDepth, maximumVisits: maximumValues)
                return try binary.read()
            } catch {
                throw AuditError(error.isTooLarge ? .tooLarge : .invalidPropertyList, "not a usable property list: " + error.message, path: path)
            }
        }
        var scan = XMLPropertyListScan(maximumDepth: maximumDepth, maximumElements: maximumValues)
        do {
            try scan.scan(try xmlText(data))
        } catch {
            throw AuditError(error.isTooLarge ? .tooLarge : .invalidPropertyList, "not a usable property list: " + error.message, path: path)
        }
        return try decodeXML(data, path: path, mismatch: scan.firstMismatch)
    }

    /// The text of an XML plist as UTF-8 bytes, transcoded as Foundation's decoder will transcode
    /// it.
    ///
    /// - Throws: ``XMLPropertyListScan/Problem`` when the text does not start like XML (after its
    ///   byte-order mark and white space), or declares an encoding other than UTF-8, which
    ///   Foundation reads differently on each platform.
    static func xmlText(_ data: Data) throws(XMLPropertyListScan.Problem) -> [UInt8] {
        let bytes = [UInt8](data)
        var text = bytes
        if let mark = byteOrderMark(bytes) {
            guard let string = String(data: Data(bytes[mark.length...]), encoding: mark.encoding) else {
                throw XMLPropertyListScan.Problem(message: "the text after its byte-order mark is not valid \(mark.encoding)")
            }
            text = Array(string.utf8)
        } else if let declared = declaredEncoding(bytes), declared.lowercased() != "utf-8" {
            throw XMLPropertyListScan.Problem(message: "the XML declaration names the encoding '\(declared)'; property lists are read in UTF-8")
        }
        let start = text.firstIndex { ![UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r")].contains($0) }
        guard let start else { throw XMLPropertyListScan.Problem(message: "the file is empty") }
        guard text[start] == UInt8(ascii: "<") else {
            throw XMLPropertyListScan.Problem(
                message: "neither an XML nor a binary property list (old-style OpenStep text is not read; "
                    + "convert it with 'plutil -convert xml1')"
            )
        }
        return text
    }

    /// The encoding and length of a byte-order mark, in the order Foundation's
    /// `PropertyListDecoder` tests them (its `detectEncoding`).
    private static func byteOrderMark(_ bytes: [UInt8]) -> (encoding: String.Encoding, length: Int)? {
        let head = Array(bytes.prefix(4)) + [UInt8](repeating: 0x01, count: max(0, 4 - bytes.count))
        switch (head[0], head[1], head[2], head[3]) {
        case (0x00, 0x00, 0xFE, 0xFF): return (.utf32BigEndian, 4)
        case (0xFE, 0xFF, 0x00, 0x00): return (.utf32LittleEndian, 4)
        case (0xFE, 0xFF, _, _): return (.utf16BigEndian, 2)
        case (0xFF, 0xFE, _, _): return (.utf16LittleEndian, 2)
        case (0xEF, 0xBB, 0xBF, _): return (.utf8, 3)
        default: return nil
        }
    }

    /// The quoted value of `encoding=` in an `<?xml …?>` declaration at the very start of the
    /// bytes, found where Foundation looks for it (before the first `?` or `>`).
    private static func declaredEncoding(_ bytes: [UInt8]) -> String? {
        guard bytes.starts(with: Array("<?xml".utf8)) else { return nil }
        let key = Array("encoding=".utf8)
        var index = 5
        while index < bytes.count, bytes[index] != UInt8(ascii: "?"), bytes[index] != UInt8(ascii: ">") {
            if bytes[index...].starts(with: key) {
                let valueStart = index + key.count
                guard valueStart < bytes.count, bytes[valueStart] == UInt8(ascii: "\"") || bytes[valueStart] == UInt8(ascii: "'") else {
                    return nil
                }
                let quote = bytes[valueStart]
                let end = bytes[(valueStart + 1)...].firstIndex(of: quote) ?? bytes.count
                return String(decoding: bytes[(valueStart + 1)..<end], as: UTF8.self)
            }
            index += 1
        }
        return nil
    }

    /// Foundation's XML parser on text whose nesting is already known to be bounded.
    private static func decodeXML(
        _ data: Data,
        path: String,
        mismatch: (line: Int, open: String, close: String)?
    ) throws(AuditError)
        -> PropertyListValue
    {
        do {
            return try PropertyListDecoder().decode(PropertyListValue.self, from: data)
        } catch let error as DecodingError {
            throw AuditError(.invalidPropertyList, PropertyListProblem.message(data, error, mismatch: mismatch), path: path)
        } catch {
            throw AuditError(.invalidPropertyList, "not a property list (XML or binary)", path: path)
        }
    }
}
