import Roundtrip

/// One problem (or piece of advice) about an association file or the way it is served.
///
/// ``rule`` is a stable identifier (`app-id-format`, `shadowed-rule`, …) that scripts can rely
/// on; ``message`` says what is wrong and how to fix it.
public struct LintFinding: Sendable, Hashable, CustomStringConvertible {
    /// How bad a finding is: `error` (iOS will not behave as intended), `warning` (probably a
    /// mistake, or works only on some iOS versions) or `note` (advice). The same scale as spec
    /// linting, so tools treat both alike.
    public typealias Severity = SpecDiagnostic.Severity

    /// How bad it is.
    public var severity: Severity
    /// The stable rule identifier.
    public var rule: String
    /// Where in the JSON, as a key path such as `applinks.details[0].components[2]`; empty for
    /// the whole file or for serving findings.
    public var path: String
    /// The position in the file, when known.
    public var position: SourcePosition?
    /// What is wrong and how to fix it.
    public var message: String

    /// Creates a finding.
    public init(_ severity: Severity, rule: String, path: String = "", position: SourcePosition? = nil, message: String) {
        self.severity = severity
        self.rule = rule
        self.path = path
        self.position = position
        self.message = message
    }

    /// `line:column: severity [rule] path: message`.
    public var description: String {
        var text = ""
        if let position { text += "\(position): " }
        text += "\(severity.rawValue) [\(rule)]"
        if !path.isEmpty { text += " \(path)" }
        return text + ": " + message
    }
}
