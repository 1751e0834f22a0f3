import Foundation

/// Parameter definitions: an action's `parameters`, its `query-value` and `fragment`, and
/// each `returns` entry.
extension SpecReader {
    /// Reads an action's `parameters`, or gives those read for a set with the same text in the
    /// same context earlier in the spec (see ``RepeatedDefinitions``).
    mutating func readParameters(_ set: RepeatedDefinitions.ParameterSet, path: String) -> [ParameterSpec] {
        if let parameters = repeatedDefinitions.parameters(for: set) { return parameters }
        let findings = diagnostics.count
        let entries = namedEntries(set.node, Self.join(path, ActionKey.parameters))
        var parameters: [ParameterSpec] = []
        parameters.reserveCapacity(entries.count)
        // The definitions of the last set read, in order, under this set's names: each is what
        // reading its definition here would give.
        let renamed = repeatedDefinitions.parametersRenamed(for: set, entries: entries)
        var prefixCount = 0
        // By index, each member's fields read in place: binding a member to a local copied its
        // key and its node.
        for index in entries.indices {
            let name = entries[index].key
            // The paths are built only for a message (most parameters have none), each in an
            // autoclosure of its own: a closure kept in a local would be allocated per parameter.
            let isPlain = checkParameterName(
                name,
                "\(path).parameters.\(name)",
                Self.keyNode(entries[index]),
                convention: set.convention,
                returnParameter: set.returnParameter,
                responsePrefix: set.responsePrefix
            )
            let read: ParameterSpec?
            if let renamed {
                var parameter = renamed[index]
                parameter.name = name
                read = parameter
            } else {
                read = readParameter(name: name, node: entries[index].value, path: "\(path).parameters.\(name)", allowName: false)
            }
            if let parameter = read {
                // A plain name has no '*', so it names no prefix (`isPrefix` would look again).
                if !isPlain, parameter.isPrefix {
                    prefixCount += 1
                    checkPrefixDefinition(parameter, node: entries[index].value, "\(path).parameters.\(name)")
                }
                parameters.append(parameter)
            }
        }
        // Two prefixes at least can overlap; most sets have none.
        if prefixCount > 1 { checkPrefixOverlaps(parameters, path: path, node: set.node) }
        if diagnostics.count == findings {
            repeatedDefinitions.remember(parameters, for: set)
            if renamed == nil { repeatedDefinitions.rememberDefinitions(of: set, entries: entries, read: parameters) }
        }
        return parameters
    }

    /// Refuses a parameter name that is Roundtrip's or the convention's, holds a character names
    /// may not hold, or is a prefix that could never mean what it says.
    ///
    /// - Returns: Whether the name is plain (``isPlainName(_:)``): then it is no prefix.
    @discardableResult
    mutating func checkParameterName(
        _ name: String,
        _ path: @autoclosure () -> String,
        _ node: @autoclosure () -> DocumentNode,
        convention: Convention,
        returnParameter: String,
        responsePrefix: String
    ) -> Bool {
        if ReservedNames.isReserved(name) {
            error("reserved-parameter", path(), node(), "parameters starting with 'rt-' belong to Roundtrip and may not be declared")
        } else if let problem = convention.rules.parameterNameProblem(name, returnParameter: returnParameter, responsePrefix: responsePrefix) {
            error("reserved-parameter", path(), node(), problem)
        }
        // Nearly every name is printable ASCII without '*': it holds no character names may not
        // hold and makes no prefix, which one pass over its bytes tells.
        guard !Self.isPlainName(name) else { return true }
        checkNameCharacters(name, path(), node(), what: "the parameter name")
        checkPrefixName(name, path(), node(), convention: convention)
        return false
    }

    /// Whether every byte of `name` is printable ASCII (0x20 to 0x7E) other than `*`. Such a name
    /// passes ``checkNameCharacters(_:_:_:what:)``, which refuses only control characters, C1
    /// controls and bidi controls (``PercentDecoding/forbiddenCharacter(in:options:)``), and
    /// ``checkPrefixName(_:_:_:convention:)``, which looks only at names with a `*`.
    static func isPlainName(_ name: String) -> Bool {
        name.utf8.withContiguousStorageIfAvailable { bytes in
            for byte in bytes where byte &- 0x20 >= 0x5F || byte == 0x2A { return false }
            return true
        } ?? false
    }

    /// The longest `pattern` a spec may give, in characters.
    static let maximumPatternLength = 240

    /// The spelling of every type, for messages.
    static let typeNames = SpecLanguage.parameterTypeNames.dropLast().joined(separator: ", ") + " or " + (SpecLanguage.parameterTypeNames.last ?? "")

