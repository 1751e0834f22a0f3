import Foundation

/// A declared parameter: its type and constraints.
///
/// A value type whose fields live in one shared, copy-on-write storage object: a spec holds
/// hundreds of these, and copying one (into an array, an action, a compiled rule) costs one
/// retain instead of a retain per field and a 300-byte copy. The name is kept beside the
/// storage: the same definition under other names (a spec's repeated parameters) shares one.
public struct ParameterSpec: Sendable {
    /// The parameter's name in the query.
    public var name: String
    private var storage: Storage

    /// The type its value must parse as.
    public var type: ParameterType {
        get { storage.type }
        set { uniqueStorage().type = newValue }
    }
    /// Whether the request must carry it.
    public var isRequired: Bool {
        get { storage.isRequired }
        set { uniqueStorage().isRequired = newValue }
    }
    /// The value used when the parameter is absent, written as the parameter declares it (see
    /// ``text(for:)``): canonical, but a boolean in its `format`.
    public var defaultValue: String? {
        get { storage.defaultValue }
        set { uniqueStorage().defaultValue = newValue }
    }
    /// A list parameter's default items, each written like ``defaultValue`` (`default: [home, work]`).
    public var defaultItems: [String]? {
        get { storage.defaultItems }
        set { uniqueStorage().defaultItems = newValue }
    }
    /// The allowed values (`enum`), compared after parsing, in canonical form.
    public var allowedValues: [String]? {
        get { storage.allowedValues }
        set { uniqueStorage().allowedValues = newValue }
    }
    /// A regular expression the whole raw value must match.
    public var pattern: ValuePattern? {
        get { storage.pattern }
        set { uniqueStorage().pattern = newValue }
    }
    /// The fewest characters allowed.
    public var minimumLength: Int? {
        get { storage.minimumLength }
        set { uniqueStorage().minimumLength = newValue }
    }
    /// The most characters allowed.
    public var maximumLength: Int? {
        get { storage.maximumLength }
        set { uniqueStorage().maximumLength = newValue }
    }
    /// The smallest number allowed (integer and decimal).
    public var minimum: Decimal? {
        get { storage.minimum }
        set { uniqueStorage().minimum = newValue }
    }
    /// The largest number allowed (integer and decimal).
    public var maximum: Decimal? {
        get { storage.maximum }
        set { uniqueStorage().maximum = newValue }
    }
    /// How a list parameter carries its items (`list:`), or `nil` for a single value.
    public var list: ListForm? {
        get { storage.list }
        set { uniqueStorage().list = newValue }
    }
    /// The fewest items a list may have (`min-items`).
    public var minimumItems: Int? {
        get { storage.minimumItems }
        set { uniqueStorage().minimumItems = newValue }
    }
    /// The most items a list may have (`max-items`).
    public var maximumItems: Int? {
        get { storage.maximumItems }
        set { uniqueStorage().maximumItems = newValue }
    }
    /// Whether a string value may hold line breaks and tabs (`multiline: true`): LF, CR LF and TAB
    /// are allowed; every other control character and the bidi overrides are still refused.
    public var isMultiline: Bool {
        get { storage.isMultiline }
        set { uniqueStorage().isMultiline = newValue }
    }
    /// Whether a `multiline` value may also break lines with a lone CR (`multiline: any`), as
    /// text from an editor that writes classic Mac OS line endings does; LF and CR LF are line
    /// breaks either way. Only meaningful with ``isMultiline``.
    public var allowsLoneCarriageReturn: Bool {
        get { storage.allowsLoneCarriageReturn }
        set { uniqueStorage().allowsLoneCarriageReturn = newValue }
    }
    /// Whether `name=` is accepted as `""` whatever the type and constraints (`allow-empty: true`),
    /// the way apps such as Things read an empty value as "clear this field".
    public var allowsEmpty: Bool {
        get { storage.allowsEmpty }
        set { uniqueStorage().allowsEmpty = newValue }
    }
    /// How a boolean is spelled (`format:` on a boolean).
    public var booleanFormat: BooleanFormat {
        get { storage.booleanFormat }
        set { uniqueStorage().booleanFormat = newValue }
    }
    /// The most bytes a `base64` value may decode to (`max-bytes`).
    public var maximumBytes: Int? {
        get { storage.maximumBytes }
        set { uniqueStorage().maximumBytes = newValue }
    }
    /// Where a `secret` parameter's expected value comes from (`secret-env`).
    public var secretEnvironment: String? {
        get { storage.secretEnvironment }
        set { uniqueStorage().secretEnvironment = newValue }
    }
    /// Free text for generated documentation and code; the decision ignores it.
    public var description: String? {
        get { storage.description }
        set { uniqueStorage().description = newValue }
    }
    /// The members a `json` value must have (`schema:`), checked at decision time.
    public var schema: JSONValueSchema? {
        get { storage.schema?.schema }
        set { uniqueStorage().schema = newValue.map(SchemaBox.init) }
    }

