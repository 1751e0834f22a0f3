/// The characters a name written in a spec may hold.
extension SpecReader {
    /// Refuses a name that holds a control character (C0, DEL, C1) or a bidi override, naming
    /// its code point: such a name displays as something else, or breaks the line it is on.
    mutating func checkNameCharacters(_ name: String, _ path: @autoclosure () -> String, _ node: @autoclosure () -> DocumentNode?, what: String) {
        guard let failure = PercentDecoding.forbiddenCharacter(in: name) else { return }
        error("invalid-name", path(), node(), failure.message(for: what) + "; names may not hold control characters or bidi overrides")
    }

    /// Refuses a `secret-env` that is not an environment variable name (POSIX's portable
    /// form, `[A-Za-z_][A-Za-z0-9_]*`): no environment could hold it.
    mutating func checkEnvironmentName(_ variable: String, _ path: @autoclosure () -> String, _ node: DocumentNode?) {
        let bytes = variable.utf8
        let isName =
            bytes.first.map { URLSplit.isAlpha($0) || $0 == 0x5F } == true
            && bytes.allSatisfy { URLSplit.isAlpha($0) || URLSplit.isDigit($0) || $0 == 0x5F }
        guard !isName else { return }
        let shown = PercentDecoding.containsForbiddenCharacter(variable) ? "the value" : "'\(ParameterParsing.abbreviated(variable))'"
        error(
            "invalid-value",
            path(),
            node,
            "\(shown) is not an environment variable name: a letter or '_', then letters, digits or '_' (such as NOTES_TOKEN)"
        )
    }
}
