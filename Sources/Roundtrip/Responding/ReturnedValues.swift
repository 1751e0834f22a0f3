/// Checks an answer's parameters against the `returns` an action declares: the one home of that
/// rule, used when a receiving app builds its answer and when the calling app accepts it.
package enum ReturnedValues {
    /// Parses response parameters (unprefixed) against `returns`: every name must be declared,
    /// only a `repeated` list may repeat, every value must pass its type and constraints, and
    /// every required one must be there. Absent optional values take their defaults.
    ///
    /// - Parameters:
    ///   - items: The response parameters, in order.
    ///   - returns: The declared `returns`.
    ///   - action: The action's name, for messages.
    /// - Returns: The typed values by name.
    /// - Throws: ``RoundtripError`` `unknown-parameter`, `duplicate-parameter`,
    ///   `invalid-parameter` or `missing-parameter`, naming the parameter.
    package static func check(
        _ items: [QueryItem],
        against returns: [ParameterSpec],
        action: String
    ) throws(RoundtripError) -> [String: ParameterValue] {
        var texts: [String: [String]] = [:]
        for item in items {
            guard let declared = returns.first(where: { $0.name == item.name }) else {
                let names = returns.map(\.name).joined(separator: ", ")
                throw RoundtripError(
                    .unknownParameter,
                    "the action '\(action)' returns \(names.isEmpty ? "no parameters" : names), not '\(ParameterParsing.abbreviated(item.name))'",
                    parameter: item.name
                )
            }
            if texts[item.name] != nil, declared.list != .repeated {
                throw RoundtripError(.duplicateParameter, "the returned parameter '\(item.name)' appears more than once", parameter: item.name)
            }
            texts[item.name, default: []].append(item.value ?? "")
        }
        var values: [String: ParameterValue] = [:]
        for parameter in returns {
            let rule = ParameterRule(parameter)
            if let given = texts[parameter.name] {
                if parameter.list == .repeated, given != [""] || !parameter.allowsEmpty {
                    values[parameter.name] = try ParameterParsing.parseItems(given, rule: rule)
                } else {
                    values[parameter.name] = try ParameterParsing.parse(given[0], rule: rule)
                }
            } else if let value = parameter.defaultValue {
                values[parameter.name] = try ParameterParsing.parse(value, rule: rule)
            } else if let items = parameter.defaultItems {
                values[parameter.name] = try ParameterParsing.parseItems(items, rule: rule)
            } else if parameter.isRequired {
                throw RoundtripError(
                    .missingParameter,
                    "the action '\(action)' returns '\(parameter.name)', and this answer lacks it",
                    parameter: parameter.name
                )
            }
        }
        return values
    }
}
