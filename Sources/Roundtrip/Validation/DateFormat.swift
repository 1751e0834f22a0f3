import Foundation

/// A strict, fixed-width date format such as `yyyyMMddHHmm`, or ISO 8601.
///
/// Dates are parsed without a `DateFormatter`, so parsing is strict (every field its exact width,
/// February 31 and hour 24 invalid), fast, and the same on every platform and locale. Times are
/// UTC unless the ISO 8601 text carries an offset.
///
/// Supported fields: `yyyy` (year), `MM` (month), `dd` (day), `HH` (hour, 00–23), `mm` (minute),
/// `ss` (second), `SSS` (milliseconds). Any other ASCII character is a literal; text in single
/// quotes is literal too (`yyyy-MM-dd'T'HH:mm`).
public struct DateFormat: Sendable, Hashable, CustomStringConvertible {
    enum Field: Sendable, Hashable {
        case year, month, day, hour, minute, second, millisecond
        case literal(UInt8)

        var width: Int {
            switch self {
            case .year: 4
            case .millisecond: 3
            case .literal: 1
            default: 2
            }
        }
    }

    /// The format as written, or `iso8601`.
    public let pattern: String
    let fields: [Field]?  // nil: ISO 8601

    /// ISO 8601: `YYYY-MM-DD`, or `YYYY-MM-DDTHH:MM:SS[.fff](Z|±HH:MM)`.
    public static let iso8601 = DateFormat(iso8601: ())

    private init(iso8601: Void) {
        pattern = "iso8601"
        fields = nil
    }

    /// The fields a pattern may use, by their spelling.
    private static let knownFields: [(token: [UInt8], field: Field)] = [
        (Array("yyyy".utf8), .year), (Array("MM".utf8), .month), (Array("dd".utf8), .day), (Array("HH".utf8), .hour),
        (Array("mm".utf8), .minute), (Array("ss".utf8), .second), (Array("SSS".utf8), .millisecond),
    ]

    /// Parses a format pattern.
    ///
    /// - Throws: A message when the pattern has an unsupported field (for example `yy` or `EEE`).
    public init(_ pattern: String) throws(RoundtripError) {
        if pattern.utf8.count <= 8, ["iso8601", "iso-8601"].contains(pattern.lowercased()) {
            self = .iso8601
            return
        }
        var fields: [Field] = []
        var bytes = Array(pattern.utf8)[...]
        let known = Self.knownFields
        outer: while let first = bytes.first {
            if first == UInt8(ascii: "'") {
                bytes = bytes.dropFirst()
                guard let close = bytes.firstIndex(of: UInt8(ascii: "'")) else {
                    throw RoundtripError(.invalidParameter, "date format '\(pattern)' has an unterminated quote")
                }
                fields += bytes[..<close].map(Field.literal)
                bytes = bytes[bytes.index(after: close)...]
                continue
            }
            for (token, field) in known where bytes.starts(with: token) {
                fields.append(field)
                bytes = bytes.dropFirst(token.count)
                continue outer
            }
            if URLSplit.isAlpha(first) || first >= 0x80 {
                throw RoundtripError(
                    .invalidParameter,
                    "date format '\(pattern)' has an unsupported field at '\(String(decoding: bytes.prefix(4), as: UTF8.self))'; use yyyy, MM, dd, HH, mm, ss, SSS and literals"
                )
            }
            fields.append(.literal(first))
            bytes = bytes.dropFirst()
        }
        if !fields.contains(.year) || !fields.contains(.month) || !fields.contains(.day) {
            throw RoundtripError(.invalidParameter, "date format '\(pattern)' must contain yyyy, MM and dd")
        }
        self.pattern = pattern
        self.fields = fields
    }

    /// The pattern.
    public var description: String { pattern }

    /// Parses a date strictly.
    ///
    /// - Returns: The instant, or `nil` when the text does not match the format exactly or names
    ///   a day that does not exist.
    public func parse(_ text: some StringProtocol) -> Date? {
        let bytes = Array(text.utf8)
        guard let fields else { return DateFormat.parseISO8601(bytes) }
        var parts = Parts()
        var index = 0
        for field in fields {
            guard index + field.width <= bytes.count else { return nil }
            if case .literal(let byte) = field {
                guard bytes[index] == byte else { return nil }
            } else {
                guard let number = DateFormat.number(bytes, index, field.width) else { return nil }
                parts.set(field, number)
            }
            index += field.width
        }
        guard index == bytes.count else { return nil }
        return parts.date(offsetSeconds: 0)
    }

    /// Formats an instant in this format (UTC), the canonical form of a date parameter.
    public func format(_ date: Date) -> String {
        let parts = Parts(date)
        guard let fields else {
            var text = "\(DateFormat.pad(parts.year, 4))-\(DateFormat.pad(parts.month, 2))-\(DateFormat.pad(parts.day, 2))"
            text += "T\(DateFormat.pad(parts.hour, 2)):\(DateFormat.pad(parts.minute, 2)):\(DateFormat.pad(parts.second, 2))"
            if parts.millisecond != 0 { text += ".\(DateFormat.pad(parts.millisecond, 3))" }
            return text + "Z"
        }
        var text = ""
        for field in fields {
            switch field {
            case .year: text += DateFormat.pad(parts.year, 4)
            case .month: text += DateFormat.pad(parts.month, 2)
            case .day: text += DateFormat.pad(parts.day, 2)
            case .hour: text += DateFormat.pad(parts.hour, 2)
            case .minute: text += DateFormat.pad(parts.minute, 2)
            case .second: text += DateFormat.pad(parts.second, 2)
            case .millisecond: text += DateFormat.pad(parts.millisecond, 3)
            case .literal(let byte): text.unicodeScalars.append(Unicode.Scalar(byte))
            }
        }
        return text
    }

