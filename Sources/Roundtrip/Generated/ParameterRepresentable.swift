import Foundation

/// A Swift type that a parameter's typed value converts to and from: what code generated from a
/// spec uses for its typed properties.
///
/// `String`, `Int64`, `Decimal`, `Bool`, `UUID`, `URL`, `Date` and `Data` conform, so do arrays of
/// them (list parameters), any `String`-backed enum that declares conformance (an `enum`
/// constraint), and ``Clearable`` of any of them (an `allow-empty` parameter).
public protocol ParameterRepresentable: Sendable {
    /// The Swift value of a parameter's typed value, or `nil` when it is of another type.
    init?(parameterValue: ParameterValue)
    /// The typed value, to be written in the parameter's declared form.
    var parameterValue: ParameterValue { get }
}

extension String: ParameterRepresentable {
    /// The text of a string, URL, JSON or empty value.
    public init?(parameterValue: ParameterValue) {
        switch parameterValue {
        case .string(let text), .url(let text), .json(let text): self = text
        case .empty: self = ""
        default: return nil
        }
    }
    /// A string value.
    public var parameterValue: ParameterValue { .string(self) }
}

extension Int64: ParameterRepresentable {
    /// An integer value.
    public init?(parameterValue: ParameterValue) {
        guard case .integer(let number) = parameterValue else { return nil }
        self = number
    }
    /// An integer value.
    public var parameterValue: ParameterValue { .integer(self) }
}

extension Decimal: ParameterRepresentable {
    /// A decimal (or integer) value.
    public init?(parameterValue: ParameterValue) {
        switch parameterValue {
        case .decimal(let number): self = number
        case .integer(let number): self = Decimal(number)
        default: return nil
        }
    }
    /// A decimal value.
    public var parameterValue: ParameterValue { .decimal(self) }
}

extension Bool: ParameterRepresentable {
    /// A boolean value, whatever its declared spelling.
    public init?(parameterValue: ParameterValue) {
        guard case .boolean(let flag) = parameterValue else { return nil }
        self = flag
    }
    /// A boolean value.
    public var parameterValue: ParameterValue { .boolean(self) }
}

extension UUID: ParameterRepresentable {
    /// A UUID value.
    public init?(parameterValue: ParameterValue) {
        guard case .uuid(let uuid) = parameterValue else { return nil }
        self = uuid
    }
    /// A UUID value.
    public var parameterValue: ParameterValue { .uuid(self) }
}

extension URL: ParameterRepresentable {
    /// A URL value.
    public init?(parameterValue: ParameterValue) {
        guard case .url(let text) = parameterValue, let url = URL(string: text) else { return nil }
        self = url
    }
    /// A URL value.
    public var parameterValue: ParameterValue { .url(absoluteString) }
}

extension Date: ParameterRepresentable {
    /// A date value.
    public init?(parameterValue: ParameterValue) {
        guard case .date(let date, _) = parameterValue else { return nil }
        self = date
    }
    /// A date value; written in the parameter's own format (see ``ParameterSpec/text(for:)``).
    public var parameterValue: ParameterValue { .date(self, .iso8601) }
}

extension Data: ParameterRepresentable {
    /// A `base64` value's bytes.
    public init?(parameterValue: ParameterValue) {
        guard case .data(let bytes) = parameterValue else { return nil }
        self = bytes
    }
    /// A `base64` value.
    public var parameterValue: ParameterValue { .data(self) }
}

extension Array: ParameterRepresentable where Element: ParameterRepresentable {
    /// A list's items, each converted.
    public init?(parameterValue: ParameterValue) {
        guard case .list(let items) = parameterValue else { return nil }
        var converted: [Element] = []
        converted.reserveCapacity(items.count)
        for item in items {
            guard let element = Element(parameterValue: item) else { return nil }
            converted.append(element)
        }
        self = converted
    }
    /// A list value.
    public var parameterValue: ParameterValue { .list(map(\.parameterValue)) }
}

