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
    /// A `json` value: the JSON text as given, checked to parse.
    case json(String)
    /// A `base64` value: the decoded bytes.
    case data(Data)
    /// A `secret` value that matched; the value itself is never kept.
    case secret
    /// An empty value accepted by `allow-empty: true` ("clear this field").
    case empty
    /// A list parameter's items, in order, each parsed as the parameter's type.
    case list([ParameterValue])

    /// The canonical text of the value: what `request handle --json` prints and what a handler's
    /// `Codable` struct decodes. Integers without leading zeros, decimals without trailing zeros,
    /// booleans as `true`/`false` (whatever their declared spelling), UUIDs in lowercase, dates in
    /// their format (UTC), bytes as padded standard base64, a secret as `***`. A list's items are
    /// joined with `,` here; ``canonicalItems`` keeps them apart.
    public var canonical: String {
        switch self {
        case .string(let text), .url(let text), .json(let text): text
        case .integer(let number): String(number)
        case .decimal(let number): number.description
        case .boolean(let flag): flag ? "true" : "false"
        case .uuid(let uuid): uuid.uuidString.lowercased()
        case .date(let date, let format): format.format(date)
        case .data(let bytes): Base64Standard.encode(bytes)
        case .secret: Self.redacted
        case .empty: ""
        case .list(let items): items.map(\.canonical).joined(separator: ",")
        }
    }

    /// A list's items in canonical form, or `nil` for a single value.
    public var canonicalItems: [String]? {
        guard case .list(let items) = self else { return nil }
        return items.map(\.canonical)
    }

    /// How a secret reads wherever a value is shown.
    public static let redacted = "***"

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
    /// JSON values nested deeper than this are refused: a parameter is small data, and the limit
    /// keeps a hostile value from costing a deep recursion.
    static let maximumJSONDepth = 32

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
    /// An empty value of an `allow-empty` parameter is ``ParameterValue/empty``; a `comma` or
    /// `newline` list is split here and each item parsed (see ``parseItems(_:rule:checkingConstraints:)``).
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
        if bytes.isEmpty, rule.spec.allowsEmpty { return .empty }
        guard let form = rule.spec.list else {
            return try parseItem(bytes, text: text, rule: rule, item: nil, checkingConstraints: checkingConstraints)
        }
        let whole = text ?? String(decoding: bytes, as: UTF8.self)
        switch form {
        case .repeated:
            return try parseItems([whole], rule: rule, checkingConstraints: checkingConstraints)
        case .comma:
            // Split on UTF-8 bytes: a split on Characters pays for grapheme breaking on every byte.
            let items = whole.utf8.split(separator: 0x2C, omittingEmptySubsequences: false).map { String(Substring($0)) }
            if items.count > 1, items.allSatisfy(\.isEmpty) {
                throw invalid(rule, nil, "is a comma list whose items are all empty ('\(abbreviated(whole))')")
            }
            return try parseItems(items, rule: rule, checkingConstraints: checkingConstraints)
        case .newline:
            // Split on scalars: Swift reads "\r\n" as one Character, so a split on Characters
            // would never see the "\n" in it.
            let items = whole.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                var line = String(String.UnicodeScalarView(line))
                if line.unicodeScalars.last == "\r" { line.unicodeScalars.removeLast() }
                return line
            }
            return try parseItems(items, rule: rule, checkingConstraints: checkingConstraints)
        case .space:
            // Single spaces separate items, so two in a row, or one at either end, leave an empty
            // item, refused as in a comma list.
            let items = whole.utf8.split(separator: 0x20, omittingEmptySubsequences: false).map { String(Substring($0)) }
            return try parseItems(items, rule: rule, checkingConstraints: checkingConstraints)
        }
    }

    /// Parses a list parameter's items, in order: bounds the count by `min-items`/`max-items`
    /// first, then checks each item against the type and constraints, naming its position.
    static func parseItems(_ items: [String], rule: ParameterRule, checkingConstraints: Bool = true) throws(RoundtripError) -> ParameterValue {
        if let maximum = rule.spec.maximumItems, items.count > maximum {
            throw invalid(rule, nil, "has \(items.count) items; the maximum is \(maximum)")
        }
        if let minimum = rule.spec.minimumItems, items.count < minimum {
            throw invalid(rule, nil, "has \(items.count) item\(items.count == 1 ? "" : "s"); the minimum is \(minimum)")
        }
        var values: [ParameterValue] = []
        values.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            if item.isEmpty { throw invalid(rule, index + 1, emptyItemReason(rule.spec.list)) }
            var text = item
            let value = try text.withUTF8 { bytes in
                Result { () throws(RoundtripError) in
                    try parseItem(bytes, text: item, rule: rule, item: index + 1, checkingConstraints: checkingConstraints)
                }
            }.get()
            values.append(value)
        }
        return .list(values)
    }

    /// Why an empty item is refused, in the terms of the list's form: where the empty item came from.
    static func emptyItemReason(_ form: ListForm?) -> String {
        switch form {
        case .comma: "is empty (two commas in a row, or one at either end); a list item needs a value"
        case .newline: "is empty (an empty line); a list item needs a value"
        case .space: "is empty (two spaces in a row, or one at either end); a list item needs a value"
        case .repeated, nil: "is empty (the name is given with no value); a list item needs a value"
        }
    }

    /// The `invalid-parameter` error for `why`, naming the parameter, and the item when there is one.
    static func invalid(_ rule: ParameterRule, _ item: Int?, _ why: String) -> RoundtripError {
        let subject = item.map { "item \($0) of the parameter '\(rule.spec.name)'" } ?? "the parameter '\(rule.spec.name)'"
        return RoundtripError(.invalidParameter, "\(subject) \(why)", parameter: rule.spec.name)
    }

    /// Parses one value (a single parameter's, or one item of a list) as the type and checks its
    /// constraints.
    ///
    /// It reads each field through the rule's reference, never a copy of the ``ParameterSpec``.
    static func parseItem(
        _ bytes: UnsafeBufferPointer<UInt8>,
        text: String?,
        rule: ParameterRule,
        item: Int?,
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
            ParameterParsing.invalid(rule, item, why)
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
            guard let flag = boolean(bytes, format: rule.spec.booleanFormat) else {
                let spelled =
                    switch rule.spec.booleanFormat {
                    case .yesNo: "yes or no"
                    case .trueFalse: "true, false, 1 or 0"
                    case .presence: "true, false, 1 or 0, or no value at all (the bare name is true)"
                    }
                throw invalid("must be \(spelled), not '\(abbreviated(string()))'")
            }
            value = .boolean(flag)
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
        case .json:
            let document: DocumentNode
            do {
                document = try JSONParser.parse(Array(bytes), maximumDepth: maximumJSONDepth)
            } catch {
                throw invalid("must be JSON text: \(error.message) (at offset \(error.position.offset))")
            }
            if checkingConstraints, let schema = rule.spec.schema {
                var steps = 0
                try schema.check(document, name: rule.spec.name, steps: &steps)
            }
            value = .json(string())
        case .base64:
            switch Base64Standard.decode(string()) {
            case .success(let decoded):
                if checkingConstraints, let maximum = rule.spec.maximumBytes, decoded.count > maximum {
                    throw invalid("decodes to \(decoded.count) bytes; the maximum is \(maximum)")
                }
                value = .data(Data(decoded))
            case .failure(let failure):
                throw invalid(failure.reason)
            }
        case .secret:
            // A rule without a resolved secret refuses: nothing to compare with is never a match.
            if checkingConstraints, rule.secret?.matches(bytes) != true {
                let why: String
                switch rule.secret {
                case .unavailable(let reason): why = reason
                case .expected: why = "the parameter '\(rule.spec.name)' does not match the app's secret"
                case nil: why = "the secret parameter '\(rule.spec.name)' has no secret to be compared with; the app resolved none"
                }
                throw RoundtripError(.unauthorized, why, parameter: rule.spec.name)
            }
            // Never checked against length, pattern or enum: a message could echo it.
            return .secret
        }
        guard checkingConstraints else { return value }
        if rule.spec.minimumLength != nil || rule.spec.maximumLength != nil {
            // Lengths count Unicode scalars (code points), as JSON Schema's maxLength does: a
            // count of grapheme clusters lets one letter carry any number of combining marks.
            // Printable ASCII read in place has one scalar per byte; otherwise every byte that is
            // not a UTF-8 continuation byte starts a scalar.
            let length = text == nil ? bytes.count : bytes.reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
            let unit = length == bytes.count ? "characters" : "Unicode scalars"
            if let minimum = rule.spec.minimumLength, length < minimum {
                throw invalid("is \(length) \(unit) long; the minimum is \(minimum)")
            }
            if let maximum = rule.spec.maximumLength, length > maximum {
                throw invalid("is \(length) \(unit) long; the maximum is \(maximum)")
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
                // Named as the parameter spells them (a yes-no boolean's `yes`, not `true`).
                let spelled = allowed.map(rule.spec.declaredSpelling(of:))
                throw invalid("must be one of \(spelled.joined(separator: ", ")), not '\(abbreviated(string()))'")
            }
        }
        return value
    }

    /// A boolean in its declared spelling: `true`/`false`/`1`/`0` exactly, or `yes`/`no` in any
    /// letter case; for a `presence` switch, no value (`&new-tab`, `new-tab=`) is `true` too.
    static func boolean(_ bytes: UnsafeBufferPointer<UInt8>, format: BooleanFormat) -> Bool? {
        switch format {
        case .presence:
            return bytes.isEmpty ? true : boolean(bytes, format: .trueFalse)
        case .trueFalse:
            switch bytes.count {
            case 4 where spells(bytes, "true"), 1 where bytes[0] == 0x31: return true
            case 5 where spells(bytes, "false"), 1 where bytes[0] == 0x30: return false
            default: return nil
            }
        case .yesNo:
            if URLSplit.equalsIgnoringCase(bytes, yes) { return true }
            if URLSplit.equalsIgnoringCase(bytes, no) { return false }
            return nil
        }
    }

    /// `yes` and `no`, lowercase, for ``URLSplit/equalsIgnoringCase(_:_:)``.
    private static let yes = Array("yes".utf8), no = Array("no".utf8)

    /// Whether `bytes` are exactly the ASCII word `word`, compared byte by byte in place.
    /// (`elementsEqual` against a `String`'s UTF-8 view walked the view's indices, some 250
    /// instructions a call on every Boolean parameter of every request, counted with Valgrind's
    /// callgrind.)
    private static func spells(_ bytes: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
        word.withUTF8Buffer { letters in
            guard bytes.count == letters.count else { return false }
            for index in bytes.indices where bytes[index] != letters[index] { return false }
            return true
        }
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
