import Foundation

/// Encodes an `Encodable` value as flat query items, in the order the type encodes them.
///
/// The counterpart of ``URLQueryDecoder``: what one writes, the other reads back. `nil` optionals
/// are omitted; `Date` is written as ISO 8601 (UTC), `Decimal` without exponent, `UUID` in
/// lowercase, `Bool` as `true`/`false`, `Data` as padded base64, and an array as one item per
/// element (`tag=a&tag=b`).
///
/// Given the action's declared parameters, it writes each value in its declared form: a `yes-no`
/// boolean as `yes`/`no`, a date in its `format`, a `comma` or `newline` list as one value joined
/// with its separator, and any `Encodable` value of a `json` parameter as JSON text.
///
/// ```swift
/// let items = try URLQueryEncoder().encode(Charge(amount: 12.5, currency: "USD"))
/// let query = QueryCodec.encode(items)   // "amount=12.5&currency=USD"
/// let create = try URLQueryEncoder(parameters: action.parameters).encode(Create(text: "Hi", tags: ["a", "b"]))
/// ```
public struct URLQueryEncoder: Sendable {
    /// The declared parameters whose forms the encoder follows, by name.
    public let parameters: [String: ParameterSpec]

    /// Creates an encoder.
    ///
    /// - Parameter parameters: The action's declared parameters (or a `returns` list); values
    ///   of other names are written in their default form.
    public init(parameters: [ParameterSpec] = []) {
        var byName: [String: ParameterSpec] = [:]
        for parameter in parameters { byName[parameter.name] = parameter }
        self.parameters = byName
    }

    /// Encodes a value.
    ///
    /// - Throws: ``RoundtripError`` `invalid-parameter` for nested values (except under a `json`
    ///   parameter), or a value with a control character (line breaks and tabs are allowed in a
    ///   `multiline` parameter).
    public func encode(_ value: some Encodable) throws(RoundtripError) -> [QueryItem] {
        let storage = QueryEncodingStorage(parameters: parameters)
        do {
            try value.encode(to: QueryItemEncoder(storage: storage))
        } catch let error as RoundtripError {
            throw error
        } catch {
            throw RoundtripError(.invalidParameter, "the value cannot be encoded as query parameters: \(error)")
        }
        return storage.finishedItems
    }
}

final class QueryEncodingStorage {
    /// The declared parameters by name, when the encoder was given them.
    let parameters: [String: ParameterSpec]
    private(set) var items: [QueryItem] = []

    init(parameters: [String: ParameterSpec] = [:]) {
        self.parameters = parameters
    }

    /// Sets `key` to `text` (a later value for the same key replaces the earlier one).
    func append(_ key: String, _ text: String) throws {
        try check(key, text)
        if let index = items.firstIndex(where: { $0.name == key }) {
            items[index].value = text
        } else {
            items.append(QueryItem(name: key, value: text))
        }
    }

    /// Adds one item of a list under `key`.
    func appendItem(_ key: String, _ text: String) throws {
        try check(key, text)
        items.append(QueryItem(name: key, value: text))
    }

    private func check(_ key: String, _ text: String) throws {
        if PercentDecoding.containsForbiddenCharacter(text),
            parameters[key]?.isMultiline != true || text.unicodeScalars.contains(where: isForbiddenInMultiline)
        {
            throw RoundtripError(.invalidParameter, "the parameter '\(key)' contains a control character", parameter: key)
        }
    }

    private func isForbiddenInMultiline(_ scalar: Unicode.Scalar) -> Bool {
        scalar != "\n" && scalar != "\r" && scalar != "\t" && PercentDecoding.containsForbiddenCharacter(String(scalar))
    }

    /// The items, with each `comma` or `newline` list's items joined into one value.
    var finishedItems: [QueryItem] {
        var finished: [QueryItem] = []
        for item in items {
            guard let form = parameters[item.name]?.list, form != .repeated else {
                finished.append(item)
                continue
            }
            if let index = finished.firstIndex(where: { $0.name == item.name }) {
                finished[index].value = (finished[index].value ?? "") + (form.separator ?? ",") + (item.value ?? "")
            } else {
                finished.append(item)
            }
        }
        return finished
    }
}

