import Foundation

/// A `json` parameter's `schema:` (``JSONValueSchema``): JSON Schema's keywords in the subset the
/// spec format reference lists, each checked where it is written.
extension SpecReader {
    /// The keywords of a schema, as a spec spells them.
    static let schemaKeywords = [
        "type", "required", "properties", "enum", "items", "minimum", "maximum", "max-length", "additional-properties",
    ]

    /// Reads a schema, or `nil` after reporting why it cannot be read.
    ///
    /// - Parameter depth: The schema's level, 1 for the parameter's own: one deeper than
    ///   ``JSONValueSchema/maximumDepth`` is refused, with nothing below it read.
    mutating func readJSONSchema(_ node: DocumentNode, path: String, depth: Int = 1) -> JSONValueSchema? {
        guard depth <= JSONValueSchema.maximumDepth else {
            error(
                "invalid-value",
                path,
                node,
                "the schema nests more than \(JSONValueSchema.maximumDepth) levels of properties and items; a json parameter's value nests at most \(ParameterParsing.maximumJSONDepth) levels, so deeper ones could describe nothing"
            )
            return nil
        }
        guard let members = node.members else {
            error("wrong-type", path, node, "expected a mapping of schema keywords: \(Self.schemaKeywords.joined(separator: ", "))")
            return nil
        }
        var fields: [String: DocumentNode] = [:]
        for member in distinctMembers(members, path) {
            guard Self.schemaKeywords.contains(member.key) else {
                let hint = NameSuggestion.closest(to: member.key, among: Self.schemaKeywords).map { " (did you mean '\($0)'?)" } ?? ""
                error(
                    "unknown-key",
                    Self.join(path, member.key),
                    Self.keyNode(member),
                    "unknown schema keyword '\(member.key)'\(hint); a json parameter's schema takes \(Self.schemaKeywords.joined(separator: ", "))"
                )
                continue
            }
            fields[member.key] = member.value
        }
        var type: JSONValueSchema.ValueType?
        if let typeNode = fields["type"], let name = string(typeNode, Self.join(path, "type")) {
            type = JSONValueSchema.ValueType(rawValue: name)
            if type == nil {
                let names = JSONValueSchema.ValueType.allCases.map(\.rawValue).joined(separator: ", ")
                error("invalid-value", Self.join(path, "type"), typeNode, "unknown type '\(name)'; a schema's type is one of \(names)")
                return nil
            }
        }
        checkSchemaKeywords(fields, applyTo: type, path: path)
        var properties: [JSONValueSchema.Property] = []
        if let node = fields["properties"] {
            if let members = node.members {
                for member in distinctMembers(members, Self.join(path, "properties")) {
                    let memberPath = Self.join(Self.join(path, "properties"), member.key)
                    if let schema = readJSONSchema(member.value, path: memberPath, depth: depth + 1) {
                        properties.append(JSONValueSchema.Property(name: member.key, schema: schema))
                    }
                }
            } else {
                error("wrong-type", Self.join(path, "properties"), node, "expected a mapping of member names to their schemas")
            }
        }
        var required: [String] = []
        if let node = fields["required"], let names = stringList(node, Self.join(path, "required")) {
            let declared = fields["properties"]?.members.map { $0.map(\.key) } ?? []
            for name in names {
                if required.contains(name) {
                    error("duplicate-value", Self.join(path, "required"), node, "'required' names '\(name)' twice")
                } else if !declared.contains(name) {
                    error(
                        "invalid-value",
                        Self.join(path, "required"),
                        node,
                        "'required' names '\(name)', which 'properties' does not declare; declare its schema under properties"
                    )
                } else {
                    required.append(name)
                }
            }
        }
        let items = fields["items"].flatMap { readJSONSchema($0, path: Self.join(path, "items"), depth: depth + 1) }
        let minimum = decimal(fields["minimum"], Self.join(path, "minimum"))
        let maximum = decimal(fields["maximum"], Self.join(path, "maximum"))
        if let minimum, let maximum, minimum > maximum {
            error("empty-range", path, node, "minimum \(minimum) is greater than maximum \(maximum)")
        }
        let maximumLength = int(fields["max-length"], Self.join(path, "max-length"))
        let allowsAdditional = bool(fields["additional-properties"], Self.join(path, "additional-properties")) ?? true
        let allowed = fields["enum"].flatMap { readSchemaEnum($0, type: type, path: Self.join(path, "enum")) }
        return JSONValueSchema(
            type: type,
            required: required,
            properties: properties,
            allowsAdditionalProperties: allowsAdditional,
            items: items,
            allowedValues: allowed,
            minimum: minimum,
            maximum: maximum,
            maximumLength: maximumLength
        )
    }

    /// Refuses the keywords that describe another kind of value than `type` says (they could
    /// never apply), as `type-mismatch`.
    private mutating func checkSchemaKeywords(_ fields: [String: DocumentNode], applyTo type: JSONValueSchema.ValueType?, path: String) {
        guard let type else { return }
        let kinds: [(keywords: [String], types: [JSONValueSchema.ValueType], wording: String)] = [
            (["properties", "required", "additional-properties"], [.object], "objects"),
            (["items"], [.array], "arrays"),
            (["minimum", "maximum"], [.integer, .number], "integers and numbers"),
            (["max-length"], [.string], "strings"),
        ]
        for kind in kinds where !kind.types.contains(type) {
            for keyword in kind.keywords {
                guard let node = fields[keyword] else { continue }
                error("type-mismatch", Self.join(path, keyword), node, "'\(keyword)' applies to \(kind.wording), not to a schema of type \(type)")
            }
        }
    }

    /// Reads `enum`: single values read as the schema's `type` (a YAML scalar is text until a
    /// type gives it a meaning), each kept in canonical form.
    private mutating func readSchemaEnum(_ node: DocumentNode, type: JSONValueSchema.ValueType?, path: String) -> [String]? {
        guard let type, type.isScalar else {
            error(
                "invalid-enum",
                path,
                node,
                "an enum needs the schema's type to be string, integer, number or boolean, which says how its values read ('1' as a number or as text)"
            )
            return nil
        }
        guard let values = stringList(node, path) else { return nil }
        if values.isEmpty { error("empty-value", path, node, "an enum needs at least one value") }
        var canonical: [String] = []
        for value in values {
            let read: String?
            switch type {
            case .string: read = value
            case .boolean: read = value == "true" || value == "false" ? value : nil
            default:
                let number = SpecNumber.decimal(value)
                read = number.flatMap { type == .number || JSONValueSchema.isIntegral($0.description) ? $0.description : nil }
            }
            if let read {
                canonical.append(read)
            } else {
                error("invalid-enum", path, node, "'\(ParameterParsing.abbreviated(value))' is not \(type.phrase)")
            }
        }
        return canonical
    }
}
