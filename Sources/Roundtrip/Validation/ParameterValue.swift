import Foundation

/// A parameter's value after parsing, typed.
public enum ParameterValue: Sendable, Hashable, CustomStringConvertible {
    /// A `string` value.
    case string(String)
    /// An `integer` value.
    case integer(Int64)
    /// A `decimal` value.
    case decimal(Decimal)
    /// A `boolean` value.
    case boolean(Bool)
    /// A `uuid` value.
    case uuid(UUID)
    /// A `url` value: an absolute URL, as given.
    case url(String)
    /// A `date` value and the format it is written in.
    case date(Date, DateFormat)

    /// The canonical text of the value: what `request handle --json` prints and what a handler's
    /// `Codable` struct decodes. Integers without leading zeros, decimals without trailing zeros,
    /// booleans as `true`/`false`, UUIDs in lowercase, dates in their format (UTC).
    public var canonical: String {
        switch self {
        case .string(let text), .url(let text): text
        case .integer(let number): String(number)
        case .decimal(let number): number.description
        case .boolean(let flag): flag ? "true" : "false"
        case .uuid(let uuid): uuid.uuidString.lowercased()
        case .date(let date, let format): format.format(date)
        }
    }

    /// The canonical text.
    public var description: String { canonical }
}

/// A parameter's `minimum` and `maximum` as ``FixedDecimal``s, computed once per spec.
struct NumericBounds: Sendable {
    let minimum: FixedDecimal?
    let maximum: FixedDecimal?
    let minimumText: String
    let maximumText: String

    /// `nil` when the spec's bounds are not representable (the caller uses `Decimal`).
    init?(_ parameter: ParameterSpec) {
        guard parameter.type.isNumeric, parameter.minimum != nil || parameter.maximum != nil else { return nil }
        // `Decimal.description` is slow enough to show at launch: each bound is written once.
        minimumText = parameter.minimum?.description ?? ""
        maximumText = parameter.maximum?.description ?? ""
        minimum = parameter.minimum == nil ? nil : FixedDecimal(minimumText)
        maximum = parameter.maximum == nil ? nil : FixedDecimal(maximumText)
        if (parameter.minimum != nil && minimum == nil) || (parameter.maximum != nil && maximum == nil) { return nil }
    }

    /// `.some(nil)` when within bounds, `.some(why)` when not, `nil` when undecidable here.
    func check(_ value: FixedDecimal) -> String?? {
        if let minimum {
            guard let order = FixedDecimal.compare(value, minimum) else { return nil }
            if order == .orderedAscending { return .some("is \(value.decimal); the minimum is \(minimumText)") }
        }
        if let maximum {
            guard let order = FixedDecimal.compare(value, maximum) else { return nil }
            if order == .orderedDescending { return .some("is \(value.decimal); the maximum is \(maximumText)") }
        }
        return .some(nil)
    }
}

/// Parses and checks one raw value against a parameter's type and constraints.
enum ParameterParsing {
    /// Parses `raw` as `parameter`'s type and checks its constraints.
    ///
    /// - Throws: ``RoundtripError`` `invalid-parameter` naming the parameter and the broken rule.
    static func parse(_ raw: String, as parameter: ParameterSpec, checkingConstraints: Bool = true) throws(RoundtripError) -> ParameterValue {
        try parse(raw, rule: ParameterRule(parameter), checkingConstraints: checkingConstraints)
    }

    /// ``parse(_:as:checkingConstraints:)`` with the parameter's precomputed rule.
    static func parse(_ raw: String, rule: ParameterRule, checkingConstraints: Bool = true) throws(RoundtripError) -> ParameterValue {
        var text = raw
        return try text.withUTF8 { bytes in
            Result { () throws(RoundtripError) in try parse(bytes, text: raw, rule: rule, checkingConstraints: checkingConstraints) }
        }.get()
    }