    // MARK: - Calendar arithmetic (proleptic Gregorian, UTC)

    struct Parts {
        var year = 1970, month = 1, day = 1, hour = 0, minute = 0, second = 0, millisecond = 0

        init() {}

        init(_ date: Date) {
            let totalMilliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
            var days = totalMilliseconds / 86_400_000
            var remainder = totalMilliseconds % 86_400_000
            if remainder < 0 {
                remainder += 86_400_000
                days -= 1
            }
            (year, month, day) = Parts.civil(fromDays: days)
            hour = Int(remainder / 3_600_000)
            minute = Int(remainder / 60_000 % 60)
            second = Int(remainder / 1000 % 60)
            millisecond = Int(remainder % 1000)
        }

        mutating func set(_ field: Field, _ value: Int) {
            switch field {
            case .year: year = value
            case .month: month = value
            case .day: day = value
            case .hour: hour = value
            case .minute: minute = value
            case .second: second = value
            case .millisecond: millisecond = value
            case .literal: break
            }
        }

        func date(offsetSeconds: Int) -> Date? {
            guard (1...12).contains(month), day >= 1, day <= Parts.daysInMonth(year, month),
                (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second)
            else { return nil }
            let days = Parts.days(fromCivil: year, month, day)
            let seconds = days * 86_400 + Int64(hour * 3600 + minute * 60 + second) - Int64(offsetSeconds)
            return Date(timeIntervalSince1970: Double(seconds) + Double(millisecond) / 1000)
        }

        static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

        static func daysInMonth(_ year: Int, _ month: Int) -> Int {
            switch month {
            case 2: isLeap(year) ? 29 : 28
            case 4, 6, 9, 11: 30
            default: 31
            }
        }

        // Days from 1970-01-01; Howard Hinnant's "days_from_civil" algorithm.
        static func days(fromCivil year: Int, _ month: Int, _ day: Int) -> Int64 {
            let y = Int64(month <= 2 ? year - 1 : year)
            let era = (y >= 0 ? y : y - 399) / 400
            let yearOfEra = y - era * 400
            let m = Int64(month)
            let dayOfYear = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
            let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
            return era * 146_097 + dayOfEra - 719_468
        }

        static func civil(fromDays days: Int64) -> (Int, Int, Int) {
            let z = days + 719_468
            let era = (z >= 0 ? z : z - 146_096) / 146_097
            let dayOfEra = z - era * 146_097
            let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
            let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
            let mp = (5 * dayOfYear + 2) / 153
            let day = dayOfYear - (153 * mp + 2) / 5 + 1
            let month = mp < 10 ? mp + 3 : mp - 9
            let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
            return (Int(year), Int(month), Int(day))
        }
    }

    static func number(_ bytes: [UInt8], _ start: Int, _ width: Int) -> Int? {
        var value = 0
        for index in start..<start + width {
            guard URLSplit.isDigit(bytes[index]) else { return nil }
            value = value * 10 + Int(bytes[index] - 0x30)
        }
        return value
    }

    static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    /// `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM:SS[.f+](Z|±HH:MM)`; RFC 3339 section 5.6.
    static func parseISO8601(_ bytes: [UInt8]) -> Date? {
        func expect(_ index: Int, _ character: Character) -> Bool {
            index < bytes.count && bytes[index] == character.asciiValue
        }
        guard bytes.count >= 10, let year = number(bytes, 0, 4), expect(4, "-"), let month = number(bytes, 5, 2),
            expect(7, "-"), let day = number(bytes, 8, 2)
        else { return nil }
        var parts = Parts()
        parts.year = year
        parts.month = month
        parts.day = day
        if bytes.count == 10 { return parts.date(offsetSeconds: 0) }
        guard bytes.count >= 20, expect(10, "T"), let hour = number(bytes, 11, 2), expect(13, ":"),
            let minute = number(bytes, 14, 2), expect(16, ":"), let second = number(bytes, 17, 2)
        else { return nil }
        parts.hour = hour
        parts.minute = minute
        parts.second = second
        var index = 19
        if expect(index, ".") {
            index += 1
            var digits = 0
            var milliseconds = 0
            while index < bytes.count, URLSplit.isDigit(bytes[index]) {
                if digits < 3 { milliseconds = milliseconds * 10 + Int(bytes[index] - 0x30) }
                digits += 1
                index += 1
            }
            guard digits > 0 else { return nil }
            for _ in digits..<max(digits, 3) { milliseconds *= 10 }
            parts.millisecond = milliseconds
        }
        if expect(index, "Z"), index + 1 == bytes.count {
            return parts.date(offsetSeconds: 0)
        }
        guard index + 6 == bytes.count, expect(index, "+") || expect(index, "-"),
            let offsetHours = number(bytes, index + 1, 2), expect(index + 3, ":"),
            let offsetMinutes = number(bytes, index + 4, 2), offsetHours <= 23, offsetMinutes <= 59
        else { return nil }
        let sign = expect(index, "-") ? -1 : 1
        return parts.date(offsetSeconds: sign * (offsetHours * 3600 + offsetMinutes * 60))
    }
}