    /// Creates a parameter.
    ///
    /// - Parameters:
    ///   - allowsLoneCarriageReturn: `multiline: any`; see ``allowsLoneCarriageReturn``.
    ///   - schema: A `json` value's members; see ``schema``.
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
        maximum: Decimal? = nil,
        list: ListForm? = nil,
        minimumItems: Int? = nil,
        maximumItems: Int? = nil,
        isMultiline: Bool = false,
        allowsEmpty: Bool = false,
        booleanFormat: BooleanFormat = .trueFalse,
        maximumBytes: Int? = nil,
        secretEnvironment: String? = nil,
        description: String? = nil,
        defaultItems: [String]? = nil,
        allowsLoneCarriageReturn: Bool = false,
        schema: JSONValueSchema? = nil
    ) {
        self.name = name
        storage = Storage(
            type: type,
            isRequired: isRequired,
            defaultValue: defaultValue,
            defaultItems: defaultItems,
            allowedValues: allowedValues,
            pattern: pattern,
            minimumLength: minimumLength,
            maximumLength: maximumLength,
            minimum: minimum,
            maximum: maximum,
            list: list,
            minimumItems: minimumItems,
            maximumItems: maximumItems,
            isMultiline: isMultiline,
            allowsEmpty: allowsEmpty,
            booleanFormat: booleanFormat,
            maximumBytes: maximumBytes,
            secretEnvironment: secretEnvironment,
            description: description
        )
        storage.allowsLoneCarriageReturn = allowsLoneCarriageReturn
        storage.schema = schema.map(SchemaBox.init)
    }

    /// The arguments of the initializer above, in its order, each named by its label: generated
    /// code makes a parameter by calling the initializer with ``argument(_:)`` of each, so a
    /// field added here is written without a change to the generator.
    package enum Argument: String, CaseIterable, Sendable {
        case name, type, isRequired, defaultValue, allowedValues, pattern, minimumLength, maximumLength, minimum, maximum, list
        case minimumItems, maximumItems, isMultiline, allowsEmpty, booleanFormat, maximumBytes, secretEnvironment, description
        case defaultItems, allowsLoneCarriageReturn, schema
    }

    /// The value this parameter passes for `argument` to the initializer, or `nil` when it is the
    /// argument's default (the call leaves it out).
    package func argument(_ argument: Argument) -> ArgumentValue? {
        switch argument {
        case .name: .text(name)
        case .type: .type(type)
        case .isRequired: isRequired ? .flag(true) : nil
        case .defaultValue: defaultValue.map(ArgumentValue.text)
        case .allowedValues: allowedValues.map(ArgumentValue.choices)
        case .pattern: pattern.map(ArgumentValue.pattern)
        case .minimumLength: minimumLength.map(ArgumentValue.wholeNumber)
        case .maximumLength: maximumLength.map(ArgumentValue.wholeNumber)
        case .minimum: minimum.map(ArgumentValue.number)
        case .maximum: maximum.map(ArgumentValue.number)
        // The cases' Swift names are their spellings in a spec.
        case .list: list.map { .member($0.rawValue) }
        case .minimumItems: minimumItems.map(ArgumentValue.wholeNumber)
        case .maximumItems: maximumItems.map(ArgumentValue.wholeNumber)
        case .isMultiline: isMultiline ? .flag(true) : nil
        case .allowsEmpty: allowsEmpty ? .flag(true) : nil
        case .booleanFormat:
            switch booleanFormat {
            case .trueFalse: nil
            case .yesNo: .member("yesNo")
            case .presence: .member("presence")
            }
        case .maximumBytes: maximumBytes.map(ArgumentValue.wholeNumber)
        case .secretEnvironment: secretEnvironment.map(ArgumentValue.text)
        case .description: description.map(ArgumentValue.text)
        case .defaultItems: defaultItems.map(ArgumentValue.texts)
        case .allowsLoneCarriageReturn: allowsLoneCarriageReturn ? .flag(true) : nil
        case .schema: schema.map(ArgumentValue.schema)
        }
    }

    /// The storage, copied first when another value shares it.
    private mutating func uniqueStorage() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        return storage
    }

    /// A `json` parameter's schema, held by reference (see ``Storage/schema``).
    private final class SchemaBox: Sendable {
        let schema: JSONValueSchema

        init(_ schema: JSONValueSchema) {
            self.schema = schema
        }
    }

    /// The fields. Mutated only through ``uniqueStorage()``, when no other value shares it.
    private final class Storage: @unchecked Sendable {
        var type: ParameterType
        var isRequired: Bool
        var defaultValue: String?
        var defaultItems: [String]?
        var allowedValues: [String]?
        var pattern: ValuePattern?
        var minimumLength: Int?
        var maximumLength: Int?
        var minimum: Decimal?
        var maximum: Decimal?
        var list: ListForm?
        var minimumItems: Int?
        var maximumItems: Int?
        var isMultiline: Bool
        var allowsLoneCarriageReturn = false
        /// Held by reference: inline, the optional schema (empty in nearly every parameter) was
        /// set up and tested through the type's value witnesses for each parameter read; a box
        /// is one reference.
        var schema: SchemaBox?
        var allowsEmpty: Bool
        var booleanFormat: BooleanFormat
        var maximumBytes: Int?
        var secretEnvironment: String?
        var description: String?

        init(
            type: ParameterType,
            isRequired: Bool,
            defaultValue: String?,
            defaultItems: [String]?,
            allowedValues: [String]?,
            pattern: ValuePattern?,
            minimumLength: Int?,
            maximumLength: Int?,
            minimum: Decimal?,
            maximum: Decimal?,
            list: ListForm?,
            minimumItems: Int?,
            maximumItems: Int?,
            isMultiline: Bool,
            allowsEmpty: Bool,
            booleanFormat: BooleanFormat,
            maximumBytes: Int?,
            secretEnvironment: String?,
            description: String?
        ) {
            self.type = type
            self.isRequired = isRequired
            self.defaultValue = defaultValue
            self.defaultItems = defaultItems
            self.allowedValues = allowedValues
            self.pattern = pattern
            self.minimumLength = minimumLength
            self.maximumLength = maximumLength
            self.minimum = minimum
            self.maximum = maximum
            self.list = list
            self.minimumItems = minimumItems
            self.maximumItems = maximumItems
            self.isMultiline = isMultiline
            self.allowsEmpty = allowsEmpty
            self.booleanFormat = booleanFormat
            self.maximumBytes = maximumBytes
            self.secretEnvironment = secretEnvironment
            self.description = description
        }

        func copy() -> Storage {
            let copied = Storage(
                type: type,
                isRequired: isRequired,
                defaultValue: defaultValue,
                defaultItems: defaultItems,
                allowedValues: allowedValues,
                pattern: pattern,
                minimumLength: minimumLength,
                maximumLength: maximumLength,
                minimum: minimum,
                maximum: maximum,
                list: list,
                minimumItems: minimumItems,
                maximumItems: maximumItems,
                isMultiline: isMultiline,
                allowsEmpty: allowsEmpty,
                booleanFormat: booleanFormat,
                maximumBytes: maximumBytes,
                secretEnvironment: secretEnvironment,
                description: description
            )
            copied.allowsLoneCarriageReturn = allowsLoneCarriageReturn
            copied.schema = schema
            return copied
        }
    }
}