    /// Parses a value given as its UTF-8 bytes: the incoming hot path, which parses numbers,
    /// booleans and UUIDs in place in the URL and makes a `String` only for the types that keep one.
    ///
    /// It reads each field through the rule's reference, which costs one load, where passing the
    /// ``ParameterSpec`` value out of the rule copied the whole struct (a retain per field).
    ///
    /// - Parameters:
    ///   - bytes: The decoded value's UTF-8 bytes.
    ///   - text: The same value as a `String`, or `nil` when `bytes` are printable ASCII (a value
    ///     read in place from a URL without escapes), in which case one is made when needed.
    static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>,
        text: String?,
        rule: ParameterRule,
        checkingConstraints: Bool = true
    ) throws(RoundtripError) -> ParameterValue {
        var made = text
        func string() -> String {
            if let made { return made }
            let string = String(decoding: bytes, as: UTF8.self)
            made = string
            return string
        }
        func invalid(_ why: String) -> RoundtripError {
            RoundtripError(.invalidParameter, "the parameter '\(rule.spec.name)' \(why)", parameter: rule.spec.name)
        }
        let value: ParameterValue
        var fixed: FixedDecimal?
        switch rule.spec.type {
        case .string:
            value = .string(string())
        case .integer:
            guard let number = integer(bytes) else {
                throw invalid("must be a whole number (digits, optional leading '-'), not '\(abbreviated(string()))'")
            }
            value = .integer(number)
        case .decimal:
            guard let number = decimal(bytes) else { throw invalid("must be a decimal number such as 12.50, not '\(abbreviated(string()))'") }
            fixed = number.fixed  // kept for the bounds
            value = .decimal(number.value)
        case .boolean:
            switch bytes.count {
            case 4 where bytes.elementsEqual("true".utf8), 1 where bytes[0] == 0x31: value = .boolean(true)
            case 5 where bytes.elementsEqual("false".utf8), 1 where bytes[0] == 0x30: value = .boolean(false)
            default: throw invalid("must be true, false, 1 or 0, not '\(abbreviated(string()))'")
            }
        case .uuid:
            guard let uuid = uuid(bytes) else { throw invalid("must be a UUID (8-4-4-4-12 hex digits), not '\(abbreviated(string()))'") }
            value = .uuid(uuid)
        case .url:
            do {
                _ = try URLSplit(string())
            } catch {
                throw invalid("must be an absolute URL: \(error.message)")
            }
            value = .url(string())
        case .date(let format):
            guard let date = format.parse(string()) else {
                throw invalid("must be a real date in the format \(format), not '\(abbreviated(string()))'")
            }
            value = .date(date, format)
        }
        guard checkingConstraints else { return value }
        if rule.spec.minimumLength != nil || rule.spec.maximumLength != nil {
            // Printable ASCII has one character per byte; anything else is counted as characters.
            let length = text == nil || bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) ? bytes.count : string().count
            if let minimum = rule.spec.minimumLength, length < minimum {
                throw invalid("is \(length) characters long; the minimum is \(minimum)")
            }
            if let maximum = rule.spec.maximumLength, length > maximum {
                throw invalid("is \(length) characters long; the maximum is \(maximum)")
            }
        }
        if let pattern = rule.spec.pattern, !pattern.matches(bytes, string) {
            throw invalid("does not match the pattern \(pattern.source)")
        }
        if rule.spec.minimum != nil || rule.spec.maximum != nil {
            if let bounds = rule.bounds, let fixed = fixed ?? FixedDecimal(bytes), let verdict = bounds.check(fixed) {
                if let violation = verdict {
                    throw invalid(violation)
                }
            } else {
                try checkBounds(value, rule.spec, invalid)
            }
        }
        if let allowed = rule.spec.allowedValues {
            let canonical = value.canonical
            if !allowed.contains(canonical) {
                throw invalid("must be one of \(allowed.joined(separator: ", ")), not '\(abbreviated(string()))'")
            }
        }
        return value
    }

    /// The `Decimal` comparison of a number against its bounds (the slow path).
    static func checkBounds(_ value: ParameterValue, _ parameter: ParameterSpec, _ invalid: (String) -> RoundtripError) throws(RoundtripError) {
        do {
            let number: Decimal
            switch value {
            case .integer(let integer): number = Decimal(integer)
            case .decimal(let decimal): number = decimal
            default: return
            }
            if let minimum = parameter.minimum, number < minimum {
                throw invalid("is \(number); the minimum is \(minimum)")
            }
            if let maximum = parameter.maximum, number > maximum {
                throw invalid("is \(number); the maximum is \(maximum)")
            }
        }
    }

    /// A UUID in 8-4-4-4-12 hex form, either case; parsed by hand because Foundation's parser goes
    /// through `sscanf` on Linux, which dominated the cost of a UUID parameter.
    static func uuid(_ bytes: UnsafeBufferPointer<UInt8>) -> UUID? {
        guard bytes.count == 36, bytes[8] == 0x2D, bytes[13] == 0x2D, bytes[18] == 0x2D, bytes[23] == 0x2D else { return nil }
        var value: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var index = 0
        let parsed = withUnsafeMutableBytes(of: &value) { output -> Bool in
            for byteIndex in 0..<16 {
                if index == 8 || index == 13 || index == 18 || index == 23 { index += 1 }
                guard let high = URLSplit.hexValue(bytes[index]), let low = URLSplit.hexValue(bytes[index + 1]) else { return false }
                output[byteIndex] = high << 4 | low
                index += 2
            }
            return true
        }
        return parsed ? UUID(uuid: value) : nil
    }

    /// `-?[0-9]+` that fits in 64 bits.
    static func integer(_ raw: String) -> Int64? {
        var raw = raw
        return raw.withUTF8 { integer($0) }
    }

    /// `-?[0-9]+` that fits in 64 bits, from its bytes.
    static func integer(_ bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
        let negative = bytes.first == UInt8(ascii: "-")
        let digits = UnsafeBufferPointer(rebasing: bytes[(negative ? 1 : 0)...])
        guard !digits.isEmpty, digits.count <= 19 else { return nil }
        // Accumulated on the negative side, which also holds Int64.min.
        var value: Int64 = 0
        for byte in digits {
            guard URLSplit.isDigit(byte) else { return nil }
            let (shifted, overflow) = value.multipliedReportingOverflow(by: 10)
            let (next, underflow) = shifted.subtractingReportingOverflow(Int64(byte - 0x30))
            guard !overflow, !underflow else { return nil }
            value = next
        }
        if negative { return value }
        return value == .min ? nil : -value
    }

    /// `-?[0-9]+(\.[0-9]+)?` with at most 38 significant digits; no exponent, no leading `+`.
    static func decimal(_ raw: String) -> Decimal? {
        var raw = raw
        return raw.withUTF8 { decimal($0)?.value }
    }

    /// ``decimal(_:)`` from its bytes, with its ``FixedDecimal`` form when it has at most 19 digits.
    static func decimal(_ bytes: UnsafeBufferPointer<UInt8>) -> (value: Decimal, fixed: FixedDecimal?)? {
        guard isDecimal(bytes) else { return nil }
        // Up to 19 digits: build the value from its digits (no Locale, no string scanner).
        if let fixed = FixedDecimal(bytes) { return (fixed.decimal, fixed) }
        return Decimal(string: String(decoding: bytes, as: UTF8.self), locale: posixLocale).map { ($0, nil) }
    }

    /// Whether the bytes are `-?[0-9]+(\.[0-9]+)?` with at most 38 digits.
    static func isDecimal(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var body = bytes[...]
        if body.first == UInt8(ascii: "-") { body = body.dropFirst() }
        guard !body.isEmpty, body.count <= 40 else { return false }
        var seenPoint = false
        var digitsBeforePoint = 0
        var digitsAfterPoint = 0
        for byte in body {
            if byte == UInt8(ascii: ".") {
                guard !seenPoint else { return false }
                seenPoint = true
            } else if URLSplit.isDigit(byte) {
                if seenPoint { digitsAfterPoint += 1 } else { digitsBeforePoint += 1 }
            } else {
                return false
            }
        }
        return digitsBeforePoint > 0 && (!seenPoint || digitsAfterPoint > 0) && digitsBeforePoint + digitsAfterPoint <= 38
    }

    /// The locale whose decimal separator is '.', made once.
    static let posixLocale = Locale(identifier: "en_US_POSIX")

    /// A value shortened for an error message, so a 100 KB value does not become a 100 KB message.
    static func abbreviated(_ raw: String) -> String {
        raw.count <= 64 ? raw : String(raw.prefix(61)) + "…"
    }
}
