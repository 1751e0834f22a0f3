/// The keys of a parameter's definition; only a `query-value` or `fragment` has a `name`. Part
/// of the spec language's description (``SpecLanguage``).
public enum ParameterKey: Int, SpecKey {
    case type, required, `default`, `enum`, pattern, minLength, maxLength, minimum, maximum, format
    case list, minItems, maxItems, multiline, allowEmpty, maxBytes, secretEnv, description, valueName, schema

    static let byName = spellings()

    /// The keys of a parameter named by its place (a query parameter, a `returns` entry).
    public static let unnamed = allCases.filter { $0 != .valueName }

    /// The key as a spec file spells it.
    public var name: String {
        switch self {
        case .type: "type"
        case .required: "required"
        case .default: "default"
        case .enum: "enum"
        case .pattern: "pattern"
        case .minLength: "min-length"
        case .maxLength: "max-length"
        case .minimum: "minimum"
        case .maximum: "maximum"
        case .format: "format"
        case .list: "list"
        case .minItems: "min-items"
        case .maxItems: "max-items"
        case .multiline: "multiline"
        case .allowEmpty: "allow-empty"
        case .maxBytes: "max-bytes"
        case .secretEnv: "secret-env"
        case .description: "description"
        case .valueName: "name"
        case .schema: "schema"
        }
    }
}

/// What the spec language says of each key of a parameter's definition: the one place a key's
/// kind of value, meaning and types are written. The loader reports a key used on a type it does
/// not apply to in ``SpecKeyTypes/wording``'s words, and the JSON Schema forbids it there.
extension ParameterKey {
    /// The registry's entry for the key, as a query parameter's key (``SpecPlace/parameter``),
    /// or a named value's for `name`.
    public var entry: SpecKeyEntry {
        SpecKeyEntry(name: name, place: self == .valueName ? .namedValue : .parameter, kind: kind, summary: summary, examples: examples, types: types)
    }

    /// Whether the key may be written in `place`: a named value (`query-value`, `fragment`) is
    /// never a list, and only it has a `name`.
    public func applies(to place: SpecPlace) -> Bool {
        switch place {
        case .parameter: self != .valueName
        case .namedValue: !isListKey
        default: false
        }
    }

    /// Whether the key shapes a list (`list`, `min-items`, `max-items`) rather than a value.
    var isListKey: Bool { self == .list || self == .minItems || self == .maxItems }

    private var kind: SpecValueKind {
        switch self {
        case .type: .choice(SpecLanguage.parameterTypeNames, defaultChoice: "string")
        case .required, .allowEmpty: .flag
        case .default, .enum, .multiline, .schema: .structure
        case .pattern, .format, .description: .text
        case .minLength, .maxLength, .minItems: .wholeNumber(atLeast: 0)
        // Zero would allow no item, or no byte, at all.
        case .maxItems, .maxBytes: .wholeNumber(atLeast: 1)
        case .minimum, .maximum: .number
        case .list: .choice(ListForm.allCases.map(\.rawValue), defaultChoice: nil)
        case .secretEnv: .environmentName
        case .valueName: .nonEmptyText
        }
    }

    private var summary: String {
        switch self {
        case .type:
            """
            The value's type: string (the default), integer, decimal, boolean, uuid, url, date, json (JSON text), \
            base64 (standard, padded) or secret (compared with the value secret-env names, never shown).
            """
        case .required: "true when the request must carry it."
        case .default:
            "The value used when the request does not carry it, in the parameter's type and format; it must itself be valid. A list's default is a list."
        case .enum: "The only values allowed (each item's, for a list)."
        case .pattern:
            "A regular expression the whole value must match, in the subset the spec format reference lists (matched in time linear in the value): backreferences, lookaround, possessive quantifiers, inline flags, Unicode properties and POSIX names are load errors."
        case .minLength: "The fewest characters a value may have, counted as Unicode scalars (code points)."
        case .maxLength: "The most characters a value may have, counted as Unicode scalars (code points)."
        case .minimum: "integer and decimal only: the smallest value allowed."
        case .maximum: "integer and decimal only: the largest value allowed."
        case .format:
            "date: the date's pattern (ISO 8601 by default); dates are read strictly. boolean: true-false (the default: true, false, 1, 0), yes-no (yes or no, any letter case) or presence (a switch: '&new-tab' or 'new-tab=' is true, absent is false, a value is true, false, 1 or 0; no default, never required, never a list)."
        case .list:
            "The parameter holds a list: repeated (tag=home&tag=work), comma (tags=home,work), newline (one item a line) or space (tags=home%20work, split on single spaces)."
        case .minItems: "list only: the fewest items."
        case .maxItems: "list only: the most items (at least 1)."
        case .multiline:
            "string only: true lets the value hold line feeds, CR LF pairs and tabs; any also takes a lone CR (classic Mac OS line endings) as a line break."
        case .allowEmpty: "true accepts name= as the empty value, whatever the type."
        case .maxBytes: "base64 only: the most bytes the value may decode to (at least 1)."
        case .secretEnv: "secret only, and required there: the environment variable that holds the value the parameter must equal."
        case .description: "Free text for generated documentation and code; the decision ignores it."
        case .valueName: "The name handlers refer to the value by."
        case .schema:
            """
            json only: the members the JSON value must have, in a subset of JSON Schema: type (object, array, string, integer, number, \
            boolean, null), required, properties, enum, items, minimum, maximum, max-length and additional-properties (true or false).
            """
        }
    }