extension ParameterRepresentable where Self: RawRepresentable, RawValue == String {
    /// A member of an `enum` constraint, from its canonical text.
    public init?(parameterValue: ParameterValue) {
        guard let text = String(parameterValue: parameterValue) else { return nil }
        self.init(rawValue: text)
    }
    /// The member's text.
    public var parameterValue: ParameterValue { .string(rawValue) }
}

extension ParameterSpec {
    /// The query items that carry `value` in this parameter's declared form: none for `nil`, one
    /// per item for a `repeated` list, otherwise one. A `format: presence` switch is its bare
    /// name (`new-tab`, no `=`) when true and nothing when false.
    public func queryItems(for value: (some ParameterRepresentable)?) -> [QueryItem] {
        guard let value else { return [] }
        if isPresenceSwitch, case .boolean(let flag) = value.parameterValue {
            return flag ? [QueryItem(name: name, value: nil)] : []
        }
        return texts(for: value.parameterValue).map { QueryItem(name: name, value: $0) }
    }

    /// The query items of a prefix parameter's values (`fld*`), each under its full name
    /// (`fldFront`), in the order of the names, so the same values always make the same URL.
    ///
    /// - Complexity: O(*n* log *n*) for *n* values.
    public func queryItems(forEach values: [String: some ParameterRepresentable]) -> [QueryItem] {
        values.sorted { $0.key < $1.key }.flatMap { name, value in
            texts(for: value.parameterValue).map { QueryItem(name: name, value: $0) }
        }
    }
}

extension [String: ParameterValue] {
    /// The typed value of `name` converted to `T`, or `nil` when it is absent.
    ///
    /// The empty value of an `allow-empty` parameter (`name=`, "clear this field") is
    /// ``Clearable/cleared`` for a ``Clearable``, and `nil` for any other type, as
    /// ``URLQueryDecoder`` reads it.
    ///
    /// - Throws: ``RoundtripError`` `invalid-parameter` when the value is of another type than
    ///   the generated code expects (a spec changed without regenerating).
    public func value<T: ParameterRepresentable>(_ name: String, as type: T.Type = T.self) throws(RoundtripError) -> T? {
        guard let value = self[name] else { return nil }
        if case .empty = value, !(T.self is any ReadsEmptyValue.Type) { return nil }
        guard let converted = T(parameterValue: value) else {
            throw RoundtripError(
                .invalidParameter,
                "the parameter '\(name)' is not a \(T.self); regenerate the code from the current spec",
                parameter: name
            )
        }
        return converted
    }

    /// The typed values of the names a prefix parameter (`fld*`) stands for, by full name
    /// (`fldFront`): every name that matches the prefix and that `action` does not declare on
    /// its own (an exact name wins over a prefix).
    ///
    /// - Throws: ``RoundtripError`` `invalid-parameter` when a value is of another type than
    ///   the generated code expects (a spec changed without regenerating).
    /// - Complexity: O(*n* × *k*) for *n* values and *k* declared parameters.
    public func values<T: ParameterRepresentable>(
        matching parameter: ParameterSpec,
        in action: Action,
        as type: T.Type = T.self
    ) throws(RoundtripError) -> [String: T] {
        var matched: [String: T] = [:]
        for name in keys where parameter.matchesPrefix(name) && action.parameter(named: name) == nil {
            matched[name] = try value(name, as: type)
        }
        return matched
    }

    /// ``value(_:as:)`` for a value that must be there.
    ///
    /// - Throws: ``RoundtripError`` `missing-parameter` when it is absent.
    public func required<T: ParameterRepresentable>(_ name: String, as type: T.Type = T.self) throws(RoundtripError) -> T {
        guard let value = try value(name, as: type) else {
            throw RoundtripError(.missingParameter, "the parameter '\(name)' is required", parameter: name)
        }
        return value
    }
}
