import Foundation

/// Decodes a flat set of query parameters into a `Decodable` type, strictly.
///
/// Every parameter must be read by the type: a parameter the type never asks for is an
/// `unknown-parameter` error, so a typo or an injected extra parameter is caught instead of
/// silently ignored. Supported property types: `String`, `Bool` (`true`/`false`/`1`/`0`), all
/// integer types, `Double`, `Float`, `Decimal`, `UUID`, `URL`, `Date` (ISO 8601, or the date
/// parameter's own format when decoding an ``AcceptedRequest``), optionals of these, and
/// `RawRepresentable` enums of them. Nested types and arrays have no meaning in a flat query and
/// are rejected.
///
/// ```swift
/// struct Charge: Decodable { var amount: Decimal; var currency: String }
/// let charge = try URLQueryDecoder().decode(Charge.self, from: ["amount": "12.5", "currency": "USD"])
/// ```
public struct URLQueryDecoder: Sendable {
    /// Whether parameters the type does not read are an error (the default) or ignored.
    public var rejectsUnknownParameters: Bool

    /// Creates a decoder.
    public init(rejectsUnknownParameters: Bool = true) {
        self.rejectsUnknownParameters = rejectsUnknownParameters
    }

    /// Decodes from name/value pairs.
    ///
    /// - Throws: ``RoundtripError`` `missing-parameter`, `invalid-parameter` or `unknown-parameter`.
    public func decode<Value: Decodable>(_ type: Value.Type, from parameters: [String: String]) throws(RoundtripError) -> Value {
        try decode(type, storage: parameters.mapValues(QueryDecodingStorage.Entry.text))
    }

    /// Decodes from query items (duplicates are rejected).
    public func decode<Value: Decodable>(_ type: Value.Type, from items: [QueryItem]) throws(RoundtripError) -> Value {
        if let duplicate = QueryCodec.firstDuplicateName(in: items) {
            throw RoundtripError(.duplicateParameter, "the parameter '\(duplicate)' appears more than once", parameter: duplicate)
        }
        var parameters: [String: String] = [:]
        for item in items { parameters[item.name] = item.value ?? "" }
        return try decode(type, from: parameters)
    }

    /// Decodes typed values, keeping each date parameter's own format.
    func decode<Value: Decodable>(_ type: Value.Type, typed parameters: [String: ParameterValue]) throws(RoundtripError) -> Value {
        try decode(type, storage: parameters.mapValues(QueryDecodingStorage.Entry.typed))
    }

    private func decode<Value: Decodable>(_ type: Value.Type, storage entries: [String: QueryDecodingStorage.Entry]) throws(RoundtripError) -> Value {
        let storage = QueryDecodingStorage(entries: entries)
        let value: Value
        do {
            value = try Value(from: QueryDecoding(storage: storage))
        } catch let error as RoundtripError {
            throw error
        } catch {
            throw RoundtripError(.invalidParameter, "the parameters cannot be decoded as \(Value.self): \(error)")
        }
        if rejectsUnknownParameters, let unread = entries.keys.sorted().first(where: { !storage.read.contains($0) }) {
            throw RoundtripError(.unknownParameter, "\(Value.self) has no property for the parameter '\(unread)'", parameter: unread)
        }
        return value
    }
}

/// The parameters being decoded and the names the type has asked for.
final class QueryDecodingStorage {
    enum Entry {
        case text(String)
        case typed(ParameterValue)

        var text: String {
            switch self {
            case .text(let text): text
            case .typed(let value): value.canonical
            }
        }
    }

    let entries: [String: Entry]
    var read: Set<String> = []

    init(entries: [String: Entry]) { self.entries = entries }
}

private struct QueryDecoding: Decoder {
    let storage: QueryDecodingStorage
    var codingPath: [any CodingKey] = []
    /// The value being decoded, when it is not the storage's entry for the key (a list's item).
    var entry: QueryDecodingStorage.Entry?
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard codingPath.isEmpty else { throw nested(codingPath) }
        return KeyedDecodingContainer(QueryKeyedContainer<Key>(storage: storage))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        // A list parameter decodes into an array; nothing else is a sequence.
        guard codingPath.count == 1, let key = codingPath.last, case .typed(.list(let items)) = storage.entries[key.stringValue] else {
            throw nested(codingPath)
        }
        return QueryListContainer(storage: storage, key: key.stringValue, codingPath: codingPath, items: items)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        guard let key = codingPath.last else { throw nested(codingPath) }
        return QuerySingleValue(storage: storage, key: key.stringValue, codingPath: codingPath, entry: entry)
    }
}

private func nested(_ path: [any CodingKey]) -> RoundtripError {
    let name = path.last?.stringValue
    return RoundtripError(
        .invalidParameter,
        "URL query parameters are flat text; '\(name ?? "the value")' would need a nested value or a list",
        parameter: name
    )
}

