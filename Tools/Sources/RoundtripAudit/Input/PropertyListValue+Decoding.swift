import Foundation

extension PropertyListValue: Decodable {
    /// How deep a property list may nest before it is refused; real Info.plists stay under 10.
    static let maximumDepth = 64

    /// Reads an XML or binary property list whose root is a dictionary.
    ///
    /// `PropertyListDecoder` reads both formats on Linux and Apple platforms alike.
    ///
    /// - Parameters:
    ///   - data: The file's bytes.
    ///   - path: The file, for error messages.
    /// - Throws: ``AuditError`` `invalid-plist` when the bytes are not a property list (saying
    ///   why: a preprocessor line, or the XML parser's reason and line), the root is not a
    ///   dictionary, or it nests deeper than ``maximumDepth``.
    static func decodeDictionary(_ data: Data, path: String) throws(AuditError) -> [String: PropertyListValue] {
        let value: PropertyListValue
        do {
            value = try PropertyListDecoder().decode(PropertyListValue.self, from: data)
        } catch let error as DecodingError {
            if let reason = PropertyListProblem.reason(data) {
                throw AuditError(.invalidPropertyList, "not a property list: " + reason, path: path)
            }
            throw AuditError(.invalidPropertyList, "not a usable property list (XML or binary): \(Self.reason(error))", path: path)
        } catch {
            throw AuditError(.invalidPropertyList, "not a property list (XML or binary)", path: path)
        }
        guard case .dictionary(let dictionary) = value else {
            throw AuditError(.invalidPropertyList, "the property list's root is not a dictionary", path: path)
        }
        return dictionary
    }

    /// Decodes any property-list value, trying the scalar types before the containers.
    public init(from decoder: any Decoder) throws {
        guard decoder.codingPath.count <= Self.maximumDepth else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "nests deeper than \(Self.maximumDepth) levels"))
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

    private static func reason(_ error: DecodingError) -> String {
        switch error {
        case .dataCorrupted(let context), .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context):
            return context.debugDescription
        @unknown default:
            return "\(error)"
        }
    }

    /// Any dictionary key.
    private struct AnyKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