    private var examples: [String] {
        switch self {
        case .pattern: ["[A-Za-z0-9-]+"]
        case .maxLength: ["200"]
        case .format: ["yyyy-MM-dd", "yyyyMMddHHmm", "yes-no", "true-false", "presence"]
        case .maxItems: ["20"]
        case .maxBytes: ["65536"]
        case .secretEnv: ["NOTES_API_TOKEN"]
        case .valueName: ["task"]
        default: []
        }
    }

    private var types: SpecKeyTypes {
        switch self {
        case .format: .only(["date", "boolean"], wording: "date parameters (a date format) and boolean parameters (yes-no, true-false or presence)")
        case .minimum, .maximum: .only(["integer", "decimal"], wording: "integer and decimal parameters")
        case .multiline: .only(["string"], wording: "string parameters")
        case .maxBytes: .only(["base64"], wording: "base64 parameters")
        case .secretEnv: .only(["secret"], wording: "secret parameters")
        case .schema: .only(["json"], wording: "json parameters")
        // Anything that describes the value would put it, or a hint of it, in the spec.
        case .default, .enum, .pattern, .minLength, .maxLength, .list, .allowEmpty:
            .allBut(["secret"], wording: "parameters other than secrets (a secret is compared whole, and never written in the spec)")
        case .type, .required, .minItems, .maxItems, .description, .valueName: .every
        }
    }

    /// The keys whose use depends on the parameter's type, in the order a definition's findings
    /// about them are reported.
    static let typeDependent: [ParameterKey] = [
        .format, .minimum, .maximum, .multiline, .maxBytes, .secretEnv, .schema, .default, .enum, .pattern, .minLength, .maxLength, .list,
        .allowEmpty,
    ]

    /// What the key applies to, in words for a message, when it does not apply to a parameter of
    /// `type`; `nil` when it does.
    func appliesOnly(to type: ParameterType) -> String? {
        let types = Self.typeRules[rawValue]
        return types.includes(type.description) ? nil : types.wording
    }

    /// Each key's ``types``, by its raw value, made once: the reader asks for the rule of every
    /// type-dependent key a definition has, and ``types`` builds its lists anew on each call.
    private static let typeRules = allCases.map(\.types)

    /// The least value the key takes, for a whole number.
    var leastValue: Int {
        if case .wholeNumber(let least) = kind { return least }
        return 0
    }
}

/// How each key is written back from a parameter's model (``ParameterDefinition``), so that
/// what is written reads back through the loader with the same rules.
extension ParameterKey {
    /// The keys in the order a written definition lists them: the type first, the default and the
    /// description last.
    static let writingOrder: [ParameterKey] = [
        .type, .format, .required, .list, .minItems, .maxItems, .multiline, .allowEmpty, .enum, .pattern, .minLength, .maxLength,
        .minimum, .maximum, .maxBytes, .secretEnv, .schema, .default, .description,
    ]

