import Foundation

extension PropertyListValue: Encodable {
    /// Encodes the natural JSON form: strings, numbers, Booleans, arrays and objects; a date as
    /// its ISO 8601 text and data as `"<N bytes>"`.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .real(let value): try container.encode(value)
        case .boolean(let value): try container.encode(value)
        case .date(let value): try container.encode(value.ISO8601Format())
        case .data(let count): try container.encode("<\(count) bytes>")
        case .array(let values): try container.encode(values)
        case .dictionary(let entries): try container.encode(entries)
        }
    }
}
