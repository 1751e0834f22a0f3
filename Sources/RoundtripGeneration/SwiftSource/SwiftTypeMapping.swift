import Roundtrip

/// The Swift type a parameter's value has in generated code.
struct SwiftTypeMapping {
    /// The element type: `String`, `Int64`, `Decimal`, `Bool`, `UUID`, `URL`, `Date`, `Data`, or
    /// the generated enum of an `enum` constraint on a string.
    let element: String
    /// `[element]` for a list, otherwise `element`; in `Clearable<…>` for an `allow-empty`
    /// parameter, whose empty value (`name=`, "clear this field") is `.cleared`.
    let type: String
    /// The type of one name's value: ``type`` itself, except for a prefix parameter (`fld*`),
    /// whose ``type`` is a dictionary of these by name.
    let valueType: String
    /// The enum generated for an `enum` constraint, as (type name, [(case name, value)]).
    let enumeration: (name: String, cases: [(name: String, value: String)])?

    /// The mapping of `parameter`, naming an enum type in `types` when it needs one.
    init(_ parameter: ParameterSpec, enumName: () -> String) {
        var enumeration: (name: String, cases: [(name: String, value: String)])?
        var element: String
        switch parameter.type {
        case .string, .secret: element = "String"
        case .integer: element = "Int64"
        case .decimal: element = "Decimal"
        case .boolean: element = "Bool"
        case .uuid: element = "UUID"
        case .url: element = "URL"
        case .date: element = "Date"
        case .json: element = "String"
        case .base64: element = "Data"
        }
        if parameter.type == .string, let values = parameter.allowedValues, !values.isEmpty {
            let name = enumName()
            var cases = SwiftNames(reserved: ["init", "rawValue", "allCases", "parameterValue"])
            enumeration = (name, values.map { (cases.member($0), $0) })
            element = name
        }
        self.element = element
        self.enumeration = enumeration
        let value = parameter.list == nil ? element : "[\(element)]"
        valueType = parameter.allowsEmpty ? "Clearable<\(value)>" : value
        // A prefix parameter (`fld*`) has a value per name it stands for, keyed by that name.
        type = parameter.isPrefix ? "[String: \(valueType)]" : valueType
    }

    /// A short description of the value's form, for documentation.
    static func summary(_ parameter: ParameterSpec) -> String {
        var parts: [String] = []
        switch parameter.type {
        case .date(let format): parts.append(format == .iso8601 ? "date, ISO 8601" : "date, format \(SwiftWriter.code(format.pattern))")
        case .boolean:
            switch parameter.booleanFormat {
            case .yesNo: parts.append("boolean: `yes` or `no`, in any letter case")
            case .trueFalse: parts.append("boolean: `true`, `false`, `1` or `0`")
            case .presence: parts.append("switch: \(SwiftWriter.code(parameter.name)) alone is true, absent is false")
            }
        default: parts.append(parameter.type.description)
        }
        if let list = parameter.list { parts += ["\(list) list"] + [parameter.itemBounds].compactMap { $0 } }
        if parameter.isPrefix {
            parts.append("every name starting \(SwiftWriter.code(String(parameter.namePrefix))), by name")
        } else if !parameter.isPresenceSwitch {
            parts.append(parameter.isRequired ? "required" : "optional")
        }
        if let value = parameter.defaultValue { parts.append("default \(SwiftWriter.code(value))") }
        if let items = parameter.defaultItems { parts.append("default [\(items.map(SwiftWriter.code).joined(separator: ", "))]") }
        if let values = parameter.allowedValues { parts.append("one of \(values.map(SwiftWriter.code).joined(separator: ", "))") }
        if let pattern = parameter.pattern { parts.append("matches \(SwiftWriter.code(pattern.source))") }
        // The bounds in the words the generated docs use (`roundtrip spec docs`), in their order.
        parts += parameter.valueBoundPhrases
        if parameter.isMultiline { parts.append(parameter.allowsLoneCarriageReturn ? "multi-line, a lone CR a line break too" : "multi-line") }
        if parameter.allowsEmpty {
            // A prefix's names are many: shown with an ellipsis where the rest of a name goes.
            let empty = parameter.isPrefix ? parameter.namePrefix + "…=" : parameter.name + "="
            parts.append("may be empty: \(SwiftWriter.code(empty)), `.cleared` here, clears it")
        }
        return parts.joined(separator: "; ")
    }
}
