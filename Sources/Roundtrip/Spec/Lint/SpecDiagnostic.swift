/// One problem found in a spec file, with where it is.
public struct SpecDiagnostic: Sendable, Hashable, CustomStringConvertible {
    /// How serious a problem is.
    public enum Severity: String, Sendable, Hashable, Comparable, CaseIterable {
        /// The spec cannot be used as written.
        case error
        /// The spec works but probably not as intended.
        case warning
        /// Advice.
        case note

        private var rank: Int {
            switch self {
            case .error: 0
            case .warning: 1
            case .note: 2
            }
        }

        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
    }

    /// How serious it is.
    public var severity: Severity
    /// A stable identifier of the rule, such as `unknown-key` or `route-scheme-not-registered`.
    public var rule: String
    /// The key path, such as `actions.charge.parameters.amount.type`; empty for the whole file.
    public var keyPath: String
    /// 1-based line in the file, when known.
    public var line: Int?
    /// 1-based column in the file, when known.
    public var column: Int?
    /// What is wrong and how to fix it.
    public var message: String

    /// Creates a diagnostic.
    public init(severity: Severity, rule: String, keyPath: String, line: Int? = nil, column: Int? = nil, message: String) {
        self.severity = severity
        self.rule = rule
        self.keyPath = keyPath
        self.line = line
        self.column = column
        self.message = message
    }

    /// `line:column: severity: key.path: message`.
    public var description: String {
        var text = ""
        if let line { text += "\(line):\(column ?? 1): " }
        text += "\(severity.rawValue): "
        if !keyPath.isEmpty { text += "\(keyPath): " }
        return text + message + " [\(rule)]"
    }
}

/// A spec that could not be loaded: unreadable, not YAML, or with errors.
public struct SpecError: Error, Sendable, CustomStringConvertible {
    /// The file, when loaded from one.
    public var file: String?
    /// Whether the file could not be read or parsed at all (as opposed to having invalid content).
    public var isUnreadable: Bool
    /// Everything found, errors first.
    public var diagnostics: [SpecDiagnostic]

    /// Creates an error.
    public init(file: String?, isUnreadable: Bool = false, diagnostics: [SpecDiagnostic]) {
        self.file = file
        self.isUnreadable = isUnreadable
        self.diagnostics = diagnostics
    }

    /// One line per diagnostic, prefixed with the file.
    public var description: String {
        diagnostics.filter { $0.severity == .error }.map { diagnostic in
            (file.map { "\($0):" } ?? "") + diagnostic.description
        }.joined(separator: "\n")
    }
}
