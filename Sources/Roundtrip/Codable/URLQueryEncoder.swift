import Foundation

/// Encodes an `Encodable` value as flat query items, in the order the type encodes them.
///
/// The counterpart of ``URLQueryDecoder``: what one writes, the other reads back. `nil` optionals
/// are omitted; `Date` is written as ISO 8601 (UTC), `Decimal` without exponent, `UUID` in
/// lowercase, `Bool` as `true`/`false`.
///
/// ```swift
/// let items = try URLQueryEncoder().encode(Charge(amount: 12.5, currency: "USD"))
/// let query = QueryCodec.encode(items)   // "amount=12.5&currency=USD"
/// ```
public struct URLQueryEncoder: Sendable {
    /// Creates an encoder.
    public init() {}

    /// Encodes a value.
    ///
    /// - Throws: ``RoundtripError`` `invalid-parameter` for nested values, lists, or a value with
    ///   a control character.
    public func encode(_ value: some Encodable) throws(RoundtripError) -> [QueryItem] {
        let storage = QueryEncodingStorage()
        do {
            try value.encode(to: QueryEncoding(storage: storage))
        } catch let error as RoundtripError {
            throw error
        } catch {
            throw RoundtripError(.invalidParameter, "the value cannot be encoded as query parameters: \(error)")
        }
        return storage.items
    }
}

final class QueryEncodingStorage {
    var items: [QueryItem] = []

    func append(_ key: String, _ text: String) throws {
        if PercentDecoding.containsForbiddenCharacter(text) {
            throw RoundtripError(.invalidParameter, "the parameter '\(key)' contains a control character", parameter: key)
        }
        if let index = items.firstIndex(where: { $0.name == key }) {
            items[index].value = text
        } else {
            items.append(QueryItem(name: key, value: text))
        }
    }
}

private struct QueryEncoding: Encoder {
    let storage: QueryEncodingStorage
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(QueryKeyedEncoder<Key>(storage: storage, isNested: !codingPath.isEmpty))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        FailingUnkeyedEncoder(codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        QuerySingleValueEncoder(storage: storage, codingPath: codingPath)
    }
}

private func flatOnly(_ path: [any CodingKey]) -> RoundtripError {
    let name = path.last?.stringValue
    return RoundtripError(
        .invalidParameter,
        "URL query parameters are flat text; '\(name ?? "the value")' is a nested value or a list",
        parameter: name
    )
}

private struct QueryKeyedEncoder<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let storage: QueryEncodingStorage
    let isNested: Bool
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) throws {}

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        if isNested { throw flatOnly([key]) }
        var single = QuerySingleValueEncoder(storage: storage, codingPath: [key])
        try single.encode(value)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(QueryKeyedEncoder<NestedKey>(storage: storage, isNested: true))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        FailingUnkeyedEncoder(codingPath: [key])
    }

    mutating func superEncoder() -> any Encoder { QueryEncoding(storage: storage, codingPath: [QueryCodingKey("super")]) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { QueryEncoding(storage: storage, codingPath: [key]) }
}

private struct QuerySingleValueEncoder: SingleValueEncodingContainer {
    let storage: QueryEncodingStorage
    var codingPath: [any CodingKey]

    var key: String {
        get throws {
            guard let key = codingPath.last?.stringValue else { throw flatOnly(codingPath) }
            return key
        }
    }

    mutating func encodeNil() throws {}
    mutating func encode(_ value: Bool) throws { try storage.append(key, value ? "true" : "false") }
    mutating func encode(_ value: String) throws { try storage.append(key, value) }
    mutating func encode(_ value: Double) throws {
        guard value.isFinite else { throw RoundtripError(.invalidParameter, "the parameter '\(try key)' is not a finite number", parameter: try key) }
        try storage.append(key, ShortestDecimalText.text(value.description))
    }
    mutating func encode(_ value: Float) throws {
        guard value.isFinite else { throw RoundtripError(.invalidParameter, "the parameter '\(try key)' is not a finite number", parameter: try key) }
        try storage.append(key, ShortestDecimalText.text(value.description))
    }
    mutating func encode(_ value: Int) throws { try storage.append(key, String(value)) }
    mutating func encode(_ value: Int8) throws { try storage.append(key, String(value)) }
    mutating func encode(_ value: Int16) throws { try storage.append(key, String(value)) }
    mutating func encode(_ value: Int32) throws { try storage.append(key, String(value)) }
    mutating func encode(_ value: Int64) throws { try storage.append(key, String(value)) }
    mutating func encode(_ value: UInt) throws { try storage.append(key, String(value)) }
    mutating func encode(_ value: UInt8) throws { try storage.append(key, String(value)) }
    mutating func encode(_ value: UInt16) throws { try storage.append(key, String(value)) }
    mutating func encode(_ value: UInt32) throws { try storage.append(key, String(value)) }
    mutating func encode(_ value: UInt64) throws { try storage.append(key, String(value)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        switch value {
        case let decimal as Decimal: try storage.append(key, decimal.description)
        case let uuid as UUID: try storage.append(key, uuid.uuidString.lowercased())
        case let url as URL: try storage.append(key, url.absoluteString)
        case let date as Date: try storage.append(key, DateFormat.iso8601.format(date))
        default:
            guard !codingPath.isEmpty else { throw flatOnly(codingPath) }
            try value.encode(to: QueryEncoding(storage: storage, codingPath: codingPath))
        }
    }
}

private struct FailingUnkeyedEncoder: UnkeyedEncodingContainer {
    var codingPath: [any CodingKey]
    var count: Int { 0 }
    mutating func encodeNil() throws { throw flatOnly(codingPath) }
    mutating func encode<T: Encodable>(_ value: T) throws { throw flatOnly(codingPath) }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(QueryKeyedEncoder<NestedKey>(storage: QueryEncodingStorage(), isNested: true))
    }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { self }
    mutating func superEncoder() -> any Encoder { QueryEncoding(storage: QueryEncodingStorage(), codingPath: codingPath) }
}

struct QueryCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
