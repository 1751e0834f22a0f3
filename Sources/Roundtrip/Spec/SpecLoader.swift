import Foundation
import Yams

/// Loads a spec from YAML or JSON, checking every key and collecting every problem with its place.
///
/// JSON is accepted because it is YAML. Loading does not stop at the first problem: all errors and
/// warnings are gathered, so one run of `roundtrip spec lint` shows everything to fix.
///
/// ```swift
/// let loaded = try SpecLoader.load(contentsOf: "terminal.yaml")
/// let endpoint = try Endpoint(spec: loaded.spec)
/// ```
public enum SpecLoader {
    /// A loaded spec and the warnings and notes found while loading it.
    public struct Loaded: Sendable {
        /// The spec.
        public var spec: Spec
        /// Warnings and notes (errors make loading throw).
        public var diagnostics: [SpecDiagnostic]
    }

    /// Reads and loads a spec file.
    ///
    /// - Parameter path: A file path.
    /// - Throws: ``SpecError`` when the file cannot be read or parsed, or has errors.
    public static func load(contentsOf path: String) throws(SpecError) -> Loaded {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SpecError(file: path, isUnreadable: true, diagnostics: [
                SpecDiagnostic(severity: .error, rule: "unreadable", keyPath: "", message: "the file cannot be read (does it exist?)"),
            ])
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw SpecError(file: path, isUnreadable: true, diagnostics: [
                SpecDiagnostic(severity: .error, rule: "not-utf8", keyPath: "", message: "the file is not UTF-8 text"),
            ])
        }
        return try load(yaml: text, file: path)
    }

    /// The most nodes a spec may expand to through YAML aliases, when that is more than twice
    /// its length in bytes (a text without aliases has fewer nodes than that, so only aliases
    /// can reach the limit).
    static let maximumExpandedNodes = 100_000

    /// Loads a spec from YAML or JSON text.
    ///
    /// YAML anchors and aliases are read, but a text whose aliases expand it past 100,000
    /// nodes or twice its length in bytes, whichever is larger, is refused (rule
    /// `alias-expansion`) before it is composed: nested aliases ("billion laughs") would
    /// otherwise make loading take exponential time.
    ///
    /// - Parameters:
    ///   - yaml: The text.
    ///   - file: The file name for messages, if any.
    /// - Throws: ``SpecError``.
    /// - Complexity: O(*n*) in the length of the text, plus the spec's size.
    public static func load(yaml: String, file: String? = nil) throws(SpecError) -> Loaded {
        let budget = max(maximumExpandedNodes, 2 * yaml.utf8.count)
        if AliasExpansion.exceeds(yaml, limit: budget) {
            throw SpecError(file: file, isUnreadable: true, diagnostics: [
                SpecDiagnostic(severity: .error, rule: "alias-expansion", keyPath: "", message: "its aliases (*name) expand the file to more than \(budget) nodes; write the repeated parts out instead of nesting aliases"),
            ])
        }
        let root: Node?
        do {
            root = try Yams.compose(yaml: yaml)
        } catch let error as YamlError {
            throw SpecError(file: file, isUnreadable: true, diagnostics: [syntaxDiagnostic(error)])
        } catch {
            throw SpecError(file: file, isUnreadable: true, diagnostics: [
                SpecDiagnostic(severity: .error, rule: "syntax", keyPath: "", message: "the file is not valid YAML or JSON: \(error)"),
            ])
        }
        guard let root else {
            throw SpecError(file: file, isUnreadable: true, diagnostics: [
                SpecDiagnostic(severity: .error, rule: "empty", keyPath: "", message: "the file is empty"),
            ])
        }
        var reader = SpecReader()
        let spec = reader.readSpec(root)
        let diagnostics = reader.diagnostics.sorted { ($0.severity, $0.line ?? 0) < ($1.severity, $1.line ?? 0) }
        guard let spec, !diagnostics.contains(where: { $0.severity == .error }) else {
            throw SpecError(file: file, diagnostics: diagnostics)
        }
        return Loaded(spec: spec, diagnostics: diagnostics + SpecLinter.lint(spec))
    }

    private static func syntaxDiagnostic(_ error: YamlError) -> SpecDiagnostic {
        switch error {
        case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _), .composer(_, let problem, let mark, _):
            return SpecDiagnostic(severity: .error, rule: "syntax", keyPath: "", line: mark.line, column: mark.column, message: "not valid YAML or JSON: \(problem)")
        case .duplicatedKeysInMapping(let duplicates, _):
            return SpecDiagnostic(severity: .error, rule: "duplicate-key", keyPath: "", message: "a mapping repeats the key(s) \(duplicates.joined(separator: ", "))")
        default:
            return SpecDiagnostic(severity: .error, rule: "syntax", keyPath: "", message: "not valid YAML or JSON: \(error)")
        }
    }
}