extension ParameterSpec {
    /// Whether the name ends in `*` (`fld*`): the definition then stands for every incoming name
    /// that starts with the text before it and has at least one character more (`fldFront`).
    public var isPrefix: Bool {
        // In place where the text is contiguous (always, for a native string): `last` on the
        // view itself walks back over an index, on a path a spec's every parameter takes.
        (name.utf8.withContiguousStorageIfAvailable { $0.last } ?? name.utf8.last) == 0x2A
    }

    /// The text every matching name starts with: the name without its `*`, for a prefix
    /// parameter; the whole name otherwise.
    public var namePrefix: Substring { isPrefix ? name.dropLast() : name[...] }

    /// Whether `incoming` is a name this prefix parameter stands for: it starts with
    /// ``namePrefix`` and is longer. Always `false` for a parameter that is not a prefix.
    ///
    /// - Complexity: O(*p*) for a prefix of *p* bytes.
    public func matchesPrefix(_ incoming: some StringProtocol) -> Bool {
        guard isPrefix else { return false }
        return Self.extends(namePrefix, incoming)
    }

    /// Whether `incoming` starts with `prefix` and is longer: what a `*` at the end of a name
    /// stands for, in a prefix parameter and in `ignore-parameters` / `forbid-parameters`.
    static func extends(_ prefix: some StringProtocol, _ incoming: some StringProtocol) -> Bool {
        incoming.utf8.count > prefix.utf8.count && incoming.utf8.starts(with: prefix.utf8)
    }

    /// Whether this boolean is a `format: presence` switch.
    public var isPresenceSwitch: Bool { type == .boolean && booleanFormat == .presence }