    /// Reads one parameter definition, or gives the parameter read for the same definition
    /// earlier in the spec (see ``RepeatedDefinitions``; a spec whose definitions mostly differ
    /// stops looking them up, ``RepeatedDefinitions/lookingUpPays``).
    ///
    /// - Parameters:
    ///   - allowName: Whether the definition names itself (`query-value`, `fragment`).
    ///   - allowList: Whether `list` may be used (not for a whole query or fragment).
    mutating func readParameter(
        name: String?,
        node: DocumentNode,
        path: @autoclosure () -> String,
        allowName: Bool,
        allowList: Bool = true
    ) -> ParameterSpec? {
        let definition = RepeatedDefinitions.Definition(name: name, node: node, allowName: allowName, allowList: allowList)
        if let parameter = repeatedDefinitions.parameter(repeating: definition) { return parameter }
        guard repeatedDefinitions.lookingUpPays else {
            return readDefinition(name: name, node: node, path: path(), allowName: allowName, allowList: allowList)
        }
        let digest = repeatedDefinitions.digest(of: definition)
        if let parameter = repeatedDefinitions.parameter(for: definition, digest: digest) { return parameter }
        let findings = diagnostics.count
        let parameter = readDefinition(name: name, node: node, path: path(), allowName: allowName, allowList: allowList)
        if let parameter, diagnostics.count == findings { repeatedDefinitions.remember(parameter, for: definition, digest: digest) }
        return parameter
    }

    /// Reads one parameter definition (see ``readParameter(name:node:path:allowName:allowList:)``).
    private mutating func readDefinition(
        name: String?,
        node: DocumentNode,
        path: @autoclosure () -> String,
        allowName: Bool,
        allowList: Bool
    ) -> ParameterSpec? {
        guard let fields = mapping(node, path(), keys: ParameterKey.self, excluding: allowName ? nil : .valueName) else { return nil }
        let resolvedName: String
        if let name {
            resolvedName = name
        } else if let given = nonEmptyString(fields[.valueName], Self.join(path(), ParameterKey.valueName)) {
            resolvedName = given
            checkNameCharacters(given, Self.join(path(), ParameterKey.valueName), fields[.valueName], what: "the name")
            if given.utf8.contains(0x2A) {
                error(
                    "invalid-name",
                    Self.join(path(), ParameterKey.valueName),
                    fields[.valueName],
                    "a whole query or fragment is one value with one name; '*' (a prefix) applies to query parameters only"
                )
            }
            // A whole-query or fragment value is named like a parameter, and the same names are Roundtrip's.
            if ReservedNames.isReserved(given) {
                error(
                    "reserved-parameter",
                    Self.join(path(), ParameterKey.valueName),
                    fields[.valueName],
                    "names starting with 'rt-' belong to Roundtrip and may not be declared"
                )
            }
        } else {
            error("missing-key", Self.join(path(), ParameterKey.valueName), node, "give the value a 'name' so handlers can refer to it")
            return nil
        }
        guard let type = readType(fields, path()) else { return nil }
        var parameter = ParameterSpec(name: resolvedName, type: type)
        parameter.description = string(fields[.description], Self.join(path(), ParameterKey.description))
        if case .boolean = type, let formatNode = fields[.format] {
            parameter.booleanFormat = choice(formatNode, Self.join(path(), ParameterKey.format), BooleanFormat.self) ?? .trueFalse
        }
        readKeysThatApply(fields, type: type, path())
        if type == .json, let schemaNode = fields[.schema] {
            parameter.schema = readJSONSchema(schemaNode, path: Self.join(path(), ParameterKey.schema))
        }
        parameter.isRequired = bool(fields[.required], Self.join(path(), ParameterKey.required)) ?? false
        readMultiline(fields[.multiline], into: &parameter, Self.join(path(), ParameterKey.multiline))
        parameter.allowsEmpty = bool(fields[.allowEmpty], Self.join(path(), ParameterKey.allowEmpty)) ?? false
        parameter.maximumBytes = int(fields[.maxBytes], Self.join(path(), ParameterKey.maxBytes))
        checkLeast(
            parameter.maximumBytes,
            .maxBytes,
            fields,
            path(),
            "max-bytes 0 allows no bytes at all; give the most bytes a value may decode to, at least 1"
        )
        parameter.secretEnvironment = nonEmptyString(fields[.secretEnv], Self.join(path(), ParameterKey.secretEnv))
        if let variable = parameter.secretEnvironment {
            checkEnvironmentName(variable, Self.join(path(), ParameterKey.secretEnv), fields[.secretEnv])
        }
        if type == .secret, fields[.secretEnv] == nil {
            error(
                "missing-key",
                Self.join(path(), ParameterKey.secretEnv),
                node,
                "a secret parameter needs 'secret-env', the environment variable (or key resolver name) holding the value it must equal"
            )
        }
        parameter.minimumLength = int(fields[.minLength], Self.join(path(), ParameterKey.minLength))
        parameter.maximumLength = int(fields[.maxLength], Self.join(path(), ParameterKey.maxLength))
        if let minimum = parameter.minimumLength, let maximum = parameter.maximumLength, minimum > maximum {
            error("empty-range", path(), node, "min-length \(minimum) is greater than max-length \(maximum)")
        }
        if type.isNumeric {
            parameter.minimum = decimal(fields[.minimum], Self.join(path(), ParameterKey.minimum))
            parameter.maximum = decimal(fields[.maximum], Self.join(path(), ParameterKey.maximum))
            if let minimum = parameter.minimum, let maximum = parameter.maximum,
                Self.exceeds(minimum, maximum, written: fields[.minimum]?.scalarText, fields[.maximum]?.scalarText)
            {
                error("empty-range", path(), node, "minimum \(minimum) is greater than maximum \(maximum)")
            }
        }
        readListKeys(fields, into: &parameter, node: node, allowList: allowList, path())
        if parameter.booleanFormat == .presence { checkPresenceSwitch(fields, parameter, isWholeValue: !allowList, path()) }
        if let patternNode = fields[.pattern], let source = string(patternNode, Self.join(path(), ParameterKey.pattern)) {
            // A pattern describes one value; a longer one is a mistake or an attempt to make the
            // loader build a large program (ValuePattern bounds the program itself too).
            // Counting characters walks grapheme breaks: only a pattern of more bytes than the
            // limit can have more characters.
            if source.utf8.count > Self.maximumPatternLength, source.count > Self.maximumPatternLength {
                error(
                    "invalid-pattern",
                    Self.join(path(), ParameterKey.pattern),
                    patternNode,
                    "the pattern is \(source.count) characters long; patterns are limited to \(Self.maximumPatternLength)"
                )
            } else {
                do {
                    parameter.pattern = try pattern(source)
                } catch {
                    self.error("invalid-pattern", Self.join(path(), ParameterKey.pattern), patternNode, error.message)
                }
            }
        }
        if let enumNode = fields[.enum], let values = stringList(enumNode, Self.join(path(), ParameterKey.enum)) {
            var canonical: [String] = []
            canonical.reserveCapacity(values.count)
            var single = parameter
            // Set only when it changes: setting it copies the definition's storage.
            if single.list != nil { single.list = nil }
            let rule = ParameterRule(single)
            for (index, value) in values.enumerated() {
                if let why = Self.unreceivable(value, of: parameter, isItem: parameter.list != nil) {
                    error("invalid-enum", Self.join(path(), ParameterKey.enum), enumNode, "enum value \(index + 1) \(why)")
                    continue
                }
                do {
                    canonical.append(try ParameterParsing.parse(value, rule: rule, checkingConstraints: false).canonical)
                } catch {
                    self.error("invalid-enum", Self.join(path(), ParameterKey.enum), enumNode, "'\(value)' is not a valid \(type): \(error.message)")
                }
            }
            if values.isEmpty { error("empty-value", Self.join(path(), ParameterKey.enum), enumNode, "an enum needs at least one value") }
            parameter.allowedValues = canonical
        }
        if let defaultNode = fields[.default] {
            readDefault(defaultNode, into: &parameter, path())
        }
        return parameter
    }