private struct QueryItemEncoder: Encoder {
    let storage: QueryEncodingStorage
    var codingPath: [any CodingKey] = []
    /// Whether the value is one item of a list (see ``QuerySingleValueEncoder/isListItem``).
    var isListItem = false
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(QueryKeyedEncoder<Key>(storage: storage, isNested: !codingPath.isEmpty))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        // A top-level property that is a sequence becomes a list; anything deeper is refused.
        guard codingPath.count == 1 else { return FailingUnkeyedEncoder(codingPath: codingPath) }
        return QueryListEncoder(storage: storage, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        QuerySingleValueEncoder(storage: storage, codingPath: codingPath, isListItem: isListItem)
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

    mutating func superEncoder() -> any Encoder { QueryItemEncoder(storage: storage, codingPath: [QueryCodingKey("super")]) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { QueryItemEncoder(storage: storage, codingPath: [key]) }
}

private struct QuerySingleValueEncoder: SingleValueEncodingContainer {
    let storage: QueryEncodingStorage
    var codingPath: [any CodingKey]
    /// Whether the value is one item of a list (appended, never replacing).
    var isListItem = false

    /// The declared parameter the value is for, if the encoder knows it.
    var parameter: ParameterSpec? { codingPath.last.flatMap { storage.parameters[$0.stringValue] } }

    private func put(_ text: String) throws {
        if isListItem { try storage.appendItem(key, text) } else { try storage.append(key, text) }
    }

    var key: String {
        get throws {
            guard let key = codingPath.last?.stringValue else { throw flatOnly(codingPath) }
            return key
        }
    }

    mutating func encodeNil() throws {}
    mutating func encode(_ value: Bool) throws { try put((parameter?.booleanFormat ?? .trueFalse).text(for: value)) }
    mutating func encode(_ value: String) throws { try put(value) }
    mutating func encode(_ value: Double) throws {
        guard value.isFinite else { throw RoundtripError(.invalidParameter, "the parameter '\(try key)' is not a finite number", parameter: try key) }
        try put(ShortestDecimalText.text(value.description))
    }
    mutating func encode(_ value: Float) throws {
        guard value.isFinite else { throw RoundtripError(.invalidParameter, "the parameter '\(try key)' is not a finite number", parameter: try key) }
        try put(ShortestDecimalText.text(value.description))
    }
    mutating func encode(_ value: Int) throws { try put(String(value)) }
    mutating func encode(_ value: Int8) throws { try put(String(value)) }
    mutating func encode(_ value: Int16) throws { try put(String(value)) }
    mutating func encode(_ value: Int32) throws { try put(String(value)) }
    mutating func encode(_ value: Int64) throws { try put(String(value)) }
    mutating func encode(_ value: UInt) throws { try put(String(value)) }
    mutating func encode(_ value: UInt8) throws { try put(String(value)) }
    mutating func encode(_ value: UInt16) throws { try put(String(value)) }
    mutating func encode(_ value: UInt32) throws { try put(String(value)) }
    mutating func encode(_ value: UInt64) throws { try put(String(value)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        if parameter?.type == .json, !(value is String) {
            // A `json` parameter carries any Encodable value as JSON text, keys sorted so the same
            // value always makes the same URL.
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            try put(String(decoding: try encoder.encode(value), as: UTF8.self))
            return
        }
        if case .date(let format) = parameter?.type, let date = value as? Date {
            try put(format.format(date))
            return
        }
        switch value {
        case let data as Data: try put(Base64Standard.encode(data))
        case let decimal as Decimal: try put(decimal.description)
        case let uuid as UUID: try put(uuid.uuidString.lowercased())
        case let url as URL: try put(url.absoluteString)
        case let date as Date: try put(DateFormat.iso8601.format(date))
        default:
            guard !codingPath.isEmpty else { throw flatOnly(codingPath) }
            try value.encode(to: QueryItemEncoder(storage: storage, codingPath: codingPath, isListItem: isListItem))
        }
    }
}

/// The items of a list property (`[T]`), each written as one value under the property's name.
private struct QueryListEncoder: UnkeyedEncodingContainer {
    let storage: QueryEncodingStorage
    var codingPath: [any CodingKey]
    private(set) var count = 0

    init(storage: QueryEncodingStorage, codingPath: [any CodingKey]) {
        self.storage = storage
        self.codingPath = codingPath
    }

    mutating func encodeNil() throws { throw flatOnly(codingPath) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        var single = QuerySingleValueEncoder(storage: storage, codingPath: codingPath, isListItem: true)
        try single.encode(value)
        count += 1
    }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(QueryKeyedEncoder<NestedKey>(storage: QueryEncodingStorage(), isNested: true))
    }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { FailingUnkeyedEncoder(codingPath: codingPath) }
    mutating func superEncoder() -> any Encoder { QueryItemEncoder(storage: QueryEncodingStorage(), codingPath: codingPath + [codingPath[0]]) }
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
    mutating func superEncoder() -> any Encoder { QueryItemEncoder(storage: QueryEncodingStorage(), codingPath: codingPath) }
}

struct QueryCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
