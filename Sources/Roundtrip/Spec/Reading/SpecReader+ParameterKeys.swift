import Foundation

/// The keys of a parameter definition that depend on its type: which apply, the list keys and
/// the default.
extension SpecReader {
    /// Refuses the keys that do not apply to `type`, each with what it applies to.
    mutating func readKeysThatApply(_ fields: SpecFields<ParameterKey>, type: ParameterType, _ path: @autoclosure () -> String) {
        for key in ParameterKey.typeDependent {
            guard fields.has(key), let appliesTo = key.appliesOnly(to: type), let node = fields[key] else { continue }
            let article = type == .integer ? "an" : "a"  // "a uuid", "a url": only "integer" takes "an"
            error("type-mismatch", Self.join(path(), key.name), node, "'\(key.name)' applies to \(appliesTo), not to \(article) \(type) parameter")
        }
    }

    /// Reports `empty-range` when a whole number is below the least the registry gives `key`
    /// (``SpecValueKind/wholeNumber(atLeast:)``), with `message` saying why.
    mutating func checkLeast(
        _ value: Int?,
        _ key: ParameterKey,
        _ fields: SpecFields<ParameterKey>,
        _ path: @autoclosure () -> String,
        _ message: String
    ) {
        guard let value, value < key.leastValue else { return }
        error("empty-range", Self.join(path(), key), fields[key], message)
    }

    /// Reads `list`, `min-items` and `max-items`.
    mutating func readListKeys(
        _ fields: SpecFields<ParameterKey>,
        into parameter: inout ParameterSpec,
        node: DocumentNode,
        allowList: Bool,
        _ path: @autoclosure () -> String
    ) {
        if let listNode = fields[.list], parameter.type != .secret {
            if parameter.type == .json {
                error(
                    "type-mismatch",
                    Self.join(path(), ParameterKey.list),
                    listNode,
                    "'list' does not apply to a json parameter: JSON text holds commas and line breaks, which separate the items of comma and newline lists; take one JSON array instead"
                )
            } else if !allowList {
                error("convention-mismatch", Self.join(path(), ParameterKey.list), listNode, "a whole query or fragment is one value, never a list")
            } else {
                parameter.list = choice(listNode, Self.join(path(), ParameterKey.list), ListForm.self)
            }
        }
        parameter.minimumItems = int(fields[.minItems], Self.join(path(), ParameterKey.minItems))
        parameter.maximumItems = int(fields[.maxItems], Self.join(path(), ParameterKey.maxItems))
        // Most definitions have neither key: told before a list of them is made.
        if parameter.list == nil, fields[.list] == nil, fields.has(.minItems) || fields.has(.maxItems) {
            for key in [ParameterKey.minItems, .maxItems] where fields.has(key) {
                error(
                    "type-mismatch",
                    Self.join(path(), key.name),
                    fields[key],
                    "'\(key.name)' applies to list parameters; add 'list: repeated', 'comma', 'newline' or 'space'"
                )
            }
        }
        if let minimum = parameter.minimumItems, let maximum = parameter.maximumItems, minimum > maximum {
            error("empty-range", path(), node, "min-items \(minimum) is greater than max-items \(maximum)")
        }
        checkLeast(parameter.maximumItems, .maxItems, fields, path(), "max-items 0 allows no items; a list holds at least one")
        if parameter.list == .newline, parameter.isMultiline {
            error(
                "type-mismatch",
                Self.join(path(), ParameterKey.multiline),
                fields[.multiline],
                "a newline list splits on line breaks, so its items cannot hold them; drop 'multiline' or use another list form"
            )
        }
    }

    /// Reads `multiline`: `true`, `false` (or a YAML 1.1 word for them, as every Boolean key
    /// reads), or `any`, which is `true` with a lone CR read as a line break too.
    mutating func readMultiline(_ node: DocumentNode?, into parameter: inout ParameterSpec, _ path: @autoclosure () -> String) {
        guard let node, let text = string(node, path()) else { return }
        if text == "any" {
            parameter.isMultiline = true
            parameter.allowsLoneCarriageReturn = true
        } else if YAMLBooleanWords.truths.contains(text) || YAMLBooleanWords.falsehoods.contains(text) {
            parameter.isMultiline = YAMLBooleanWords.truths.contains(text)
        } else {
            error(
                "wrong-type",
                path(),
                node,
                "expected true, false or any, found '\(ParameterParsing.abbreviated(text))'; 'any' also takes a lone CR (classic Mac OS line endings) as a line break"
            )
        }
    }

