import Foundation

/// Loads a spec, checking every key and collecting every problem with its place.
///
/// The core reads JSON (``load(json:file:)``); the `RoundtripYAML` module adds YAML, the usual
/// form of a spec file (`SpecLoader.load(yaml:)` and `SpecLoader.load(contentsOf:)`), so an app
/// that compiles its spec into code, or loads JSON, links no YAML parser. Loading does not stop at
/// the first problem: all errors and warnings are gathered, so one run of `roundtrip spec lint`
/// shows everything to fix.
///
/// ```swift
/// let loaded = try SpecLoader.load(json: specData)
/// let endpoint = try Endpoint(spec: loaded.spec)
/// ```
public enum SpecLoader {
    /// A loaded spec and the warnings and notes about it.
    public struct Loaded: Sendable {
        /// The spec.
        public var spec: Spec
        /// The warnings and notes found while reading the text (errors make loading throw).
        public var readingDiagnostics: [SpecDiagnostic]

        /// Every warning and note: those found while reading, then the spec linter's findings
        /// about the spec.
        ///
        /// The linter runs on each access, not while loading: an app that loads its spec at
        /// launch and never asks pays nothing for it.
        public var diagnostics: [SpecDiagnostic] { readingDiagnostics + SpecLinter.lint(spec) }

        /// Creates a loaded spec.
        public init(spec: Spec, readingDiagnostics: [SpecDiagnostic]) {
            self.spec = spec
            self.readingDiagnostics = readingDiagnostics
        }
    }

    /// Loads a spec from JSON text (RFC 8259, strict: no comments or trailing commas).
    ///
    /// - Parameters:
    ///   - json: The UTF-8 bytes of the text.
    ///   - file: The file name for messages, if any.
    /// - Throws: ``SpecError`` with every problem found.
    /// - Complexity: O(*n*) in the length of the text, plus the spec's size.
    public static func load(json: some Collection<UInt8>, file: String? = nil) throws(SpecError) -> Loaded {
        let root: DocumentNode
        let source = Array(json)
        do {
            // Actions that share their parameters repeat the whole mapping word for word, and
            // others repeat its definitions under other names: the reader recognises them by
            // their text, so their repeats need not be parsed at all.
            root = try JSONParser.parse(source, repeatKeys: [ActionKey.parameters.name])
        } catch {
            throw SpecError(
                file: file,
                isUnreadable: true,
                diagnostics: [
                    SpecDiagnostic(
                        severity: .error,
                        rule: "syntax",
                        keyPath: "",
                        line: error.position.line,
                        column: error.position.column,
                        message: "not valid JSON: \(error.message)"
                    )
                ]
            )
        }
        return try load(document: root, file: file, source: source)
    }

    /// Loads a spec from JSON text.
    ///
    /// - Parameters:
    ///   - json: The text.
    ///   - file: The file name for messages, if any.
    /// - Throws: ``SpecError`` with every problem found.
    public static func load(json: String, file: String? = nil) throws(SpecError) -> Loaded {
        try load(json: Array(json.utf8), file: file)
    }

    /// Reads a spec from a parsed document (what the JSON and YAML front ends share).
    ///
    /// - Parameter source: The text the document was parsed from, when its nodes record where
    ///   their text ends (JSON).
    package static func load(document root: DocumentNode, file: String?, source: [UInt8]? = nil) throws(SpecError) -> Loaded {
        var reader = SpecReader(source: source)
        let spec = reader.readSpec(root)
        let diagnostics = reader.diagnostics.sorted { ($0.severity, $0.line ?? 0) < ($1.severity, $1.line ?? 0) }
        guard let spec, !diagnostics.contains(where: { $0.severity == .error }) else {
            throw SpecError(file: file, diagnostics: diagnostics)
        }
        return Loaded(spec: spec, readingDiagnostics: diagnostics)
    }

    /// Reads a file's bytes, or throws the `unreadable` diagnostic that names it.
    package static func contents(of path: String) throws(SpecError) -> Data {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SpecError(
                file: path,
                isUnreadable: true,
                diagnostics: [
                    SpecDiagnostic(severity: .error, rule: "unreadable", keyPath: "", message: "the file cannot be read (does it exist?)")
                ]
            )
        }
        return data
    }
}
