import Foundation
import Roundtrip

/// Example values for a spec's parameters: text that a receiving app accepts, for generated
/// documentation, code and tests.
///
/// Each value passes the parameter's type and every constraint, and is checked against them
/// before it is returned, by the same rules that decide an incoming URL:
///
/// | declared | example |
/// | --- | --- |
/// | `enum` | its first value (that passes the other constraints) |
/// | `string` | `example`, cut or lengthened to `min-length`/`max-length`; two lines when `multiline` |
/// | `pattern` | a common word that matches, or text written from the pattern itself |
/// | `integer`, `decimal` | `42` or `12.5` when within `minimum`/`maximum`, else a bound |
/// | `boolean` | `true`, or `yes` for `format: yes-no` |
/// | `uuid`, `url` | a fixed UUID, `https://example.com/` |
/// | `date` | 2026-03-14 09:30 UTC in the parameter's format |
/// | `json` | `{}`, or a value of every member its `schema` declares |
/// | `base64` | the bytes of `example`, no more than `max-bytes` |
/// | `secret` | a placeholder (see ``secretPlaceholder(for:)``) |
/// | `list` | two items (or `min-items`, at most `max-items`) |
///
/// When no such value can be written (a pattern beyond what the writer reads, say) the
/// parameter's `default` is used, and without one the example is refused with a message that
/// says why.
///
/// ```swift
/// let tags = ParameterSpec(name: "tags", maximumLength: 40, list: .comma, maximumItems: 20)
/// try ExampleValue.text(for: tags)    // "example-1,example-2"
/// ```
public enum ExampleValue {
    /// The instant example dates show: 2026-03-14 09:30:00 UTC.
    public static let date = Date(timeIntervalSince1970: 1_773_480_600)

    /// The UUID example `uuid` values show.
    public static let uuid = "3f2b8c1e-7d4a-4e6b-9a5c-2d1e8f7b6a40"

    /// The value a `secret` parameter's example carries in a URL: `example-secret-from-<VAR>`, for
    /// the parameter's `secret-env` variable (`example-secret` without one).
    ///
    /// It is a stand-in, never the app's secret: a receiving app accepts the example only when
    /// its key resolver holds the placeholder (``ExampleRequest/environment``), and documentation
    /// shows ``secretDisplay(for:)`` in its place.
    public static func secretPlaceholder(for parameter: ParameterSpec) -> String {
        parameter.secretEnvironment.map { "example-secret-from-" + $0 } ?? "example-secret"
    }

    /// How documentation shows a secret's example value: `<secret from VAR>`.
    public static func secretDisplay(for parameter: ParameterSpec) -> String {
        parameter.secretEnvironment.map { "<secret from \($0)>" } ?? "<secret>"
    }

    /// The example written as one query value: a list's items joined with its separator (`,`
    /// for `comma` and `repeated`, a line feed for `newline`, a space for `space`). A `repeated` list sends one text
    /// per item (see ``texts(for:)``).
    ///
    /// - Throws: ``RoundtripError`` `invalid-parameter` when no value passes the parameter's
    ///   constraints and it has no `default`.
    public static func text(for parameter: ParameterSpec) throws(RoundtripError) -> String {
        let items = try items(for: parameter)
        return items.joined(separator: parameter.list?.joiner ?? ",")
    }

    /// The example's query texts: one per item for a `repeated` list, otherwise one.
    ///
    /// - Throws: ``RoundtripError`` `invalid-parameter` when no value passes the parameter's
    ///   constraints and it has no `default`.
    public static func texts(for parameter: ParameterSpec) throws(RoundtripError) -> [String] {
        if parameter.list == .repeated { return try items(for: parameter) }
        return [try text(for: parameter)]
    }

    /// The example's items: a list's items, or the one value of a single parameter.
    ///
    /// - Throws: ``RoundtripError`` `invalid-parameter` when no value passes the parameter's
    ///   constraints and it has no `default`.
    public static func items(for parameter: ParameterSpec) throws(RoundtripError) -> [String] {
        if parameter.type == .secret { return [secretPlaceholder(for: parameter)] }
        guard let form = parameter.list else {
            if let value = firstValid(candidates(for: parameter, item: 0, inList: false), for: parameter) { return [value] }
            if let value = parameter.defaultValue, isValid([value], for: parameter) { return [value] }
            throw unavailable(parameter)
        }
        var single = parameter
        single.list = nil
        single.minimumItems = nil
        single.maximumItems = nil
        single.defaultItems = nil
        let count = max(parameter.minimumItems ?? 1, min(2, parameter.maximumItems ?? 2), 1)
        var items: [String] = []
        for index in 0..<count {
            let fitting = candidates(for: single, item: index, inList: true).filter { !$0.isEmpty && !form.splits($0) }
            guard let item = firstValid(fitting, for: single) ?? items.first else { break }
            items.append(item)
        }
        if items.count == count, isValid(form == .repeated ? items : [items.joined(separator: form.joiner)], for: parameter) {
            return items
        }
        if let defaults = parameter.defaultItems, !defaults.isEmpty,
            isValid(form == .repeated ? defaults : [defaults.joined(separator: form.joiner)], for: parameter)
        {
            return defaults
        }
        throw unavailable(parameter)
    }

    // MARK: - Candidates