    /// A value written the way this parameter declares it: what a query carries. A boolean in
    /// its `format` (`yes`/`no` or `true`/`false`), bytes as padded base64, a `comma` or `newline`
    /// list's items joined with its separator; everything else in canonical form. A `repeated`
    /// list has one text per item (see ``texts(for:)``).
    public func text(for value: ParameterValue) -> String {
        switch value {
        case .boolean(let flag): booleanFormat.text(for: flag)
        case .date(let date, let format):
            // A date is written in the parameter's own format, whatever format it came with.
            if case .date(let own) = type { own.format(date) } else { format.format(date) }
        case .list(let items): items.map(text(for:)).joined(separator: list?.separator ?? ",")
        default: value.canonical
        }
    }

    /// A canonical text (an `enum` value, a default) in the parameter's declared spelling: a
    /// boolean's `true` or `false` in its `format` (`yes`/`no` for `yes-no`); any other text as
    /// given.
    public func declaredSpelling(of canonical: String) -> String {
        guard type == .boolean else { return canonical }
        switch canonical {
        case "true", "1": return booleanFormat.text(for: true)
        case "false", "0": return booleanFormat.text(for: false)
        default: return canonical
        }
    }

    /// The query texts of a value: one per item for a `repeated` list, otherwise one.
    public func texts(for value: ParameterValue) -> [String] {
        if list == .repeated, case .list(let items) = value { return items.map(text(for:)) }
        return [text(for: value)]
    }
}

/// How a list parameter carries its items in a query (`list:`).
public enum ListForm: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The name appears once per item, in order: `tag=a&tag=b` (Drafts' `tag`).
    case repeated
    /// One value split on `,` after percent-decoding: `tags=home,work` (Things' `tags`).
    case comma
    /// One value split on LF (or CR LF) after percent-decoding: `titles=Milk%0aBeer` (Things' `titles`).
    case newline
    /// One value split on single spaces after percent-decoding: `tags=a%20b%20c` (a `+` too,
    /// under `query-encoding: form`); built with `%20`, which every decoder reads as a space.
    case space

    /// The spelling in a spec file.
    public var description: String { rawValue }

    /// The text between two items in one value, or `nil` for a `repeated` list (one item per
    /// occurrence of the name).
    public var separator: String? {
        switch self {
        case .repeated: nil
        case .comma: ","
        case .newline: "\n"
        case .space: " "
        }
    }
}

/// How a boolean parameter is spelled (`format:` on a boolean).
public enum BooleanFormat: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// `true`, `false`, `1` or `0` (the default).
    case trueFalse = "true-false"
    /// `yes` or `no`, in any letter case, as Bear and Drafts spell their switches.
    case yesNo = "yes-no"
    /// A switch that is on when its name is there: `&new-tab` or `new-tab=` is true, an absent
    /// name false, and a value is read as `true`, `false`, `1` or `0`, the way a browser's
    /// `new-tab` switch reads. Built as the bare name when true and left out when false.
    case presence

    /// The spelling in a spec file.
    public var description: String { rawValue }

    /// How `value` is written in this format.
    public func text(for value: Bool) -> String {
        switch self {
        case .trueFalse, .presence: value ? "true" : "false"
        case .yesNo: value ? "yes" : "no"
        }
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
    /// JSON text (RFC 8259), nested at most ``ParameterParsing/maximumJSONDepth`` levels deep.
    case json
    /// Bytes in standard base64 with padding (RFC 4648 section 4).
    case base64
    /// A shared secret such as an access token: it must equal the configured value, compared in
    /// constant time, and is never echoed.
    case secret

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
        case .json: "json"
        case .base64: "base64"
        case .secret: "secret"
        }
    }

    /// Every type that a spelling alone names (all but a date, which a format comes with), with
    /// its spelling (its ``description``), made once.
    private static let spellings: [(spelling: String, type: ParameterType)] = [
        ParameterType.string, .integer, .decimal, .boolean, .uuid, .url, .json, .base64, .secret,
    ].map { ($0.description, $0) }

    /// The type spelled `name` (its ``description``) when the spelling alone names it, or `nil`.
    ///
    /// Read for every definition a spec gives, so `name` is compared only with the spellings of
    /// its length: comparing two short strings that differ costs more than comparing their
    /// lengths. Swift compares strings by canonical equivalence, where other bytes can spell the
    /// same string, but not for these spellings: they are lowercase ASCII letters and digits
    /// (a test holds them to it), and the only non-ASCII characters canonically equivalent to
    /// ASCII ones are U+212A KELVIN SIGN, U+037E GREEK QUESTION MARK and U+1FEF GREEK VARIA
    /// (`K`, `;` and a backtick), so a string equal to a spelling has its UTF-8 length.
    static func spelledAlone(_ name: String) -> ParameterType? {
        let length = name.utf8.count
        for entry in spellings where entry.spelling.utf8.count == length && entry.spelling == name { return entry.type }
        return nil
    }

    /// Whether `minimum`/`maximum` apply.
    public var isNumeric: Bool {
        switch self {
        case .integer, .decimal: true
        default: false
        }
    }
}
