import Foundation

/// A parameter written back in the spec's own keys (`type`, `format`, `list`…), each as the spec
/// language's registry writes it (``ParameterKey``), so that what is written reads back through
/// the spec loader with the same rules and the same errors.
///
/// The calling side records a partner action's `returns` in its ledger this way, and checks the
/// answer against them when it comes back, possibly in another process.
public enum ParameterDefinition {
    /// The spec keys of `parameter`, in the order a spec file usually lists them, each value as
    /// JSON text.
    public static func fields(of parameter: ParameterSpec) -> [(key: String, json: String)] {
        ParameterKey.writingOrder.compactMap { key in key.json(of: parameter).map { (key.name, $0) } }
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

    /// A JSON array of string literals.
    static func array(_ values: [String]) -> String {
        "[" + values.map(quoted).joined(separator: ",") + "]"
    }
}