    /// Whether `minimum` is greater than `maximum`. Bounds written as plain decimals
    /// (`written`, `0.01` or `-5`) are compared as ``FixedDecimal``s in a few instructions;
    /// comparing `Decimal`s costs over a thousand, once for each parameter with both bounds. Any
    /// other form, or digits a `FixedDecimal` cannot hold, is compared as `Decimal`s.
    static func exceeds(_ minimum: Decimal, _ maximum: Decimal, written minimumText: String?, _ maximumText: String?) -> Bool {
        if let minimumText, let maximumText, let low = FixedDecimal(minimumText), let high = FixedDecimal(maximumText),
            let order = FixedDecimal.compare(low, high)
        {
            return order == .orderedDescending
        }
        return minimum > maximum
    }

    /// Reads `type` (and a date's `format`).
    private mutating func readType(_ fields: SpecFields<ParameterKey>, _ path: @autoclosure () -> String) -> ParameterType? {
        let typeName = string(fields[.type], Self.join(path(), ParameterKey.type)) ?? "string"
        if let type = ParameterType.spelledAlone(typeName) { return type }
        guard typeName == "date" else {
            error("invalid-value", Self.join(path(), ParameterKey.type), fields[.type], "unknown type '\(typeName)'; use \(Self.typeNames)")
            return nil
        }
        if let formatNode = fields[.format], formatNode.scalarText == BooleanFormat.presence.rawValue {
            error(
                "type-mismatch",
                Self.join(path(), ParameterKey.format),
                formatNode,
                "'format: presence' applies to boolean parameters (a switch that is on when its name is there), not to a date parameter; give a date pattern such as yyyy-MM-dd, or use type: boolean"
            )
            return nil
        }
        do {
            let format = string(fields[.format], Self.join(path(), ParameterKey.format))
            return .date(try format.map { text throws(RoundtripError) in try dateFormat(text) } ?? .iso8601)
        } catch {
            self.error("invalid-format", Self.join(path(), ParameterKey.format), fields[.format], error.message)
            return nil
        }
    }
}
