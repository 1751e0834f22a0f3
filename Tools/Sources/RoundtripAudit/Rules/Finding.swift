/// One problem the audit found: which rule, how serious, what and where, and how to fix it.
package struct Finding: Sendable, Hashable, Encodable {
    /// The stable rule id, such as `reserved-scheme` (see ``AuditRule``).
    package var rule: String
    /// How serious it is.
    package var severity: Severity
    /// What is wrong, naming the offending value.
    package var message: String
    /// Where: `file:key.path` (for example `Payload/Foo.app/Info.plist:CFBundleURLTypes[0].CFBundleURLSchemes[0]`).
    package var location: String
    /// What to do about it.
    package var fix: String

    /// Creates a finding.
    package init(rule: String, severity: Severity, message: String, location: String, fix: String) {
        self.rule = rule
        self.severity = severity
        self.message = message
        self.location = location
        self.fix = fix
    }

    /// A finding of a catalogued rule, with the rule's severity and fix unless overridden.
    init(_ rule: AuditRule, _ message: String, at location: String, severity: Severity? = nil, fix: String? = nil) {
        self.init(rule: rule.id, severity: severity ?? rule.severity, message: message, location: location, fix: fix ?? rule.fix)
    }

    private enum CodingKeys: String, CodingKey { case rule, severity, message, location, fix }

    /// Encodes `rule`, `severity` (its kebab-case name), `message`, `location` and `fix`.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(rule, forKey: .rule)
        try container.encode(severity.rawValue, forKey: .severity)
        try container.encode(message, forKey: .message)
        try container.encode(location, forKey: .location)
        try container.encode(fix, forKey: .fix)
    }

    /// The file part of ``location`` (before `:key.path`).
    package var file: String {
        guard let colon = location.lastIndex(of: ":"), !location[location.index(after: colon)...].contains("/") else {
            return location
        }
        return String(location[..<colon])
    }
}