    /// The values tried for one item, best first; each is checked before it is used.
    static func candidates(for parameter: ParameterSpec, item index: Int, inList: Bool) -> [String] {
        var candidates: [String] = []
        if let allowed = parameter.allowedValues, !allowed.isEmpty {
            let rotated = Array(allowed[(index % allowed.count)...] + allowed[..<(index % allowed.count)])
            for value in rotated {
                if parameter.type == .boolean, let flag = Bool(value) {
                    candidates.append(parameter.booleanFormat.text(for: flag))
                }
                candidates.append(value)
            }
        }
        let suffix = inList ? "-\(index + 1)" : ""
        switch parameter.type {
        case .string, .secret:
            if parameter.isMultiline { candidates.append("first line\nsecond line") }
            candidates.append(fitted("example" + suffix, parameter))
            candidates += ["example", "Example", "EXAMPLE", "example.txt", "example@example.com", "ABC-123", "12345", "a", "A", "1"]
        case .integer:
            candidates += [42 + index, 1 + index, 0].map(String.init)
            candidates += bounds(of: parameter).map { NSDecimalNumber(decimal: $0).int64Value }.map(String.init)
        case .decimal:
            candidates += ["12.5", "\(index + 1).25", "1", "0"]
            candidates += bounds(of: parameter).map(\.description)
        case .boolean:
            candidates += [parameter.booleanFormat.text(for: true), parameter.booleanFormat.text(for: false)]
        case .uuid:
            candidates.append(String(uuid.dropLast()) + String(index % 10))
        case .url:
            candidates += ["https://example.com/" + (index == 0 ? "" : String(index + 1)), "example://x"]
        case .date(let format):
            candidates.append(format.format(date.addingTimeInterval(Double(index) * 86_400)))
        case .json:
            if let schema = parameter.schema { candidates.append(JSONSchemaExample.text(for: schema)) }
            candidates += ["{}", "[]", "{\"example\":true}", "\"example\"", "1", "true", "null"]
        case .base64:
            let bytes = Array(("example" + suffix).utf8)
            candidates.append(Base64Standard.encode(bytes.prefix(max(parameter.maximumBytes ?? bytes.count, 1))))
            candidates.append(Base64Standard.encode([0x65]))
        }
        if let pattern = parameter.pattern {
            candidates += PatternWriter.texts(matching: pattern.source, lengths: lengthHints(parameter))
        }
        return candidates
    }

    /// `text` lengthened or cut to the parameter's `min-length` and `max-length`.
    static func fitted(_ text: String, _ parameter: ParameterSpec) -> String {
        var text = text
        if let minimum = parameter.minimumLength, text.count < minimum {
            while text.count < minimum { text += "-example" }
            text = String(text.prefix(minimum))
        }
        if let maximum = parameter.maximumLength, text.count > maximum { text = String(text.prefix(max(maximum, 1))) }
        return text
    }

    /// The numeric bounds a number may take, nearest the middle first.
    private static func bounds(of parameter: ParameterSpec) -> [Decimal] {
        var values: [Decimal] = []
        if let minimum = parameter.minimum {
            var rounded = Decimal()
            var copy = minimum
            NSDecimalRound(&rounded, &copy, 0, .up)
            values += [rounded, minimum]
        }
        if let maximum = parameter.maximum {
            var rounded = Decimal()
            var copy = maximum
            NSDecimalRound(&rounded, &copy, 0, .down)
            values += [rounded, maximum]
        }
        return values
    }

    /// Repetition counts worth trying for a pattern, so that its text can meet the length bounds.
    private static func lengthHints(_ parameter: ParameterSpec) -> [Int] {
        var hints = [1, 0, 2, 3, 4, 6, 8, 12, 16]
        if let minimum = parameter.minimumLength { hints += [minimum, minimum + 1, minimum / 2 + 1] }
        if let maximum = parameter.maximumLength { hints += [maximum, max(maximum - 1, 0)] }
        var seen = Set<Int>()
        return hints.filter { $0 <= 4096 && seen.insert($0).inserted }
    }

    // MARK: - Checking

    private static func firstValid(_ candidates: [String], for parameter: ParameterSpec) -> String? {
        candidates.first { !$0.isEmpty && isValid([$0], for: parameter) }
    }

    /// Whether the query texts pass the parameter's type and constraints, as a receiving app
    /// decides them, and hold no character its decoding refuses.
    package static func isValid(_ texts: [String], for parameter: ParameterSpec) -> Bool {
        let lineBreaks = parameter.isMultiline || parameter.list == .newline
        for text in texts {
            for scalar in text.unicodeScalars {
                let value = scalar.value
                if value < 0x20, !(lineBreaks && (value == 0x0A || (parameter.isMultiline && value == 0x09))) { return false }
                if value == 0x7F || (0x80...0x9F).contains(value) || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value) {
                    return false
                }
            }
        }
        var probe = parameter
        probe.defaultValue = nil
        probe.defaultItems = nil
        do {
            _ = try ReturnedValues.check(texts.map { QueryItem(name: parameter.name, value: $0) }, against: [probe], action: "example")
            return true
        } catch {
            return false
        }
    }

    private static func unavailable(_ parameter: ParameterSpec) -> RoundtripError {
        var why = "no example value passes the type \(parameter.type) and constraints of '\(parameter.name)'"
        if let pattern = parameter.pattern {
            why = "no example value for '\(parameter.name)' could be written that matches the pattern \(pattern.source) within its constraints"
        }
        return RoundtripError(.invalidParameter, why + ", and it has no default", parameter: parameter.name)
    }
}

extension ListForm {
    /// What joins items into one query value (`repeated` lists never join; `,` is shown).
    fileprivate var joiner: String { separator ?? "," }

    /// Whether an item holding `text` would be split in two.
    fileprivate func splits(_ text: String) -> Bool {
        switch self {
        case .repeated: false
        case .comma: text.contains(",")
        case .newline: text.unicodeScalars.contains { $0 == "\n" || $0 == "\r" }
        case .space: text.contains(" ")
        }
    }
}