private struct QueryKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let storage: QueryDecodingStorage
    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { storage.entries.keys.compactMap(Key.init(stringValue:)) }

    func contains(_ key: Key) -> Bool { storage.entries[key.stringValue] != nil }

    func entry(_ key: Key) throws -> QueryDecodingStorage.Entry {
        storage.read.insert(key.stringValue)
        guard let entry = storage.entries[key.stringValue] else {
            throw RoundtripError(.missingParameter, "the parameter '\(key.stringValue)' is required", parameter: key.stringValue)
        }
        return entry
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        storage.read.insert(key.stringValue)
        // An `allow-empty` parameter's empty value ("clear this field") reads as `nil`: the
        // standard library's `decodeIfPresent` for `Int`, `Bool`… asks here first.
        if case .typed(.empty) = storage.entries[key.stringValue] { return true }
        return storage.entries[key.stringValue] == nil
    }

    /// A string can hold the empty value, so it reads as `""`, not `nil`: a handler that decodes
    /// into `String?` tells "clear this field" from an absent parameter.
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        try decodeIfPresent(key)
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try QuerySingleValue(storage: storage, key: key.stringValue, codingPath: [key], entry: entry(key)).decode(type)
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try decodeIfPresent(key)
    }

    /// The value of `key`, or `nil` when it is absent; an `allow-empty` parameter's empty value
    /// ("clear this field") reads as `nil` too, except into a `String`, which holds it as `""`.
    private func decodeIfPresent<T: Decodable>(_ key: Key) throws -> T? {
        storage.read.insert(key.stringValue)
        guard let entry = storage.entries[key.stringValue] else { return nil }
        if case .typed(.empty) = entry {
            return T.self == String.self ? ("" as! T) : nil
        }
        return try decode(T.self, forKey: key)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        throw nested([key])
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { throw nested([key]) }
    func superDecoder() throws -> any Decoder { throw nested([]) }
    func superDecoder(forKey key: Key) throws -> any Decoder { throw nested([key]) }
}

private struct QuerySingleValue: SingleValueDecodingContainer {
    let storage: QueryDecodingStorage
    let key: String
    var codingPath: [any CodingKey]
    var entry: QueryDecodingStorage.Entry?

    init(storage: QueryDecodingStorage, key: String, codingPath: [any CodingKey], entry: QueryDecodingStorage.Entry? = nil) {
        self.storage = storage
        self.key = key
        self.codingPath = codingPath
        self.entry = entry ?? storage.entries[key]
    }

    var text: String {
        get throws {
            guard let entry else {
                throw RoundtripError(.missingParameter, "the parameter '\(key)' is required", parameter: key)
            }
            return entry.text
        }
    }

    func invalid(_ expected: String, _ text: String) -> RoundtripError {
        RoundtripError(.invalidParameter, "the parameter '\(key)' must be \(expected), not '\(ParameterParsing.abbreviated(text))'", parameter: key)
    }

    func decodeNil() -> Bool { entry == nil }
    func decode(_ type: Bool.Type) throws -> Bool {
        if case .typed(.boolean(let flag)) = entry { return flag }
        switch try text {
        case "true", "1": return true
        case "false", "0": return false
        case let other: throw invalid("true, false, 1 or 0", other)
        }
    }
    func decode(_ type: String.Type) throws -> String { try text }
    func decode(_ type: Double.Type) throws -> Double {
        let text = try text
        guard ParameterParsing.decimal(text) != nil, let value = Double(text) else { throw invalid("a number", text) }
        return value
    }
    func decode(_ type: Float.Type) throws -> Float { Float(try decode(Double.self)) }
    func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

    func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        let text = try text
        guard let number = ParameterParsing.integer(text).flatMap(T.init(exactly:)) else {
            throw invalid("a whole number in \(T.min)…\(T.max)", text)
        }
        return number
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if T.self == Data.self {
            if case .typed(.data(let bytes)) = entry { return bytes as! T }
            let text = try text
            guard case .success(let bytes) = Base64Standard.decode(text) else { throw invalid("padded base64", text) }
            return Data(bytes) as! T
        }
        if case .typed(.json(let text)) = entry, T.self != String.self {
            do {
                return try JSONDecoder().decode(T.self, from: Data(text.utf8))
            } catch {
                throw RoundtripError(.invalidParameter, "the JSON of the parameter '\(key)' does not decode as \(T.self): \(error)", parameter: key)
            }
        }
        if T.self == Decimal.self {
            let text = try text
            guard let value = ParameterParsing.decimal(text) else { throw invalid("a decimal number", text) }
            return value as! T
        }
        if T.self == UUID.self {
            let text = try text
            guard text.utf8.count == 36, let value = UUID(uuidString: text) else { throw invalid("a UUID", text) }
            return value as! T
        }
        if T.self == URL.self {
            let text = try text
            guard (try? URLSplit(text)) != nil, let value = URL(string: text) else { throw invalid("an absolute URL", text) }
            return value as! T
        }
        if T.self == Date.self {
            if case .typed(.date(let date, _)) = entry { return date as! T }
            let text = try text
            guard let value = DateFormat.iso8601.parse(text) else { throw invalid("an ISO 8601 date", text) }
            return value as! T
        }
        return try T(from: QueryDecoding(storage: storage, codingPath: codingPath, entry: entry))
    }
}

/// A list parameter's items, decoded one by one as the array's element type.
private struct QueryListContainer: UnkeyedDecodingContainer {
    let storage: QueryDecodingStorage
    let key: String
    var codingPath: [any CodingKey]
    let items: [ParameterValue]
    private(set) var currentIndex = 0

    init(storage: QueryDecodingStorage, key: String, codingPath: [any CodingKey], items: [ParameterValue]) {
        self.storage = storage
        self.key = key
        self.codingPath = codingPath
        self.items = items
    }

    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    mutating func decodeNil() throws -> Bool { false }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        guard !isAtEnd else {
            throw RoundtripError(.invalidParameter, "the list '\(key)' has only \(items.count) items", parameter: key)
        }
        let item = items[currentIndex]
        // `Decimal`, `UUID`, `Date`… are read by the single-value container itself; `String`,
        // `Int` or a `RawRepresentable` enum reach its methods through a decoder for this item.
        let value = try QuerySingleValue(storage: storage, key: key, codingPath: codingPath, entry: .typed(item)).decode(type)
        currentIndex += 1
        return value
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        throw nested(codingPath)
    }
    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { throw nested(codingPath) }
    mutating func superDecoder() throws -> any Decoder { throw nested(codingPath) }
}