    /// Refuses what a `format: presence` switch cannot have: it is true when its name is there
    /// and false when it is not, so it has no default, is never required, holds one flag and is
    /// named by a query parameter of its own.
    mutating func checkPresenceSwitch(
        _ fields: SpecFields<ParameterKey>,
        _ parameter: ParameterSpec,
        isWholeValue: Bool,
        _ path: @autoclosure () -> String
    ) {
        if let node = fields[.default] {
            error(
                "invalid-default",
                Self.join(path(), ParameterKey.default),
                node,
                "a presence switch is false whenever its name is absent, so a default would never be used; drop 'default'"
            )
        }
        if parameter.isRequired {
            error(
                "invalid-value",
                Self.join(path(), ParameterKey.required),
                fields[.required],
                "a presence switch is false when its name is absent, so it cannot be required; drop 'required: true', or use format: true-false for a flag that must be given"
            )
        }
        if let node = fields[.list] {
            error(
                "type-mismatch",
                Self.join(path(), ParameterKey.list),
                node,
                "a presence switch is one flag (its name there or not), never a list; drop 'list', or use format: true-false for a list of flags"
            )
        }
        if let node = fields[.enum] {
            error(
                "invalid-enum",
                Self.join(path(), ParameterKey.enum),
                node,
                "a presence switch is true or false by its name alone; drop 'enum'"
            )
        }
        if let node = fields[.allowEmpty] {
            error(
                "type-mismatch",
                Self.join(path(), ParameterKey.allowEmpty),
                node,
                "a presence switch already reads 'name=' as true; drop 'allow-empty'"
            )
        }
        if isWholeValue {
            error(
                "convention-mismatch",
                Self.join(path(), ParameterKey.format),
                fields[.format],
                "a whole query or fragment is a value, never a switch named in the query; use format: true-false"
            )
        }
    }

    /// Reads `default`: one value, or a list of values for a list parameter, each checked against
    /// the type and constraints and kept in canonical form.
    mutating func readDefault(_ node: DocumentNode, into parameter: inout ParameterSpec, _ path: @autoclosure () -> String) {
        // Made only for a message: most defaults are valid.
        func defaultPath() -> String { Self.join(path(), ParameterKey.default) }
        let rule = ParameterRule(parameter)
        if parameter.list != nil {
            guard let elements = node.elements else {
                error("wrong-type", defaultPath(), node, "the default of a list parameter is a list of values, such as [home, work]")
                return
            }
            guard !elements.isEmpty else {
                error("invalid-default", defaultPath(), node, "a list's default needs at least one item; leave 'default' out for none")
                return
            }
            var items: [String] = []
            for (index, element) in elements.enumerated() {
                guard let text = string(element, "\(defaultPath())[\(index)]") else { continue }
                if let why = Self.unreceivable(text, of: parameter, isItem: true) {
                    error("invalid-default", defaultPath(), node, "item \(index + 1) of the default \(why)")
                    return
                }
                items.append(text)
            }
            do {
                if case .list(let values) = try ParameterParsing.parseItems(items, rule: rule) {
                    parameter.defaultItems = values.map(parameter.text(for:))
                }
            } catch {
                self.error("invalid-default", defaultPath(), node, "the default is not valid: \(error.message)")
            }
        } else if let value = string(node, defaultPath()) {
            if let why = Self.unreceivable(value, of: parameter, isItem: false) {
                error("invalid-default", defaultPath(), node, "the default \(why)")
                return
            }
            do {
                parameter.defaultValue = parameter.text(for: try ParameterParsing.parse(value, rule: rule))
            } catch {
                self.error("invalid-default", defaultPath(), node, "the default '\(value)' is not valid: \(error.message)")
            }
        }
        if parameter.isRequired {
            warning("unused-default", defaultPath(), node, "a required parameter's default is never used")
        }
    }

    /// Why a value written in the spec (a default, an enum value) could never arrive in a
    /// request for `parameter`, by the rules incoming values are decoded with, or `nil`: a
    /// control character (line breaks and tabs only in a `multiline` string), or a list item
    /// holding its list's separator. The value itself is not echoed: it may hold the character.
    static func unreceivable(_ text: String, of parameter: ParameterSpec, isItem: Bool) -> String? {
        if isItem {
            switch parameter.list {
            case .comma where text.utf8.contains(0x2C):
                return "holds ',', which separates the items of a comma list; an item can never contain it"
            case .newline where text.utf8.contains(0x0A) || text.utf8.contains(0x0D):
                return "holds a line break, which separates the items of a newline list; an item can never contain it"
            case .space where text.utf8.contains(0x20):
                return "holds a space, which separates the items of a space list; an item can never contain it"
            default: break
            }
        }
        let options = PercentDecoding.Options(parameter: parameter, queryEncoding: .rfc3986)
        guard let failure = PercentDecoding.forbiddenCharacter(in: text, options: options) else { return nil }
        let message = failure.message(for: "")
        let why = String(message.drop { $0 == " " })
        let isLineBreakOrTab = [0x09, 0x0A, 0x0D].map { PercentDecoding.Failure.controlCharacter(scalar: $0) }.contains(failure)
        return isLineBreakOrTab && !parameter.isMultiline ? why + "; only a multiline string may hold line breaks and tabs" : why
    }
}