    /// The key's value in `parameter`'s definition, as JSON text, or `nil` when the definition
    /// leaves the key out (its default, or a key a parameter never writes).
    func json(of parameter: ParameterSpec) -> String? {
        let quoted = ParameterDefinition.quoted
        switch self {
        case .type: return quoted(parameter.type.description)
        case .format:
            if case .date(let format) = parameter.type { return quoted(format.description) }
            return parameter.type == .boolean && parameter.booleanFormat != .trueFalse ? quoted(parameter.booleanFormat.rawValue) : nil
        case .required: return parameter.isRequired ? "true" : nil
        case .list: return parameter.list.map { quoted($0.rawValue) }
        case .minItems: return parameter.minimumItems.map(String.init)
        case .maxItems: return parameter.maximumItems.map(String.init)
        case .multiline: return parameter.isMultiline ? (parameter.allowsLoneCarriageReturn ? quoted("any") : "true") : nil
        case .allowEmpty: return parameter.allowsEmpty ? "true" : nil
        // Enum values and defaults are written as the parameter spells them, so that a yes-no
        // boolean's read back through its own format.
        case .enum: return parameter.allowedValues.map { ParameterDefinition.array($0.map(parameter.declaredSpelling(of:))) }
        case .pattern: return parameter.pattern.map { quoted($0.source) }
        case .minLength: return parameter.minimumLength.map(String.init)
        case .maxLength: return parameter.maximumLength.map(String.init)
        case .minimum: return parameter.minimum.map { quoted($0.description) }
        case .maximum: return parameter.maximum.map { quoted($0.description) }
        case .maxBytes: return parameter.maximumBytes.map(String.init)
        case .secretEnv: return parameter.secretEnvironment.map(quoted)
        case .default:
            if let value = parameter.defaultValue { return quoted(parameter.declaredSpelling(of: value)) }
            return parameter.defaultItems.map { ParameterDefinition.array($0.map(parameter.declaredSpelling(of:))) }
        case .description: return parameter.description.map(quoted)
        case .schema: return parameter.schema.map(\.json)
        case .valueName: return nil
        }
    }
}

/// What each key bounds, in words, so that the generated documentation and the generated code
/// say a bound alike: "3 to 32 characters", "from 0.01 to 100000", "at most 65536 bytes once
/// decoded". A key with a bound says it here, and ``ParameterSpec/valueBoundPhrases`` (or
/// ``ParameterSpec/itemBounds``, for a list's) lists it.
extension ParameterKey {
    /// The bound the key sets on `parameter` in words, or `nil` when it sets none there. The two
    /// keys that bound one count from both sides (`min-length` and `max-length`) are one case
    /// and make one phrase, whichever of them is asked.
    func bound(of parameter: ParameterSpec) -> String? {
        switch self {
        case .minLength, .maxLength: Self.range(parameter.minimumLength, parameter.maximumLength, of: "character")
        case .minItems, .maxItems: Self.range(parameter.minimumItems, parameter.maximumItems, of: "item")
        case .minimum, .maximum:
            switch (parameter.minimum, parameter.maximum) {
            case (let low?, let high?): "from \(low) to \(high)"
            case (let low?, nil): "at least \(low)"
            case (nil, let high?): "at most \(high)"
            case (nil, nil): nil
            }
        case .maxBytes: Self.range(nil, parameter.maximumBytes, of: "byte").map { $0 + " once decoded" }
        case .type, .required, .default, .enum, .pattern, .format, .list, .multiline, .allowEmpty, .secretEnv, .description, .valueName,
            .schema:
            nil
        }
    }

    /// Every bound `parameter` sets on a value (not on a list's items) in words, in the keys'
    /// order: length, value, decoded bytes. The two keys of a pair are declared next to each
    /// other, so the pair's one phrase is said once.
    static func valueBounds(of parameter: ParameterSpec) -> [String] {
        var phrases: [String] = []
        for key in valueBoundKeys {
            if let phrase = key.bound(of: parameter), phrase != phrases.last { phrases.append(phrase) }
        }
        return phrases
    }

    /// The keys that may bound a value (not a list's items), in their declared order.
    private static let valueBoundKeys = allCases.filter { !$0.isListKey }

    /// A count's range in words (`3 to 32 characters`, `at least 1 character`), each number
    /// followed by `unit`, in the plural but after 1.
    private static func range(_ low: Int?, _ high: Int?, of unit: String) -> String? {
        func counted(_ count: Int) -> String { "\(count) \(unit)\(count == 1 ? "" : "s")" }
        return switch (low, high) {
        case (let low?, let high?): "\(low) to " + counted(high)
        case (let low?, nil): "at least " + counted(low)
        case (nil, let high?): "at most " + counted(high)
        case (nil, nil): nil
        }
    }
}
