import Foundation
import Roundtrip

extension SpecLoader {
    /// Reads and loads a spec file, YAML or JSON (JSON is YAML).
    ///
    /// - Parameter path: A file path.
    /// - Throws: ``SpecError`` when the file cannot be read or parsed, or has errors.
    public static func load(contentsOf path: String) throws(SpecError) -> Loaded {
        let data = try contents(of: path)
        guard let text = String(data: data, encoding: .utf8) else {
            throw SpecError(
                file: path,
                isUnreadable: true,
                diagnostics: [
                    SpecDiagnostic(severity: .error, rule: "not-utf8", keyPath: "", message: "the file is not UTF-8 text")
                ]
            )
        }
        return try load(yaml: text, file: path)
    }

    /// Loads a spec from YAML or JSON text.
    ///
    /// The text is read by ``YAMLDocumentReader``: Roundtrip's own reader for the YAML that spec
    /// files are written in, and Yams (libyaml) for the rest of YAML 1.1. Anchors and aliases are
    /// read, but a text whose aliases expand it past 100,000 nodes or twice its length in bytes,
    /// whichever is larger, is refused (rule `alias-expansion`): nested aliases ("billion
    /// laughs") would otherwise make loading take exponential time.
    ///
    /// - Parameters:
    ///   - yaml: The text.
    ///   - file: The file name for messages, if any.
    /// - Throws: ``SpecError``.
    /// - Complexity: O(*n*) in the length of the text, plus the spec's size.
    public static func load(yaml: String, file: String? = nil) throws(SpecError) -> Loaded {
        // The text's bytes let the reader compare a repeated flow collection's text (see
        // `FastYAMLReader.parseFlowCollection`) instead of its parsed values.
        try load(document: YAMLDocumentReader.read(yaml, file: file), file: file, source: Array(yaml.utf8))
    }
}
