/// Why a pattern cannot be compiled, and where: a mistake (an unclosed group), or a construct
/// outside the subset patterns are matched in (a backreference, a lookahead).
///
/// ``ValuePattern`` turns it into a ``RoundtripError`` whose message names the construct and its
/// offset, so that a spec author sees which part of the pattern to change.
package struct PatternSyntaxError: Error, Sendable, Equatable {
    /// Whether the pattern is malformed, or well-formed but beyond the subset.
    enum Kind: Sendable, Equatable {
        /// Not a regular expression at all (`[a-`, `a{2`, `)`).
        case malformed
        /// A regular expression using what patterns do not support (`\1`, `(?=`, `[[:digit:]]`).
        case unsupported
        /// Within the subset, but its repetitions compile to more instructions than a pattern
        /// may have (``PatternProgram/maximumInstructions``); `construct` says how many.
        case tooLarge
    }

    let kind: Kind
    /// The construct, as a phrase: "a backreference '\1'".
    let construct: String
    /// Where the construct starts, in Unicode scalars from the pattern's start (0).
    let offset: Int
    /// What to write instead, when there is something to say.
    let hint: String?

    init(_ kind: Kind, _ construct: String, at offset: Int, hint: String? = nil) {
        self.kind = kind
        self.construct = construct
        self.offset = offset
        self.hint = hint
    }

    /// The sentence for `source`'s error.
    func message(for source: String) -> String {
        let tail = hint.map { "; \($0)" } ?? ""
        switch kind {
        case .malformed:
            return "the pattern '\(source)' is not a valid regular expression: \(construct) at offset \(offset)\(tail)"
        case .unsupported:
            return "the pattern '\(source)' uses \(construct) at offset \(offset), which patterns do not support\(tail)"
        case .tooLarge:
            return "the pattern '\(source)' compiles to \(construct)\(tail)"
        }
    }
}
