import Foundation

/// A declared parameter: its type and constraints.
public struct ParameterSpec: Sendable {
    /// The parameter's name in the query.
    public var name: String
    /// The type its value must parse as.
    public var type: ParameterType
    /// Whether the request must carry it.
    public var isRequired: Bool
    /// The value used when the parameter is absent, in canonical form.
    public var defaultValue: String?
    /// The allowed values (`enum`), compared after parsing, in canonical form.
    public var allowedValues: [String]?
    /// A regular expression the whole raw value must match.
    public var pattern: ValuePattern?
    /// The fewest characters allowed.
    public var minimumLength: Int?
    /// The most characters allowed.
    public var maximumLength: Int?
    /// The smallest number allowed (integer and decimal).
    public var minimum: Decimal?
    /// The largest number allowed (integer and decimal).
    public var maximum: Decimal?

    /// Creates a parameter.
    public init(
        name: String,
        type: ParameterType = .string,
        isRequired: Bool = false,
        defaultValue: String? = nil,
        allowedValues: [String]? = nil,
        pattern: ValuePattern? = nil,
        minimumLength: Int? = nil,
        maximumLength: Int? = nil,
        minimum: Decimal? = nil,
        maximum: Decimal? = nil
    ) {
        self.name = name
        self.type = type
        self.isRequired = isRequired
        self.defaultValue = defaultValue
        self.allowedValues = allowedValues
        self.pattern = pattern
        self.minimumLength = minimumLength
        self.maximumLength = maximumLength
        self.minimum = minimum
        self.maximum = maximum
    }
}

/// The type a parameter's value must parse as.
public enum ParameterType: Sendable, Hashable, CustomStringConvertible {
    /// Any text (after the encoding checks).
    case string
    /// A decimal integer that fits in 64 bits: optional `-`, digits, no leading `+`.
    case integer
    /// A decimal number: optional `-`, digits, optional `.digits`; no exponent.
    case decimal
    /// `true`, `false`, `1` or `0`.
    case boolean
    /// A UUID in its 8-4-4-4-12 hex form.
    case uuid
    /// An absolute URL.
    case url
    /// A date in a fixed format, parsed strictly (February 31 is invalid).
    case date(DateFormat)

    /// The spelling in a spec file.
    public var description: String {
        switch self {
        case .string: "string"
        case .integer: "integer"
        case .decimal: "decimal"
        case .boolean: "boolean"
        case .uuid: "uuid"
        case .url: "url"
        case .date: "date"
        }
    }

    /// Whether `minimum`/`maximum` apply.
    public var isNumeric: Bool {
        switch self {
        case .integer, .decimal: true
        default: false
        }
    }
}
