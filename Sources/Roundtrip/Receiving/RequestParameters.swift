/// The typed values of an accepted request, as the decision bound them.
///
/// The decision binds each value to its declared parameter's position, so deciding a request
/// hashes no names and fills no dictionary; ``AcceptedRequest/parameters`` shows the values as a
/// dictionary when it is read, and ``AcceptedRequest/value(of:)`` finds one value by name
/// without it. A request built by hand keeps the dictionary it was given.
struct RequestParameters: Sendable {
    private enum Storage: Sendable {
        /// Values by slot, and the names of the slots (the compiled action's, shared); then the
        /// values of names that prefix parameters stand for, each under its own name.
        case positional(
            names: [String],
            values: [ParameterValue?],
            prefixed: [(name: String, value: ParameterValue)],
            written: WrittenDecimals
        )
        case dictionary([String: ParameterValue])
    }

    private let storage: Storage

    /// Values by slot; `names[slot]` names `values[slot]`. A later slot under the same name as
    /// an earlier one wins, as a later assignment to a dictionary would. `prefixed` holds the
    /// values of the names prefix parameters stood for (`fldFront` for `fld*`).
    /// `written` holds the decimals whose text as written is not their shortest form (`10.00`).
    init(
        names: [String],
        values: [ParameterValue?],
        prefixed: [(name: String, value: ParameterValue)] = [],
        written: WrittenDecimals = WrittenDecimals()
    ) {
        storage = .positional(names: names, values: values, prefixed: prefixed, written: written)
    }

    /// The decimals as written (`10.00`) where that is not the shortest form of their value, by
    /// name, read from `url`, the URL the decision read; empty for most requests, and for a
    /// request built by hand.
    func writtenDecimals(in url: String) -> [(name: String, text: String)] {
        guard case .positional(let names, _, _, let written) = storage else { return [] }
        return written.texts(names: names, url: url)
    }

    /// The values of a dictionary.
    init(_ dictionary: [String: ParameterValue]) {
        storage = .dictionary(dictionary)
    }

    /// The value named `name`, if the request has one.
    ///
    /// - Complexity: O(*k*) name comparisons for *k* declared values, or one hash lookup.
    subscript(name: String) -> ParameterValue? {
        switch storage {
        case .positional(let names, let values, let prefixed, _):
            var found: ParameterValue?
            for slot in names.indices where names[slot] == name {
                if let value = values[slot] { found = value }
            }
            return found ?? prefixed.first { $0.name == name }?.value
        case .dictionary(let dictionary):
            return dictionary[name]
        }
    }

    /// The values as a dictionary.
    ///
    /// - Complexity: O(*k*) for *k* values.
    var dictionary: [String: ParameterValue] {
        switch storage {
        case .positional(let names, let values, let prefixed, _):
            var dictionary = [String: ParameterValue](minimumCapacity: values.count + prefixed.count)
            for slot in values.indices { if let value = values[slot] { dictionary[names[slot]] = value } }
            for (name, value) in prefixed { dictionary[name] = value }
            return dictionary
        case .dictionary(let dictionary):
            return dictionary
        }
    }
}
