import Foundation

/// A parameter written back in the spec's own keys: the one place that maps a ``ParameterSpec``
/// to `type`, `format`, `list`… so that what is written reads back through the spec loader with
/// the same rules and the same errors.
///
/// The calling side records a partner action's `returns` in its ledger this way, and checks the
/// answer against them when it comes back, possibly in another process.
public enum ParameterDefinition {
    /// The spec keys of `parameter`, in the order a spec file usually lists them, each value as
    /// JSON text.
    public static func fields(of parameter: ParameterSpec) -> [(key: String, json: String)] {
        var fields: [(key: String, json: String)] = [(ParameterKey.type.name, quoted(parameter.type.description))]
        if case .date(let format) = parameter.type { fields.append((ParameterKey.format.name, quoted(format.description))) }
        if parameter.type == .boolean, parameter.booleanFormat != .trueFalse {
            fields.append((ParameterKey.format.name, quoted(parameter.booleanFormat.rawValue)))
        }
        if parameter.isRequired { fields.append((ParameterKey.required.name, "true")) }
        if let list = parameter.list { fields.append((ParameterKey.list.name, quoted(list.rawValue))) }
        if let value = parameter.minimumItems { fields.append((ParameterKey.minItems.name, String(value))) }
        if let value = parameter.maximumItems { fields.append((ParameterKey.maxItems.name, String(value))) }
        if parameter.isMultiline { fields.append((ParameterKey.multiline.name, parameter.allowsLoneCarriageReturn ? quoted("any") : "true")) }
        if parameter.allowsEmpty { fields.append((ParameterKey.allowEmpty.name, "true")) }
        // Enum values and defaults are written as the parameter spells them, so that a yes-no
        // boolean's read back through its own format.
        if let values = parameter.allowedValues { fields.append((ParameterKey.`enum`.name, array(values.map(parameter.declaredSpelling(of:))))) }
        if let pattern = parameter.pattern { fields.append((ParameterKey.pattern.name, quoted(pattern.source))) }
        if let value = parameter.minimumLength { fields.append((ParameterKey.minLength.name, String(value))) }
        if let value = parameter.maximumLength { fields.append((ParameterKey.maxLength.name, String(value))) }
        if let value = parameter.minimum { fields.append((ParameterKey.minimum.name, quoted(value.description))) }
        if let value = parameter.maximum { fields.append((ParameterKey.maximum.name, quoted(value.description))) }
        if let value = parameter.maximumBytes { fields.append((ParameterKey.maxBytes.name, String(value))) }
        if let value = parameter.secretEnvironment { fields.append((ParameterKey.secretEnv.name, quoted(value))) }
        if let value = parameter.defaultValue { fields.append((ParameterKey.`default`.name, quoted(parameter.declaredSpelling(of: value)))) }
        if let items = parameter.defaultItems { fields.append((ParameterKey.`default`.name, array(items.map(parameter.declaredSpelling(of:))))) }
        if let text = parameter.description { fields.append((ParameterKey.description.name, quoted(text))) }
        return fields
    }

    /// Named parameters as one JSON object, `{"name": {definition}, …}`, in order.
    public static func json(_ parameters: [ParameterSpec]) -> String {
        let members = parameters.map { parameter in
            quoted(parameter.name) + ":{" + fields(of: parameter).map { quoted($0.key) + ":" + $0.json }.joined(separator: ",") + "}"
        }
        return "{" + members.joined(separator: ",") + "}"
    }

    /// Reads named parameters back from ``json(_:)``'s text, through the spec loader's rules.
    ///
    /// - Throws: ``SpecError`` with the loader's diagnostics when the text is not a valid
    ///   definition.
    public static func parameters(fromJSON text: String) throws(SpecError) -> [ParameterSpec] {
        let root: DocumentNode
        do {
            root = try JSONParser.parse(Array(text.utf8))
        } catch {
            throw SpecError(
                file: nil,
                diagnostics: [SpecDiagnostic(severity: .error, rule: "syntax", keyPath: "", line: error.position.line, message: error.message)]
            )
        }
        var reader = SpecReader()
        var parameters: [ParameterSpec] = []
        for member in reader.namedEntries(root, "returns") {
            if let parameter = reader.readParameter(name: member.key, node: member.value, path: "returns.\(member.key)", allowName: false) {
                parameters.append(parameter)
            }
        }
        if reader.diagnostics.contains(where: { $0.severity == .error }) {
            throw SpecError(file: nil, diagnostics: reader.diagnostics)
        }
        return parameters
    }

    /// A JSON string literal (RFC 8259 section 7).
    static func quoted(_ text: String) -> String { JSONStringLiteral.quoted(text) }

    private static func array(_ values: [String]) -> String {
        "[" + values.map(quoted).joined(separator: ",") + "]"
    }
}
