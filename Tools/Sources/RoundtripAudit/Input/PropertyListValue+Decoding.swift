import Foundation

extension PropertyListValue: Decodable {
    /// Reads an XML or binary property list whose root is a dictionary, through
    /// ``PropertyListReader`` (nesting and size bounded before any recursive parser runs).
    ///
    /// - Parameters:
    ///   - data: The file's bytes.
    ///   - path: The file, for error messages.
    /// - Throws: ``AuditError`` `invalid-plist` when the bytes are not a property list (saying
    ///   why: a preprocessor line, or the XML parser's reason and line), the root is not a
    ///   dictionary, or it nests too deep; `too-large` when it holds too many values.
    /// - Complexity: See ``PropertyListReader/read(_:path:)``.
    package static func decodeDictionary(_ data: Data, path: String) throws(AuditError) -> [String: PropertyListValue] {
        guard case .dictionary(let dictionary) = try PropertyListReader.read(data, path: path) else {
            throw AuditError(.invalidPropertyList, "the property list's root is not a dictionary", path: path)
        }
        return dictionary
    }

    /// Decodes any property-list value, trying the scalar types before the containers.
    package init(from decoder: any Decoder) throws {
        // The reader measured the nesting already; this keeps the recursion below bounded anyway.
        guard decoder.codingPath.count <= PropertyListReader.maximumDepth else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "nests deeper than \(PropertyListReader.maximumDepth) levels"))
        }
        if let single = try? decoder.singleValueContainer() {
            if let value = try? single.decode(Bool.self) {
                self = .boolean(value)
                return
            }
            if let value = try? single.decode(Int.self) {
                self = .integer(value)
                return
            }
            if let value = try? single.decode(Double.self) {
                self = .real(value)
                return
            }
            if let value = try? single.decode(String.self) {
                self = .string(value)
                return
            }
            if let value = try? single.decode(Date.self) {
                self = .date(value)
                return
            }
            if let value = try? single.decode(Data.self) {
                self = .data(byteCount: value.count)
                return
            }
        }
        if var unkeyed = try? decoder.unkeyedContainer() {
            var values: [PropertyListValue] = []
            while !unkeyed.isAtEnd {
                values.append(try unkeyed.decode(PropertyListValue.self))
            }
            self = .array(values)
            return
        }
        let keyed = try decoder.container(keyedBy: AnyKey.self)
        var entries: [String: PropertyListValue] = [:]
        for key in keyed.allKeys {
            entries[key.stringValue] = try keyed.decode(PropertyListValue.self, forKey: key)
        }
        self = .dictionary(entries)
    }

    /// Any dictionary key.
    private struct AnyKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
